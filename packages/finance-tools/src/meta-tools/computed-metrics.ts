/**
 * Computed metrics for `get_financials`: when the question asks for margins, growth, CAGR,
 * free cash flow, items as a share of revenue, total debt or debt-to-equity, or a ranking
 * across companies, they are computed from the filed rows the answer returns. Each figure
 * names its formula and the filed inputs it used (value, period and source filings), so it
 * can be recomputed by hand.
 */
import type { RoutePlan, SubCall, SubToolName } from '../router/types';
import { fieldLabel, periodLabel } from './format-values';
import type { SubCallRow } from './sub-call-runner';

/** The metrics this module computes. */
export type MetricId =
  | 'grossMargin'
  | 'operatingMargin'
  | 'netMargin'
  | 'researchAndDevelopmentToRevenue'
  | 'sellingGeneralAndAdministrativeToRevenue'
  | 'freeCashFlow'
  | 'freeCashFlowMargin'
  | 'totalDebt'
  | 'debtToEquity';

/** What the question asks to compute. */
export interface MetricRequest {
  metrics: MetricId[];
  /** Fields whose year-over-year growth is asked for. */
  growth: string[];
  /** Fields whose compound annual growth rate over the years returned is asked for. */
  cagr: string[];
  /** Rank the companies on the first metric (or growth, or field). */
  rank?: 'highest' | 'lowest';
}

/** One filed input of a computed figure. */
export interface ComputedInput {
  ticker: string;
  period: string;
  field: string;
  value: number;
  /** Source filing URLs of that value. */
  sources: string[];
}

/** One computed figure. */
export interface ComputedFigure {
  ticker: string;
  /** `FY2025 (ended 2025-09-27)`, `FY2022 → FY2026`, … */
  period: string;
  periodEnd: string;
  /** `annual`, `quarterly`, `ttm`. */
  periodKind: string;
  metric: string;
  label: string;
  /** Ratios as fractions (0.4691 for 46.91 %), amounts in currency units; `null` with `note` when not computable. */
  value: number | null;
  kind: 'ratio' | 'amount' | 'multiple';
  /** The formula in words: `gross profit ÷ revenue`. */
  formula: string;
  inputs: ComputedInput[];
  note?: string;
}

/** Companies ordered by one computed figure. */
export interface Ranking {
  metric: string;
  label: string;
  order: 'highest' | 'lowest';
  entries: ComputedFigure[];
}

/** All computed output of one answer. */
export interface ComputedMetrics {
  figures: ComputedFigure[];
  ranking?: Ranking;
}

type Statement = 'income_statements' | 'balance_sheets' | 'cash_flow_statements';

interface MetricDefinition {
  label: string;
  kind: ComputedFigure['kind'];
  statements: Statement[];
  formula: string;
  fields: string[];
  compute: (values: Record<string, number | null>) => number | null;
  note?: string;
}

const divide = (numerator: number | null | undefined, denominator: number | null | undefined) =>
  numerator === null || numerator === undefined || !denominator ? null : numerator / denominator;

/** Debt components: any filed one counts; unfiled ones are named in the note. */
const DEBT_FIELDS = ['shortTermDebt', 'commercialPaper', 'longTermDebt'];
function totalDebt(values: Record<string, number | null>): number | null {
  const filed = DEBT_FIELDS.map((field) => values[field]).filter(
    (value): value is number => typeof value === 'number',
  );
  return filed.length === 0 ? null : filed.reduce((total, value) => total + value, 0);
}

const EQUITY_NOTE =
  "equity is shareholders' equity as filed (us-gaap:StockholdersEquity, the parent's shareholders, excluding noncontrolling interests; where a company files only the total including noncontrolling interests, that total)";

