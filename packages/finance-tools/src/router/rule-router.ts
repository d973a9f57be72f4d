/**
 * The deterministic rule router: no model, no network (unless a `resolveTicker` fallback is
 * given). Tickers from names and symbols, the period from the injected clock, statements
 * from the query's words; one sub-call per ticker × statement.
 */

import { COMPANY_ALIASES } from '../providers/company-names';
import { type Clock, systemClock, toIsoDate } from './clock';
import { ROUTER_COMPANY_NAMES } from './company-aliases';
import { closestName } from './fuzzy-names';
import { isLineItemAbbreviation } from './line-items';
import { parsePeriod } from './period-parser';
import { chooseStatements } from './statement-choice';
import { createTickerExtractor } from './ticker-extractor';
import type { FinancialQueryRouter, ResolvedTicker, RouteOptions, RoutePlan, SubCall } from './types';

/** Resolves one candidate company name to a ticker; `undefined` when unknown. */
export type TickerLookup = (name: string, signal?: AbortSignal) => Promise<string | undefined>;

/** Options of `createRuleRouter`. */
export interface RuleRouterOptions {
  /** Where "today" comes from. Default: the system clock. */
  clock?: Clock;
  /** Extra lower-case name → ticker aliases (merged over the built-in tables). */
  aliases?: Readonly<Record<string, string>>;
  /** Tickers also accepted in lower case ("nvda"). */
  knownTickers?: Iterable<string>;
  /**
   * Consulted only when no ticker or known name is found: each capitalized phrase of the
   * query is looked up (e.g. through a provider's `resolveTicker`).
   */
  lookup?: TickerLookup;
  /** At most this many tickers per query (default 10); extra ones are dropped with a note. */
  maxTickers?: number;
}

const FORM_CUES: ReadonlyArray<[RegExp, string]> = [
  [/\b10-?k\b|\bannual\s+reports?\b/i, '10-K'],
  [/\b10-?q\b|\bquarterly\s+reports?\b/i, '10-Q'],
  [/\b8-?k\b|\bcurrent\s+reports?\b/i, '8-K'],
  [/\bproxy\b|\bdef\s*14a\b/i, 'DEF 14A'],
];

/** Words that start sentences or questions; never looked up as company names. */
const NOT_NAMES = new Set(
  'what which who how when where why is are was were show give tell compare list get find please the for and vs versus in of fiscal quarter year revenue'.split(
    ' ',
  ),
);

