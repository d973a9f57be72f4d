/**
 * Computed metrics for `get_financials`: when the question asks for margins, growth, CAGR,
 * free cash flow, items as a share of revenue, total debt or debt-to-equity, or a ranking
 * across companies, they are computed from the filed rows the answer returns. Each figure
 * names its formula and the filed inputs it used (value, period and source filings), so it
 * can be recomputed by hand.
 */
import { spreadCoordinated } from '../router/line-items';
import type { RoutePlan, SubCall, SubToolName } from '../router/types';
import { BALANCE_CONCEPTS, CASH_FLOW_CONCEPTS } from '../sec/concepts';
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
  | 'debtToEquity'
  | 'effectiveTaxRate'
  | 'payoutRatio'
  | 'interestCoverage'
  | 'currentRatio'
  | 'quickRatio'
  | 'ebitda';

/** What the question asks to compute. */
export interface MetricRequest {
  metrics: MetricId[];
  /** Fields whose year-over-year growth is asked for. */
  growth: string[];
  /** Fields whose compound annual growth rate over the years returned is asked for. */
  cagr: string[];
  /** Fields whose quarter-over-quarter growth is asked for. */
  qoq?: string[];
  /** Fields whose change from the earliest to the latest period returned is asked for. */
  change?: string[];
  /** Rank the companies on the first metric (or growth, or field). */
  rank?: 'highest' | 'lowest';
  /** Metrics the question names that this tool does not compute, each with why (`NOT_COMPUTED`). */
  notComputed?: string[];
}

/**
 * Metrics analysts ask for that `get_financials` does not compute, and why — so a question
 * naming several metrics gets each one answered or named as missing, never silently dropped.
 */
const NOT_COMPUTED: ReadonlyArray<[RegExp, string]> = [
  [
    /\broic\b|return on invested capital/,
    'return on invested capital (ROIC) is not computed: invested capital has no single filed figure',
  ],
  [
    /\bp\s*\/\s*e\b|\bpe ratio\b|price[- ]to[- ]earnings|\bmarket cap|\bdividend yield\b|\bev\s*\/\s*ebitda\b|\bpeg\b/,
    'market-based figures (P/E, market cap, dividend yield, EV/EBITDA) need share prices: get_market_data answers them where its data source has prices',
  ],
  [
    /inventory turnover|days (?:sales|inventory|payables?) outstanding|\bdso\b|\bdio\b|\bdpo\b|asset turnover/,
    'turnover and days-outstanding ratios are not computed; their inputs (revenue, cost of revenue, receivables, inventory, payables) can be asked for directly',
  ],
  [
    /book value per share/,
    "book value per share is not computed; shareholders' equity and shares outstanding can be asked for directly",
  ],
];

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

const absolute = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.abs(value);