const METRICS: Readonly<Record<MetricId, MetricDefinition>> = {
  grossMargin: {
    label: 'Gross margin',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'gross profit ÷ revenue',
    fields: ['grossProfit', 'revenue'],
    compute: (v) => divide(v.grossProfit, v.revenue),
  },
  operatingMargin: {
    label: 'Operating margin',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'operating income ÷ revenue',
    fields: ['operatingIncome', 'revenue'],
    compute: (v) => divide(v.operatingIncome, v.revenue),
  },
  netMargin: {
    label: 'Net margin',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'net income ÷ revenue',
    fields: ['netIncome', 'revenue'],
    compute: (v) => divide(v.netIncome, v.revenue),
  },
  researchAndDevelopmentToRevenue: {
    label: 'R&D as % of revenue',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'R&D ÷ revenue',
    fields: ['researchAndDevelopment', 'revenue'],
    compute: (v) => divide(v.researchAndDevelopment, v.revenue),
  },
  sellingGeneralAndAdministrativeToRevenue: {
    label: 'SG&A as % of revenue',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'SG&A ÷ revenue',
    fields: ['sellingGeneralAndAdministrative', 'revenue'],
    compute: (v) => divide(v.sellingGeneralAndAdministrative, v.revenue),
  },
  freeCashFlow: {
    label: 'Free cash flow',
    kind: 'amount',
    statements: ['cash_flow_statements'],
    formula: 'operating cash flow + capital expenditure (capex is negative)',
    fields: ['operatingCashFlow', 'capitalExpenditure'],
    compute: (v) =>
      v.operatingCashFlow === null || v.operatingCashFlow === undefined || v.capitalExpenditure == null
        ? null
        : v.operatingCashFlow + v.capitalExpenditure,
  },
  freeCashFlowMargin: {
    label: 'FCF margin',
    kind: 'ratio',
    statements: ['cash_flow_statements', 'income_statements'],
    formula: '(operating cash flow + capital expenditure) ÷ revenue',
    fields: ['operatingCashFlow', 'capitalExpenditure', 'revenue'],
    compute: (v) =>
      v.operatingCashFlow == null || v.capitalExpenditure == null
        ? null
        : divide(v.operatingCashFlow + v.capitalExpenditure, v.revenue),
  },
  totalDebt: {
    label: 'Total debt',
    kind: 'amount',
    statements: ['balance_sheets'],
    formula: 'current portion of long-term debt + commercial paper + long-term debt (the components filed)',
    fields: DEBT_FIELDS,
    compute: totalDebt,
  },
  debtToEquity: {
    label: 'Debt to equity',
    kind: 'multiple',
    statements: ['balance_sheets'],
    formula: "(current portion of long-term debt + commercial paper + long-term debt) ÷ shareholders' equity",
    fields: [...DEBT_FIELDS, 'shareholdersEquity'],
    compute: (v) => divide(totalDebt(v), v.shareholdersEquity),
    note: EQUITY_NOTE,
  },
};

const GROWABLE = [
  'revenue',
  'grossProfit',
  'operatingIncome',
  'netIncome',
  'epsDiluted',
  'epsBasic',
  'researchAndDevelopment',
  'operatingCashFlow',
  'freeCashFlow',
  'capitalExpenditure',
  'dividendsPerShare',
  'totalAssets',
  'shareholdersEquity',
];

/**
 * Reads which computed metrics a question asks for.
 *
 * @example
 * ```ts
 * metricRequest('which had the highest net margin in FY2025, AAPL or NVDA?', plan);
 * // { metrics: ['netMargin'], growth: [], cagr: [], rank: 'highest' }
 * ```
 */
