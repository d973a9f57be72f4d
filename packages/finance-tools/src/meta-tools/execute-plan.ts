/**
 * Runs a route plan: sub-calls in parallel (at most `maxConcurrency` at once), each
 * provider request under a timeout and the tool's signal, progress as each call starts and
 * ends. Results merge by key (`AAPL.income_statements.annual`), so annual and quarterly rows
 * of one ticker both survive and a repeated key adds rows instead of replacing them. A
 * failed call becomes a warning; the ones that worked are still returned.
 */
import { setMaxListeners } from 'node:events';
import type { ProgressUpdate } from '@dexter/registry';
import { FinanceError, isFinanceError } from '../errors';
import type { FinancialDataProvider } from '../provider';
import { parseIsoDate } from '../router/clock';
import type { RoutePlan, SubCall } from '../router/types';
import type { ComputedMetrics } from './computed-metrics';
import { type FormattedSection, renderAnswer } from './format-answer';
import { mapLimited } from './map-limited';
import type { ResultCache } from './result-cache';
import {
  runSubCall,
  type SubCallOutcome,
  type SubCallRow,
  subCallKey,
  subToolLabel,
} from './sub-call-runner';

/** One sub-call that produced nothing, and why. */
export interface SubCallFailure {
  key: string;
  tool: SubCall['tool'];
  ticker: string;
  /** The `FinanceError` code (`unknown_ticker`, `unsupported`, `timeout`, ...) or `error`. */
  code: string;
  message: string;
}

/**
 * What a meta-tool returns. `answer` is what the model reads (markdown with the figures
 * printed exactly, notes and sources); `data` holds the same rows as numbers.
 */
export interface MetaToolResult {
  /** Markdown for the model: tables, notes, sources. */
  answer: string;
  /** Merged rows by key: `TICKER.sub_tool.period` (e.g. `AAPL.income_statements.annual`), `TICKER.filings`. */
  data: Record<string, SubCallRow[]>;
  /** Every source URL behind the figures, de-duplicated, in first-seen order. */
  sources: string[];
  /** Partial failures, fall-through notes from providers, data staleness. */
  warnings: string[];
  /**
   * Every note the answer shows, in its order: how the query was read, `warnings`, why each
   * `—` is missing and how each `*` was derived, split adjustments.
   */
  notes: string[];
  /** Sub-calls that failed. */
  failures: SubCallFailure[];
  /** The plan that was run. */
  plan: RoutePlan;
  /** Provider requests made and answered from the cache. */
  stats: { calls: number; requests: number; cacheHits: number };
  /** Metrics computed from the rows when the question asked for them (margins, growth, …). */
  computed?: ComputedMetrics;
}

/** Options of `executePlan`. */
export interface ExecutePlanOptions {
  provider: FinancialDataProvider;
  signal?: AbortSignal;
  /** Sub-calls in flight at once. Default 10 (a 3-company × 3-statement query runs in one round). */
  maxConcurrency?: number;
  /** Per provider request. Default 20 s. */
  subCallTimeoutMs?: number;
  cache?: ResultCache;
  progress?: (update: string | ProgressUpdate) => void;
  /** Extra notes computed from the merged data (e.g. "no market prices"). */
  review?: (data: Record<string, SubCallRow[]>) => string[];
  /** Heading of the markdown answer (the query). */
  title?: string;
  /** Computes metrics from the merged data (shown in the answer with their formulas and inputs). */
  compute?: (data: Record<string, SubCallRow[]>) => ComputedMetrics;
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number | undefined {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return a && b ? Math.round((b.getTime() - a.getTime()) / DAY_MS) : undefined;
}

/**
 * Notes for relative requests ("the last two fiscal years") the data could not fully meet:
 * fewer periods than asked, or a newest period so old that a later one has likely been
 * reported since (10-Ks are due within ~60 days of year end, 10-Qs within ~40).
 */
function coverageNotes(outcome: SubCallOutcome): string[] {
  const { call, rows } = outcome;
  if (call.tool === 'filings' || call.fiscalYears || !call.endOnOrBefore) return [];
  const label = `${call.ticker} ${subToolLabel(call.tool)} (${call.period})`;
  const notes: string[] = [];
  if (call.limit !== undefined && rows.length > 0 && rows.length < call.limit) {
    notes.push(`${label}: only ${rows.length} of the ${call.limit} requested periods are available.`);
  }
  const newest = rows[0] as { periodEnd?: string; fiscalYear?: number } | undefined;
  if (newest?.periodEnd) {
    const age = daysBetween(newest.periodEnd, call.endOnOrBefore);
    const expected = call.period === 'annual' ? 365 + 60 : 91 + 45;
    if (age !== undefined && age > expected && call.period === 'ttm') {
      // A trailing-twelve-month answer is only as recent as its last quarter.
      notes.push(
        `${label}: the trailing twelve months end ${newest.periodEnd}, ${months(age)} before ${call.endOnOrBefore}; later quarters have probably been reported since, but this data source does not have them yet, so these are not the current trailing twelve months.`,
      );
    } else if (age !== undefined && age > expected) {
      notes.push(
        `${label}: the newest period in the data ends ${newest.periodEnd} (FY${newest.fiscalYear}); a later ${call.period === 'annual' ? 'fiscal year' : 'quarter'} has probably been reported by ${call.endOnOrBefore} but this data source does not have it yet.`,
      );
    }
  }
  return notes;
}

/** "11 months", "40 days": how old a period end is, in words. */
function months(days: number): string {
  const count = Math.floor(days / 30.44);
  return count >= 2 ? `about ${count} months` : `${days} days`;
}

function rowIdentity(row: SubCallRow): string {
  const record = row as Record<string, unknown>;
  return JSON.stringify([record.periodEnd, record.fiscalPeriod, record.accession]);
}

function failureOf(call: SubCall, error: unknown): SubCallFailure {
  const code = FinanceError.isInstance(error) ? error.code : 'error';
  const message = error instanceof Error ? error.message : String(error);
  return { key: subCallKey(call), tool: call.tool, ticker: call.ticker, code, message };
}

function addSources(target: string[], seen: Set<string>, rows: readonly SubCallRow[]): void {
  for (const row of rows as Array<Record<string, unknown>>) {
    const sources = Array.isArray(row.sources) ? (row.sources as Array<{ url?: unknown }>) : [];
    for (const source of sources) {
      if (typeof source.url === 'string' && source.url && !seen.has(source.url)) {
        seen.add(source.url);
        target.push(source.url);
      }
    }
    // Filings cite themselves.
    if (typeof row.accession === 'string' && typeof row.url === 'string' && !seen.has(row.url)) {
      seen.add(row.url);
      target.push(row.url);
    }
  }
}

/**
 * Runs `plan` against `provider`. Throws only when the signal aborts; failed sub-calls are
 * reported in `failures` and `warnings`.
 */
export async function executePlan(plan: RoutePlan, options: ExecutePlanOptions): Promise<MetaToolResult> {
  const link = linkSignal(options.signal);
  try {
    return await runPlan(plan, options, link.signal);
  } finally {
    link.release();
  }
}

/**
 * One listener on the caller's signal for the whole plan, removed when the plan ends; the
 * requests listen on a signal of our own (which may have any number of listeners), so a
 * query with more than ten requests on one long-lived signal adds no leak warning.
 */
function linkSignal(parent: AbortSignal | undefined): {
  signal: AbortSignal | undefined;
  release: () => void;
} {
  if (!parent) return { signal: undefined, release: () => undefined };
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener('abort', onAbort) };
}