const METRICS: Readonly<Record<MetricId, MetricDefinition>> = {
  effectiveTaxRate: {
    label: 'Effective tax rate',
    kind: 'ratio',
    statements: ['income_statements'],
    formula: 'income tax expense ÷ income before income taxes',
    fields: ['incomeTaxExpense', 'incomeBeforeTax'],
    compute: (v) => ((v.incomeBeforeTax ?? 0) > 0 ? divide(v.incomeTaxExpense, v.incomeBeforeTax) : null),
  },
  payoutRatio: {
    label: 'Dividend payout ratio',
    kind: 'ratio',
    statements: ['cash_flow_statements', 'income_statements'],
    formula: 'dividends paid (cash-flow statement) ÷ net income',
    fields: ['dividendsPaid', 'netIncome'],
    compute: (v) => ((v.netIncome ?? 0) > 0 ? divide(absolute(v.dividendsPaid), v.netIncome) : null),
  },
  interestCoverage: {
    label: 'Interest coverage',
    kind: 'multiple',
    statements: ['income_statements'],
    formula: 'operating income ÷ interest expense',
    fields: ['operatingIncome', 'interestExpense'],
    compute: (v) => divide(v.operatingIncome, absolute(v.interestExpense)),
  },
  currentRatio: {
    label: 'Current ratio',
    kind: 'multiple',
    statements: ['balance_sheets'],
    formula: 'current assets ÷ current liabilities',
    fields: ['currentAssets', 'currentLiabilities'],
    compute: (v) => divide(v.currentAssets, v.currentLiabilities),
  },
  quickRatio: {
    label: 'Quick ratio',
    kind: 'multiple',
    statements: ['balance_sheets'],
    formula: '(cash and equivalents + short-term investments + accounts receivable) ÷ current liabilities',
    fields: ['cashAndEquivalents', 'shortTermInvestments', 'accountsReceivable', 'currentLiabilities'],
    compute: (v) =>
      // Every component must be filed: a company's marketable securities filed under a concept
      // we do not read would otherwise make the ratio look far lower than it is.
      v.cashAndEquivalents == null || v.accountsReceivable == null || v.shortTermInvestments == null
        ? null
        : divide(v.cashAndEquivalents + v.shortTermInvestments + v.accountsReceivable, v.currentLiabilities),
  },
  ebitda: {
    label: 'EBITDA',
    kind: 'amount',
    statements: ['income_statements', 'cash_flow_statements'],
    formula: 'operating income + depreciation and amortization (cash-flow statement)',
    fields: ['operatingIncome', 'depreciationAndAmortization'],
    compute: (v) =>
      v.operatingIncome == null || v.depreciationAndAmortization == null
        ? null
        : v.operatingIncome + v.depreciationAndAmortization,
  },
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
  'costOfRevenue',
  'sellingGeneralAndAdministrative',
  'operatingExpense',
  'incomeBeforeTax',
  'incomeTaxExpense',
  'interestExpense',
  'weightedAverageSharesDiluted',
  'weightedAverageShares',
  'sharesOutstanding',
  'cashAndEquivalents',
  'totalLiabilities',
  'accountsPayable',
  'accountsReceivable',
  'inventory',
  'longTermDebt',
  'depreciationAndAmortization',
  'shareRepurchases',
  'dividendsPaid',
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
  const text = spreadCoordinated(query.toLowerCase());
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
  if (/effective tax rate|\betr\b|\btax rate\b/.test(text)) add('effectiveTaxRate');
  if (/payout ratio|dividend payout|\bpayout\b/.test(text)) add('payoutRatio');
  if (/interest coverage|times interest earned/.test(text)) add('interestCoverage');
  if (/current ratio/.test(text)) add('currentRatio');
  if (/quick ratio|acid[- ]test/.test(text)) add('quickRatio');
  if (/\bebitda\b/.test(text)) add('ebitda');
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
  const growthWords =
    /growth|\bgrow|\bgrew\b|\byoy\b|year[- ]over[- ]year|y\/y|\bincrease|\bdecrease|\bdecline|\bchange[ds]?\b|\bqoq\b|quarter[- ]over[- ]quarter|q\/q|sequential/.test(
      text,
    );
  const annualCalls = plan.calls.filter((call) => call.period === 'annual' && call.tool !== 'filings');
  // "how fast did revenue grow over the last three years": each year's growth and the CAGR.
  const multiYear = annualCalls.some(
    (call) =>
      (call.limit ?? 0) >= 3 ||
      (call.fiscalYears !== undefined && Math.max(...call.fiscalYears) - Math.min(...call.fiscalYears) >= 2),
  );
  const explicitCagr = /\bcagr\b|compound(ed)? annual/.test(text);
  const impliedCagr =
    growthWords &&
    multiYear &&
    /how fast|\bannual(ized)? growth|\bper year\b|a year\b|over the (last|past)/.test(text);
  const cagr = explicitCagr || impliedCagr ? targets : [];
  const qoq = growthWords && /\bqoq\b|quarter[- ]over[- ]quarter|q\/q|sequential/.test(text) ? targets : [];
  const growth = (!explicitCagr || impliedCagr) && growthWords && qoq.length === 0 ? targets : [];
  // Change between two years that are not adjacent ("from FY2022 to FY2025", "2022 vs 2025").
  const change =
    growthWords &&
    annualCalls.some(
      (call) =>
        call.fiscalYears !== undefined &&
        call.fiscalYears.length >= 2 &&
        Math.max(...call.fiscalYears) - Math.min(...call.fiscalYears) >= 2,
    )
      ? targets
      : [];
  const rank = /\b(highest|largest|biggest|most|best|top|greatest|rank|ranking|higher|larger)\b/.test(text)
    ? 'highest'
    : /\b(lowest|smallest|least|worst|lower|smaller)\b/.test(text)
      ? 'lowest'
      : undefined;
  const tickers = new Set(plan.calls.map((call) => call.ticker));
  const notComputed = NOT_COMPUTED.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
  return {
    metrics,
    growth,
    cagr,
    ...(notComputed.length > 0 ? { notComputed } : {}),
    ...(qoq.length > 0 ? { qoq } : {}),
    ...(change.length > 0 ? { change } : {}),
    ...(rank && tickers.size > 1 ? { rank } : {}),
  };
}