export function metricRequest(query: string, plan: RoutePlan): MetricRequest {
  const text = query.toLowerCase();
  const metrics: MetricId[] = [];
  const add = (id: MetricId) => {
    if (!metrics.includes(id)) metrics.push(id);
  };
  if (/gross (profit )?margin/.test(text)) add('grossMargin');
  if (/operating (profit )?margin|ebit margin/.test(text)) add('operatingMargin');
  if (/net (profit |income )?margin|profit margin/.test(text)) add('netMargin');
  if (/\bmargins?\b/.test(text) && metrics.length === 0 && !/(free cash flow|fcf) margin/.test(text)) {
    add('grossMargin');
    add('operatingMargin');
    add('netMargin');
  }
  const share = /%|percent|share of|ratio|intensity|of (revenue|sales)/;
  if (/r&d|r & d|research/.test(text) && share.test(text)) add('researchAndDevelopmentToRevenue');
  if (/sg&a|sga\b|selling, general|selling general/.test(text) && share.test(text))
    add('sellingGeneralAndAdministrativeToRevenue');
  if (/free cash flow|\bfcf\b/.test(text)) {
    add('freeCashFlow');
    if (/(free cash flow|fcf) (margin|as a? ?(%|percent))/.test(text)) add('freeCashFlowMargin');
  }
  if (/debt[- ]to[- ]equity|\bd\/e\b|leverage|gearing/.test(text)) {
    add('totalDebt');
    add('debtToEquity');
  } else if (/\bdebt\b|borrowings|commercial paper/.test(text)) add('totalDebt');

  const planFields = [
    ...new Set([...plan.interpretation.fields, ...plan.calls.flatMap((call) => call.fields ?? [])]),
  ];
  const named = GROWABLE.filter((field) => planFields.includes(field));
  const metricFields = new Set(metrics.flatMap((id) => METRICS[id].fields));
  const growthTargets = named.filter((field) => !metricFields.has(field) || metrics.length === 0);
  const targets = growthTargets.length > 0 ? growthTargets : metrics.length > 0 ? [] : ['revenue'];
  const cagr = /\bcagr\b|compound(ed)? annual/.test(text) ? targets : [];
  const growth =
    cagr.length === 0 &&
    /growth|\bgrow|\bgrew\b|\byoy\b|year[- ]over[- ]year|y\/y|\bincrease|\bchange\b/.test(text)
      ? targets
      : [];
  const rank = /\b(highest|largest|biggest|most|best|top|greatest|rank|ranking|higher|larger)\b/.test(text)
    ? 'highest'
    : /\b(lowest|smallest|least|worst|lower|smaller)\b/.test(text)
      ? 'lowest'
      : undefined;
  const tickers = new Set(plan.calls.map((call) => call.ticker));
  return { metrics, growth, cagr, ...(rank && tickers.size > 1 ? { rank } : {}) };
}

/** True when the request asks for anything. */
export function wantsMetrics(request: MetricRequest): boolean {
  return request.metrics.length > 0 || request.growth.length > 0 || request.cagr.length > 0 || !!request.rank;
}

function statementOf(field: string): Statement {
  if (
    [
      'operatingCashFlow',
      'freeCashFlow',
      'capitalExpenditure',
      'investingCashFlow',
      'financingCashFlow',
    ].includes(field)
  )
    return 'cash_flow_statements';
  if (['totalAssets', 'shareholdersEquity', 'totalLiabilities', ...DEBT_FIELDS].includes(field))
    return 'balance_sheets';
  return 'income_statements';
}

/**
 * Adds the sub-calls the metrics need: the statements their inputs are on (same tickers and
 * period selection as the plan's calls) and, for year-over-year growth, the year before.
 */
export function planForMetrics(plan: RoutePlan, request: MetricRequest): RoutePlan {
  if (!wantsMetrics(request)) return plan;
  const needed = new Set<Statement>();
  for (const id of request.metrics) for (const statement of METRICS[id].statements) needed.add(statement);
  for (const field of [...request.growth, ...request.cagr]) needed.add(statementOf(field));
  const calls: SubCall[] = plan.calls.map((call) => ({ ...call }));
  const tickers = [...new Set(plan.calls.map((call) => call.ticker))];
  for (const ticker of tickers) {
    const template = plan.calls.find(
      (call) => call.ticker === ticker && call.tool !== 'filings' && call.tool !== 'key_metrics',
    );
    if (!template) continue;
    for (const statement of needed) {
      if (calls.some((call) => call.ticker === ticker && call.tool === statement)) continue;
      const { fields: _fields, forms: _forms, ...period } = template;
      calls.push({ ...period, tool: statement, ticker });
    }
  }
  if (request.growth.length > 0) {
    for (const call of calls) {
      if (
        !(['income_statements', 'cash_flow_statements', 'balance_sheets'] as SubToolName[]).includes(
          call.tool,
        )
      )
        continue;
      if (call.fiscalYears?.length) {
        const first = Math.min(...call.fiscalYears);
        if (!call.fiscalYears.includes(first - 1)) call.fiscalYears = [first - 1, ...call.fiscalYears];
      } else if (call.limit !== undefined) {
        call.limit += call.period === 'annual' ? 1 : 4;
      } else if (!call.endOnOrAfter) {
        call.limit = call.period === 'annual' ? 2 : 5;
      }
    }
  }
  const notes =
    request.growth.length > 0
      ? [
          ...plan.notes,
          'Year-over-year growth needs the year before each period: it is fetched and shown too.',
        ]
      : plan.notes;
  return { ...plan, calls, notes };
}