/** Capitalized phrases ("Costco", "Palo Alto Networks") that may name a company. */
export function candidateNames(query: string): string[] {
  const names: string[] = [];
  for (const match of query.matchAll(/\b[A-Z][\w&.-]*(?:\s+(?:&\s+)?[A-Z][\w&.-]*)*/g)) {
    const phrase = match[0].replace(/'s$/, '').trim();
    const words = phrase.split(/\s+/).filter((word) => !NOT_NAMES.has(word.toLowerCase()));
    if (words.length > 0) names.push(words.join(' '));
  }
  return [...new Set(names)].slice(0, 5);
}

/**
 * Creates the rule router.
 *
 * @example
 * ```ts
 * const router = createRuleRouter({ clock: fixedClock('2026-11-30') });
 * const plan = await router.route("What was Apple's revenue in fiscal 2025?");
 * // plan.calls: [{ tool: 'income_statements', ticker: 'AAPL', period: 'annual', fiscalYears: [2025], fields: ['revenue'] }]
 * ```
 */
export function createRuleRouter(options: RuleRouterOptions = {}): FinancialQueryRouter {
  const clock = options.clock ?? systemClock;
  const maxTickers = options.maxTickers ?? 10;
  const aliases = { ...ROUTER_COMPANY_NAMES, ...COMPANY_ALIASES, ...(options.aliases ?? {}) };
  const extract = createTickerExtractor({
    aliases,
    ...(options.knownTickers ? { knownTickers: options.knownTickers } : {}),
  });

  async function route(query: string, routeOptions: RouteOptions = {}): Promise<RoutePlan> {
    if (typeof query !== 'string') throw new TypeError('route expects the query as a string');
    routeOptions.signal?.throwIfAborted();
    const asOf = toIsoDate(clock.now());
    const notes: string[] = [];
    let tickers: ResolvedTicker[] = extract(query);
    if (tickers.length === 0 && options.lookup) {
      for (const name of candidateNames(query)) {
        const ticker = await options.lookup(name, routeOptions.signal);
        if (ticker && !tickers.some((known) => known.ticker === ticker)) {
          tickers.push({ ticker: ticker.toUpperCase(), matched: name, via: 'alias' });
        }
      }
    }
    if (tickers.length === 0) {
      // Near misses of known names ("Aple", "Nvidea"), each said in a note.
      for (const name of candidateNames(query)) {
        for (const word of name.split(/\s+/)) {
          const close = closestName(word, aliases);
          if (!close || tickers.some((known) => known.ticker === close.ticker)) continue;
          tickers.push({ ticker: close.ticker, matched: word, via: 'alias' });
          notes.push(`"${word}" read as "${close.name}" (${close.ticker}), the closest company name.`);
        }
      }
    }
    if (tickers.length > maxTickers) {
      notes.push(`Only the first ${maxTickers} of ${tickers.length} companies were looked up.`);
      tickers = tickers.slice(0, maxTickers);
    }
    // A word read as a ticker ("AR revenue") is not also read as a line item.
    let words = query;
    for (const hit of tickers) {
      if (hit.via === 'ticker' && isLineItemAbbreviation(hit.matched.replace(/^\$/, ''))) {
        words = words.replace(
          new RegExp(String.raw`(?<![\w])\$?${hit.matched.replace(/^\$/, '')}(?![\w])`, 'g'),
          ' ',
        );
      }
    }
    const choice = chooseStatements(words);
    let period = parsePeriod(query, asOf);
    if (!period.explicit && choice.tools.every((tool) => tool === 'earnings' || tool === 'balance_sheets')) {
      // "the latest earnings report" and "Apple's cash position" mean the latest quarter,
      // not the latest fiscal year: a balance sheet is a point in time, the newest is wanted.
      period = {
        ...period,
        period: 'quarterly',
        description: `the latest quarter ending on or before ${asOf}`,
        notes: [`No period in the query; used the latest quarter ending on or before ${asOf}.`],
      };
    }
    const filingsOnly = choice.tools.every((tool) => tool === 'filings');
    if (!filingsOnly) notes.push(...period.notes);
    if (!choice.explicit) notes.push('No statement named in the query; used the income statement.');
    if (tickers.length === 0) {
      notes.push(
        'No company or ticker found in the query. Name the company ("Apple") or its ticker ("AAPL", or "$AAPL" for tickers that are ordinary words).',
      );
    }
    const forms = FORM_CUES.filter(([pattern]) => pattern.test(query)).map(([, form]) => form);
    const calls: SubCall[] = [];
    for (const { ticker } of tickers) {
      for (const tool of choice.tools) {
        const call: SubCall = { tool, ticker, period: period.period };
        if (tool === 'filings') {
          call.period = 'annual';
          if (forms.length > 0) call.forms = forms;
          call.limit = 10;
          if (period.endOnOrAfter) call.endOnOrAfter = period.endOnOrAfter;
          if (period.endOnOrBefore) call.endOnOrBefore = period.endOnOrBefore;
          calls.push(call);
          continue;
        }
        if (period.fiscalYears) call.fiscalYears = [...period.fiscalYears];
        if (period.fiscalQuarter) call.fiscalQuarter = period.fiscalQuarter;
        if (period.limit !== undefined) call.limit = period.limit;
        if (period.endOnOrAfter) call.endOnOrAfter = period.endOnOrAfter;
        if (period.endOnOrBefore) call.endOnOrBefore = period.endOnOrBefore;
        if (choice.fields.length > 0) call.fields = [...choice.fields];
        calls.push(call);
      }
    }
    return {
      calls,
      interpretation: {
        tickers,
        period: filingsOnly
          ? `filings filed${period.endOnOrAfter ? ` from ${period.endOnOrAfter}` : ''} up to ${period.endOnOrBefore ?? asOf}`
          : period.description,
        tools: choice.tools,
        fields: choice.fields,
        asOf,
      },
      router: 'rule',
      notes,
    };
  }

  return Object.freeze({ kind: 'rule' as const, route });
}