async function runPlan(
  plan: RoutePlan,
  options: ExecutePlanOptions,
  signal: AbortSignal | undefined,
): Promise<MetaToolResult> {
  const { provider, progress } = options;
  const total = plan.calls.length;
  let done = 0;
  const outcomes = await mapLimited(plan.calls, options.maxConcurrency ?? 10, async (call) => {
    signal?.throwIfAborted();
    progress?.({
      message: `Fetching ${call.ticker} ${subToolLabel(call.tool)}…`,
      percent: Math.round((done / Math.max(total, 1)) * 100),
    });
    try {
      return await runSubCall(provider, call, {
        ...(signal ? { signal } : {}),
        ...(options.subCallTimeoutMs !== undefined ? { timeoutMs: options.subCallTimeoutMs } : {}),
        ...(options.cache ? { cache: options.cache } : {}),
      });
    } finally {
      done += 1;
      progress?.({
        message: `Fetched ${done}/${total}`,
        percent: Math.round((done / Math.max(total, 1)) * 100),
      });
    }
  });
  if (signal?.aborted) throw signal.reason ?? new FinanceError('aborted', 'cancelled');

  const data: Record<string, SubCallRow[]> = {};
  const sectionByKey = new Map<string, FormattedSection>();
  const warnings: string[] = [];
  const failures: SubCallFailure[] = [];
  const sources: string[] = [];
  const seenSources = new Set<string>();
  const stats = { calls: total, requests: 0, cacheHits: 0 };

  outcomes.forEach((outcome, index) => {
    const call = plan.calls[index]!;
    if (!outcome.ok) {
      const failure = failureOf(call, outcome.error);
      failures.push(failure);
      const code = isFinanceError(outcome.error) ? ` [${failure.code}]` : '';
      warnings.push(`${call.ticker} ${subToolLabel(call.tool)}: ${failure.message}${code}`);
      return;
    }
    const result = outcome.value;
    stats.requests += result.requests;
    stats.cacheHits += result.cacheHits;
    for (const warning of result.warnings) if (!warnings.includes(warning)) warnings.push(warning);
    warnings.push(...coverageNotes(result));
    if (result.rows.length === 0) {
      warnings.push(
        `${call.ticker} ${subToolLabel(call.tool)} (${call.period}): no rows match the requested period.`,
      );
      return;
    }
    const existing = data[result.key] ?? [];
    const identities = new Set(existing.map(rowIdentity));
    const merged = [...existing];
    for (const row of result.rows) {
      const identity = rowIdentity(row);
      if (!identities.has(identity)) {
        identities.add(identity);
        merged.push(row);
      }
    }
    data[result.key] = merged;
    const section = sectionByKey.get(result.key) ?? {
      key: result.key,
      tool: call.tool,
      ticker: call.ticker,
      rows: [],
      fields: [],
    };
    section.rows = merged;
    for (const field of call.fields ?? []) if (!section.fields.includes(field)) section.fields.push(field);
    sectionByKey.set(result.key, section);
    addSources(sources, seenSources, result.rows);
  });

  if (options.review) warnings.push(...options.review(data));
  const computed = options.compute?.(data);
  const { answer, notes } = renderAnswer({
    title: options.title ?? 'Financial data',
    plan,
    sections: [...sectionByKey.values()],
    warnings,
    sources,
    ...(computed ? { computed } : {}),
  });
  return {
    answer,
    data,
    sources,
    warnings,
    notes,
    failures,
    plan,
    stats,
    ...(computed ? { computed } : {}),
  };
}