type Row = Record<string, unknown> & {
  periodEnd: string;
  period: string;
  fiscalYear: number;
  fiscalPeriod: string;
};

function sourcesOf(row: Row, field: string): string[] {
  const sources = Array.isArray(row.sources) ? (row.sources as Array<{ field?: string; url?: string }>) : [];
  const own = sources.filter((source) => source.field === field && typeof source.url === 'string');
  return [...new Set((own.length > 0 ? own : []).map((source) => source.url as string))];
}

function input(ticker: string, row: Row, field: string): ComputedInput | undefined {
  const value = row[field];
  if (typeof value !== 'number') return undefined;
  return { ticker, period: periodLabel(row), field, value, sources: sourcesOf(row, field) };
}

/** Rows of one ticker, by period kind and end date, merged across statements. */
function mergedRows(data: Record<string, SubCallRow[]>): Map<string, Map<string, Row[]>> {
  const byTicker = new Map<string, Map<string, Row[]>>();
  for (const [key, rows] of Object.entries(data)) {
    const [ticker, tool, period] = key.split('.');
    if (
      !ticker ||
      !tool ||
      !period ||
      !['income_statements', 'balance_sheets', 'cash_flow_statements'].includes(tool)
    )
      continue;
    const periods = byTicker.get(ticker) ?? new Map<string, Row[]>();
    for (const row of rows as Row[]) {
      // Balance sheets for TTM are the quarter-end ones.
      const kind = tool === 'balance_sheets' && period === 'ttm' ? 'ttm' : String(row.period ?? period);
      const id = `${kind}|${row.periodEnd}`;
      periods.set(id, [...(periods.get(id) ?? []), row]);
    }
    byTicker.set(ticker, periods);
  }
  return byTicker;
}

function valueIn(rows: readonly Row[], field: string): { row: Row; value: number } | undefined {
  for (const row of rows) if (typeof row[field] === 'number') return { row, value: row[field] as number };
  return undefined;
}

/**
 * Computes the requested metrics from the answer's rows.
 *
 * @example
 * ```ts
 * const { figures } = computeMetrics(metricRequest(query, plan), result.data);
 * figures[0]; // { metric: 'grossMargin', value: 0.4691…, formula: 'gross profit ÷ revenue', inputs: [...] }
 * ```
 */