/** True when the request asks for anything. */
export function wantsMetrics(request: MetricRequest): boolean {
  return (
    request.metrics.length > 0 ||
    request.growth.length > 0 ||
    request.cagr.length > 0 ||
    (request.qoq?.length ?? 0) > 0 ||
    (request.change?.length ?? 0) > 0 ||
    !!request.rank
  );
}

function statementOf(field: string): Statement {
  if (field === 'freeCashFlow' || CASH_FLOW_CONCEPTS.some((entry) => entry.field === field))
    return 'cash_flow_statements';
  if (BALANCE_CONCEPTS.some((entry) => entry.field === field)) return 'balance_sheets';
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
  for (const field of [...request.growth, ...request.cagr, ...(request.qoq ?? []), ...(request.change ?? [])])
    needed.add(statementOf(field));
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
  if ((request.qoq?.length ?? 0) > 0) {
    for (const call of [...calls]) {
      if (call.period !== 'quarterly' || call.tool === 'key_metrics' || call.tool === 'filings') continue;
      if (call.fiscalQuarter && call.fiscalYears?.length) {
        // The quarter before: Q(n−1) of the same fiscal year, or Q4 of the year before.
        const year = Math.min(...call.fiscalYears);
        const previous: SubCall =
          call.fiscalQuarter === 1
            ? { ...call, fiscalYears: [year - 1], fiscalQuarter: 4 }
            : { ...call, fiscalQuarter: (call.fiscalQuarter - 1) as 1 | 2 | 3 };
        calls.splice(calls.indexOf(call) + 1, 0, previous);
      } else if (call.limit !== undefined) {
        call.limit += 1;
        if (call.endOnOrAfter) delete call.endOnOrAfter;
      }
    }
  }
  const notes =
    (request.qoq?.length ?? 0) > 0
      ? [
          ...plan.notes,
          'Quarter-over-quarter growth needs the quarter before each one: it is fetched and shown too.',
        ]
      : request.growth.length > 0
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

/** A key-metric figure the data source itself reports for the same company and period end. */
function providerFigure(
  data: Record<string, SubCallRow[]>,
  ticker: string,
  periodEnd: string,
  field: string,
): number | undefined {
  for (const [key, rows] of Object.entries(data)) {
    if (!key.startsWith(`${ticker}.key_metrics.`)) continue;
    for (const row of rows as Row[]) {
      if (row.periodEnd === periodEnd && typeof row[field] === 'number') return row[field] as number;
    }
  }
  return undefined;
}

/** What the data source's debt-to-equity leaves out, when the filed components tell. */
function providerDebtDefinition(values: Record<string, number | null>, provided: number): string {
  const equity = values.shareholdersEquity;
  const withoutPaper = divide((values.shortTermDebt ?? 0) + (values.longTermDebt ?? 0), equity);
  if (values.commercialPaper && withoutPaper !== null && Math.abs(withoutPaper - provided) < 0.005)
    return `current portion of long-term debt + long-term debt, leaving out commercial paper (${formatAmount(values.commercialPaper)})`;
  return 'defined differently (the data source does not say how)';
}

function formatAmount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A value of `field` and the row it was read from. */
type FieldValue = { row: Row; value: number };

/** What tells one growth figure from another: where it sits and how it is named. */
interface GrowthShape {
  period: string;
  periodEnd: string;
  periodKind: string;
  metric: string;
  label: string;
  formula: string;
}

/**
 * A growth figure, `current ÷ previous − 1` (year over year, quarter over quarter, between two
 * years): not meaningful (null, with a note) when the earlier value is zero or negative.
 */
function growthFigure(
  ticker: string,
  field: string,
  current: FieldValue,
  previous: FieldValue,
  shape: GrowthShape,
): ComputedFigure {
  const value = previous.value > 0 ? current.value / previous.value - 1 : null;
  return {
    ticker,
    period: shape.period,
    periodEnd: shape.periodEnd,
    periodKind: shape.periodKind,
    metric: shape.metric,
    label: shape.label,
    value,
    kind: 'ratio',
    formula: shape.formula,
    inputs: [input(ticker, current.row, field), input(ticker, previous.row, field)].filter(
      (entry): entry is ComputedInput => entry !== undefined,
    ),
    ...(value === null ? { note: 'not meaningful: the earlier value is zero or negative' } : {}),
  };
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
        const provided =
          metric === 'debtToEquity' ? providerFigure(data, ticker, periodEnd, 'debtToEquity') : undefined;
        const ours = definition.compute(values);
        if (provided !== undefined && ours !== null && Math.abs(provided - ours) >= 0.005)
          notes.push(
            `the data source's key metrics give ${provided.toFixed(2)} for this date: its debt is ${providerDebtDefinition(values, provided)}; this answer uses the definition above`,
          );
        const noDividend =
          metric === 'payoutRatio' &&
          values.dividendsPaid === null &&
          rows.every((row) => row.dividendsPerShare === null || row.dividendsPerShare === undefined);
        if (noDividend)
          notes.push(
            'no dividend declared: the filings report no dividends paid (us-gaap:PaymentsOfDividends) and no dividend per share declared for this period',
          );
        else if (missing.length > 0)
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
        figures.push(
          growthFigure(ticker, field, current, previous, {
            period: `${periodLabel(current.row)} vs ${periodLabel(previous.row)}`,
            periodEnd,
            periodKind: kind,
            metric: `${field}Growth`,
            label:
              kind === 'quarterly'
                ? `${fieldLabel(field)} growth (YoY, same quarter)`
                : `${fieldLabel(field)} growth (YoY)`,
            formula: `${fieldLabel(field)} ÷ ${fieldLabel(field)} one year earlier − 1`,
          }),
        );
      }
    }
    for (const field of request.qoq ?? []) {
      const quarters = entries.filter(([id]) => id.startsWith('quarterly|'));
      quarters.forEach(([id, rows], position) => {
        const older = quarters[position + 1];
        if (!older) return;
        const periodEnd = id.split('|')[1] ?? '';
        const days = (Date.parse(periodEnd) - Date.parse(older[0].split('|')[1] ?? '')) / 86_400_000;
        if (days < 80 || days > 100) return;
        const current = valueIn(rows, field);
        const previous = valueIn(older[1], field);
        if (!current || !previous) return;
        figures.push(
          growthFigure(ticker, field, current, previous, {
            period: `${periodLabel(current.row)} vs ${periodLabel(previous.row)}`,
            periodEnd,
            periodKind: 'quarterly',
            metric: `${field}QoqGrowth`,
            label: `${fieldLabel(field)} growth (QoQ)`,
            formula: `${fieldLabel(field)} ÷ ${fieldLabel(field)} the quarter before − 1`,
          }),
        );
      });
    }
    for (const field of request.change ?? []) {
      const annual = entries
        .filter(([id]) => id.startsWith('annual|'))
        .map(([, rows]) => valueIn(rows, field))
        .filter((entry): entry is { row: Row; value: number } => entry !== undefined);
      if (annual.length < 2) continue;
      const last = annual[0] as { row: Row; value: number };
      const first = annual[annual.length - 1] as { row: Row; value: number };
      if (last.row.fiscalYear - first.row.fiscalYear < 2) continue;
      const inputs = [input(ticker, last.row, field), input(ticker, first.row, field)].filter(
        (entry): entry is ComputedInput => entry !== undefined,
      );
      const span = `FY${first.row.fiscalYear} → FY${last.row.fiscalYear}`;
      const perShare = /^eps|PerShare$/.test(field);
      figures.push({
        ticker,
        period: span,
        periodEnd: last.row.periodEnd,
        periodKind: 'annual',
        metric: `${field}Change`,
        label: `${fieldLabel(field)} change`,
        value: perShare ? Math.round((last.value - first.value) * 10_000) / 10_000 : last.value - first.value,
        kind: 'amount',
        formula: `${fieldLabel(field)} FY${last.row.fiscalYear} − ${fieldLabel(field)} FY${first.row.fiscalYear}`,
        inputs,
      });
      figures.push(
        growthFigure(ticker, field, last, first, {
          period: span,
          periodEnd: last.row.periodEnd,
          periodKind: 'annual',
          metric: `${field}ChangePercent`,
          label: `${fieldLabel(field)} change (%)`,
          formula: `${fieldLabel(field)} FY${last.row.fiscalYear} ÷ ${fieldLabel(field)} FY${first.row.fiscalYear} − 1`,
        }),
      );
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
