/**
 * The LLM router: one tool-calling completion over the `LlmClient` port with the sub-tools
 * bound as native tools. Each tool call the model makes becomes a plan entry after zod
 * validation; invalid calls are dropped with a note, never executed.
 */
import type { LlmClient, LlmMessage, ToolCall } from '@dexter/registry';
import { type Clock, systemClock, toIsoDate } from './clock';
import { LINE_ITEM_ABBREVIATIONS } from './line-items';
import { createRoutingTools } from './routing-tools';
import { validateSubCall } from './sub-call-schema';
import {
  type FinancialQueryRouter,
  type ResolvedTicker,
  type RouteOptions,
  type RoutePlan,
  SUB_TOOL_NAMES,
  type SubCall,
  type SubToolName,
} from './types';

/** Options of `createLlmRouter`. */
export interface LlmRouterOptions {
  llm: LlmClient;
  /** Where "today" comes from; its date goes into the prompt. Default: the system clock. */
  clock?: Clock;
  /** Sub-tools offered to the model (default: all). */
  tools?: readonly SubToolName[];
  /** Extra instructions appended to the system prompt. */
  instructions?: string;
  /** At most this many calls are kept (default 30); extra ones are dropped with a note. */
  maxCalls?: number;
}

/** "SG&A → income_statements.sellingGeneralAndAdministrative; …", from the one vocabulary table. */
function lineItemGuide(): string {
  return LINE_ITEM_ABBREVIATIONS.filter((entry) => entry.fields.length > 0)
    .map((entry) => `${entry.text} → ${entry.tool}: ${entry.fields.join(', ')}`)
    .join('; ');
}

/** The system prompt of the routing completion. */
export function routingPrompt(asOf: string, instructions?: string): string {
  return [
    'You route financial-data questions to data tools. Do not answer the question yourself:',
    'call the tools needed to fetch the data, one call per company and statement.',
    `Today is ${asOf}.`,
    'Resolve company names to ticker symbols (Apple → AAPL, Google or Alphabet → GOOGL, Nvidia → NVDA, Procter & Gamble → PG).',
    "Fiscal years follow each company's own calendar: Apple's ends in late September, NVIDIA's in late January, P&G's in June.",
    `For relative periods ("last two fiscal years", "last quarter") do not guess fiscal-year numbers: set limit and endOnOrBefore=${asOf}.`,
    'For named years ("FY2024", "fiscal 2025", "2023 vs 2024") use fiscalYears; a range ("fiscal 2022 through fiscal 2026", "FY22–FY26", "from 2022 until 2025") lists every year in it.',
    `A quarter named by its month ("the December 2024 quarter", "quarter ended March 31, 2025") is each company's quarter ending in that month, whatever its fiscal number: period quarterly, limit 1, endOnOrAfter the month's first day, endOnOrBefore 7 days after the month's last day (or 7 days either side of a date given).`,
    'Growth over "the last N years" is annual: limit N (the year before is fetched for you). Quarter-over-quarter or year-over-year growth of quarters: quarterly periods.',
    'Call every statement the question needs, one call per company and statement, and list the asked line items in fields:',
    `  ${lineItemGuide()}.`,
    'These abbreviations are line items, never tickers. "Weighted average shares" (basic or diluted) are per-period counts on the income statement; "shares outstanding" is the period-end count on the balance sheet. "Income before tax" is incomeBeforeTax, not incomeTaxExpense.',
    'Ratios computed from statements (margins, effective tax rate, payout ratio, interest coverage, current and quick ratio, debt to equity, EBITDA) need their statements, not key_metrics; key_metrics is for market multiples (P/E, market cap).',
    ...(instructions ? [instructions] : []),
  ].join('\n');
}

/**
 * Creates the LLM router.
 *
 * @example
 * ```ts
 * const router = createLlmRouter({ llm: openAiClient, clock: fixedClock('2026-11-30') });
 * const plan = await router.route('compare NVDA and AAPL net income for the last two fiscal years');
 * ```
 */