export function computeMetrics(request: MetricRequest, data: Record<string, SubCallRow[]>): ComputedMetrics {
  const figures: ComputedFigure[] = [];
  for (const [ticker, periods] of mergedRows(data)) {
    const entries = [...periods.entries()].sort((left, right) => (left[0] < right[0] ? 1 : -1));
    for (const [id, rows] of entries) {
      const [kind = '', periodEnd = ''] = id.split('|');
      const base = rows.find((row) => row.period !== 'quarterly' || kind === 'quarterly') ?? (rows[0] as Row);
      for (const metric of request.metrics) {
        const definition = METRICS[metric];
        const values: Record<string, number | null> = {};
        const inputs: ComputedInput[] = [];
        for (const field of definition.fields) {
          const found = valueIn(rows, field);
          values[field] = found?.value ?? null;
          const filed = found && input(ticker, found.row, field);
          if (filed) inputs.push(filed);
        }
        if (definition.fields.every((field) => values[field] === null)) continue;
        const value = definition.compute(values);
        const missing = definition.fields.filter((field) => values[field] === null).map(fieldLabel);
        const notes: string[] = [];
        if (definition.note) notes.push(definition.note);
        if (missing.length > 0)
          notes.push(
            value === null
              ? `not computable: ${missing.join(', ')} not available for this period`
              : `not filed for this date, so not included: ${missing.join(', ')}`,
          );
        figures.push({
          ticker,
          period: periodLabel(base),
          periodEnd,
          periodKind: kind,
          metric,
          label: definition.label,
          value,
          kind: definition.kind,
          formula: definition.formula,
          inputs,
          ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
        });
      }
      for (const field of request.growth) {
        const current = valueIn(rows, field);
        if (!current) continue;
        const previousEnd = entries.find(([otherId]) => {
          const [otherKind = '', otherEnd = ''] = otherId.split('|');
          const days = (Date.parse(periodEnd) - Date.parse(otherEnd)) / 86_400_000;
          return otherKind === kind && days >= 355 && days <= 375;
        });
        const previous = previousEnd && valueIn(previousEnd[1], field);
        if (!previous) continue;
        const value = previous.value > 0 ? current.value / previous.value - 1 : null;
        figures.push({
          ticker,
          period: `${periodLabel(current.row)} vs ${periodLabel(previous.row)}`,
          periodEnd,
          periodKind: kind,
          metric: `${field}Growth`,
          label: `${fieldLabel(field)} growth (YoY)`,
          value,
          kind: 'ratio',
          formula: `${fieldLabel(field)} ÷ ${fieldLabel(field)} one year earlier − 1`,
          inputs: [input(ticker, current.row, field), input(ticker, previous.row, field)].filter(
            (entry): entry is ComputedInput => entry !== undefined,
          ),
          ...(value === null ? { note: 'not meaningful: the earlier value is zero or negative' } : {}),
        });
      }
    }
    for (const field of request.cagr) {
      const annual = entries
        .filter(([id]) => id.startsWith('annual|'))
        .map(([, rows]) => valueIn(rows, field))
        .filter((entry): entry is { row: Row; value: number } => entry !== undefined);
      if (annual.length < 2) continue;
      const last = annual[0] as { row: Row; value: number };
      const first = annual[annual.length - 1] as { row: Row; value: number };
      const years = last.row.fiscalYear - first.row.fiscalYear;
      const value =
        first.value > 0 && last.value > 0 && years > 0 ? (last.value / first.value) ** (1 / years) - 1 : null;
      figures.push({
        ticker,
        period: `FY${first.row.fiscalYear} → FY${last.row.fiscalYear}`,
        periodEnd: last.row.periodEnd,
        periodKind: 'annual',
        metric: `${field}Cagr`,
        label: `${fieldLabel(field)} CAGR`,
        value,
        kind: 'ratio',
        formula: `(${fieldLabel(field)} FY${last.row.fiscalYear} ÷ ${fieldLabel(field)} FY${first.row.fiscalYear})^(1/${years}) − 1`,
        inputs: [input(ticker, last.row, field), input(ticker, first.row, field)].filter(
          (entry): entry is ComputedInput => entry !== undefined,
        ),
        ...(value === null ? { note: 'not meaningful: a value is zero or negative' } : {}),
      });
    }
  }
  const result: ComputedMetrics = { figures };
  if (request.rank) {
    const metric =
      request.metrics.find((id) => METRICS[id].kind !== 'amount') ??
      request.metrics[0] ??
      (request.growth[0]
        ? `${request.growth[0]}Growth`
        : request.cagr[0]
          ? `${request.cagr[0]}Cagr`
          : undefined);
    if (metric) {
      const newest = new Map<string, ComputedFigure>();
      for (const figure of figures) {
        if (figure.metric !== metric || figure.value === null) continue;
        const current = newest.get(figure.ticker);
        if (!current || figure.periodEnd > current.periodEnd) newest.set(figure.ticker, figure);
      }
      const entries = [...newest.values()].sort((left, right) =>
        request.rank === 'highest'
          ? (right.value as number) - (left.value as number)
          : (left.value as number) - (right.value as number),
      );
      if (entries.length > 1)
        result.ranking = {
          metric,
          label: entries[0]?.label ?? metric,
          order: request.rank,
          entries,
        };
    }
  }
  return result;
}