export function createLlmRouter(options: LlmRouterOptions): FinancialQueryRouter {
  if (!options || typeof options.llm?.complete !== 'function') {
    throw new TypeError('createLlmRouter needs { llm }: an LlmClient (see @dexter/registry)');
  }
  const clock = options.clock ?? systemClock;
  const names = options.tools ?? SUB_TOOL_NAMES;
  const tools = createRoutingTools(names);
  const allowed = new Set<string>(names);
  const maxCalls = options.maxCalls ?? 30;

  async function route(query: string, routeOptions: RouteOptions = {}): Promise<RoutePlan> {
    if (typeof query !== 'string') throw new TypeError('route expects the query as a string');
    const asOf = toIsoDate(clock.now());
    const messages: LlmMessage[] = [
      { role: 'system', content: routingPrompt(asOf, options.instructions) },
      { role: 'user', content: query },
    ];
    const completion = await options.llm.complete({
      messages,
      tools,
      toolChoice: 'auto',
      temperature: 0,
      ...(routeOptions.signal ? { signal: routeOptions.signal } : {}),
    });
    const notes: string[] = [];
    const calls: SubCall[] = [];
    const seen = new Set<string>();
    for (const toolCall of completion.toolCalls) {
      const accepted = acceptCall(toolCall, allowed, notes);
      if (!accepted) continue;
      const key = JSON.stringify(accepted);
      if (seen.has(key)) continue;
      seen.add(key);
      if (calls.length >= maxCalls) {
        notes.push(`Dropped call ${toolCall.name} (${accepted.ticker}): more than ${maxCalls} calls.`);
        continue;
      }
      calls.push(accepted);
    }
    const tickers: ResolvedTicker[] = [];
    for (const call of calls) {
      if (!tickers.some((known) => known.ticker === call.ticker)) {
        tickers.push({ ticker: call.ticker, matched: call.ticker, via: 'llm' });
      }
    }
    return {
      calls,
      interpretation: {
        tickers,
        period: describeCalls(calls),
        tools: SUB_TOOL_NAMES.filter((name) => calls.some((call) => call.tool === name)),
        fields: [...new Set(calls.flatMap((call) => call.fields ?? []))],
        asOf,
      },
      router: 'llm',
      notes,
    };
  }

  return Object.freeze({ kind: 'llm' as const, route });
}

function acceptCall(toolCall: ToolCall, allowed: ReadonlySet<string>, notes: string[]): SubCall | undefined {
  if (!allowed.has(toolCall.name)) {
    notes.push(`Dropped call to unknown sub-tool "${toolCall.name}".`);
    return undefined;
  }
  if (toolCall.inputError) {
    notes.push(`Dropped ${toolCall.name} call: its arguments were not valid JSON (${toolCall.inputError}).`);
    return undefined;
  }
  const input = typeof toolCall.input === 'object' && toolCall.input !== null ? toolCall.input : {};
  const checked = validateSubCall({ ...input, tool: toolCall.name });
  if (!checked.ok) {
    notes.push(`Dropped invalid ${toolCall.name} call: ${checked.problem}.`);
    return undefined;
  }
  return checked.call;
}

function describeCalls(calls: readonly SubCall[]): string {
  const parts = new Set<string>();
  for (const call of calls) {
    if (call.fiscalYears) {
      const quarter = call.fiscalQuarter ? `Q${call.fiscalQuarter} of ` : '';
      parts.add(`${call.period} ${quarter}fiscal ${call.fiscalYears.map((year) => `FY${year}`).join(', ')}`);
    } else if (call.endOnOrAfter) {
      parts.add(`${call.period} periods ending ${call.endOnOrAfter}…${call.endOnOrBefore ?? 'now'}`);
    } else {
      parts.add(
        `the ${call.limit ?? 'latest'} ${call.period} period(s)${call.endOnOrBefore ? ` ending on or before ${call.endOnOrBefore}` : ''}`,
      );
    }
  }
  return parts.size === 0 ? 'none' : `as chosen by the model: ${[...parts].join('; ')}`;
}
