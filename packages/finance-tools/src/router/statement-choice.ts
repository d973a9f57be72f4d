/**
 * Which statements and line items a query is about, from its words: revenue, net income,
 * EPS or margins → income statement; cash, debt, assets → balance sheet; free cash flow,
 * capex, operating cash → cash-flow statement; P/E, market cap, ratios → key metrics;
 * segments; earnings (results vs estimates); filings / 10-K.
 */
import type { SubToolName } from './types';

interface Cue {
  pattern: RegExp;
  tool: SubToolName;
  /** Model field names the cue singles out. */
  fields: string[];
}

// Order matters only for readability; every cue is tested. Cash-flow phrases are checked
// before the bare word "cash" so "free cash flow" does not also pull the balance sheet.
const CUES: readonly Cue[] = [
  {
    pattern: /\bfree[\s-]+cash[\s-]*flows?\b|\bfcf\b/,
    tool: 'cash_flow_statements',
    fields: ['freeCashFlow'],
  },
  {
    pattern: /\boperating\s+cash(?:[\s-]*flows?)?\b|\bcash\s+from\s+operations\b|\bcfo\b/,
    tool: 'cash_flow_statements',
    fields: ['operatingCashFlow'],
  },
  {
    pattern: /\bcapex\b|\bcapital\s+expenditures?\b|\bcapital\s+spending\b/,
    tool: 'cash_flow_statements',
    fields: ['capitalExpenditure'],
  },
  {
    pattern: /\b(?:share\s+|stock\s+)?buybacks?\b|\brepurchases?\b/,
    tool: 'cash_flow_statements',
    fields: ['shareRepurchases'],
  },
  { pattern: /\bdividends?\s+paid\b/, tool: 'cash_flow_statements', fields: ['dividendsPaid'] },
  {
    pattern: /\bstock[\s-]+based\s+comp(?:ensation)?\b|\bsbc\b/,
    tool: 'cash_flow_statements',
    fields: ['shareBasedCompensation'],
  },
  {
    pattern: /\bdepreciation\b|\bamortization\b/,
    tool: 'cash_flow_statements',
    fields: ['depreciationAndAmortization'],
  },
  { pattern: /\bcash[\s-]*flows?\b/, tool: 'cash_flow_statements', fields: [] },

  {
    pattern: /\brevenues?\b|(?<!to[\s-]+)\bsales\b|\btop[\s-]+line\b|\bturnover\b/,
    tool: 'income_statements',
    fields: ['revenue'],
  },
  {
    pattern:
      /\bnet\s+(?:income|profit|earnings)\b|\bbottom[\s-]+line\b|(?<!(?:gross|operating)\s+)\bprofits?\b(?!\s+margin)/,
    tool: 'income_statements',
    fields: ['netIncome'],
  },
  {
    pattern: /\beps\b|\bearnings\s+per\s+share\b/,
    tool: 'income_statements',
    fields: ['epsDiluted', 'epsBasic'],
  },
  {
    pattern: /\bgross\s+(?:profit|margin)s?\b/,
    tool: 'income_statements',
    fields: ['grossProfit', 'revenue'],
  },
  {
    pattern: /\boperating\s+(?:income|profit|margin)s?\b|\bebit\b/,
    tool: 'income_statements',
    fields: ['operatingIncome', 'revenue'],
  },
  {
    pattern: /\bnet\s+margins?\b|\bprofit\s+margins?\b/,
    tool: 'income_statements',
    fields: ['netIncome', 'revenue'],
  },
  {
    pattern: /(?<!(?:gross|operating|net|profit|cash[\s-]+flow)\s+)\bmargins?\b/,
    tool: 'income_statements',
    fields: ['grossProfit', 'operatingIncome', 'netIncome', 'revenue'],
  },
  {
    pattern: /\br\s*&\s*d\b|\bresearch\s+and\s+development\b/,
    tool: 'income_statements',
    fields: ['researchAndDevelopment'],
  },
  {
    pattern: /\bcost\s+of\s+(?:revenue|sales|goods)\b|\bcogs\b/,
    tool: 'income_statements',
    fields: ['costOfRevenue'],
  },
  {
    pattern: /\boperating\s+expenses?\b|\bopex\b|\bsg&a\b/,
    tool: 'income_statements',
    fields: ['operatingExpense'],
  },
  {
    pattern: /\bincome\s+statements?\b|\bp\s*&\s*l\b|\bprofit\s+and\s+loss\b/,
    tool: 'income_statements',
    fields: [],
  },
  { pattern: /\b(?:income\s+)?tax(?:es)?\b/, tool: 'income_statements', fields: ['incomeTaxExpense'] },

  { pattern: /\bbalance\s+sheets?\b/, tool: 'balance_sheets', fields: [] },
  {
    pattern:
      /(?<!(?:operating|free)[\s-]+)\bcash(?![\s-]*flows?|[\s-]+from\s+operations)(?:\s+and\s+(?:cash\s+)?equivalents)?\b|\bliquidity\b/,
    tool: 'balance_sheets',
    fields: ['cashAndEquivalents', 'shortTermInvestments'],
  },
  {
    pattern: /\bdebt\b|\bborrowings?\b|\bleverage\b/,
    tool: 'balance_sheets',
    fields: ['shortTermDebt', 'longTermDebt'],
  },
  { pattern: /(?<!return\s+on\s+)\bassets?\b/, tool: 'balance_sheets', fields: ['totalAssets'] },
  { pattern: /\bliabilit(?:y|ies)\b/, tool: 'balance_sheets', fields: ['totalLiabilities'] },
  {
    pattern: /(?<!(?:return\s+on|to)[\s-]+)\bequity\b|\bbook\s+value\b/,
    tool: 'balance_sheets',
    fields: ['shareholdersEquity'],
  },
  { pattern: /\binventor(?:y|ies)\b/, tool: 'balance_sheets', fields: ['inventory'] },
  { pattern: /\breceivables?\b/, tool: 'balance_sheets', fields: ['accountsReceivable'] },
  { pattern: /\bshares\s+outstanding\b/, tool: 'balance_sheets', fields: ['sharesOutstanding'] },

  {
    pattern: /\bp\s*\/\s*e\b|\bpe\s+ratio\b|\bprice[\s-]+to[\s-]+earnings\b/,
    tool: 'key_metrics',
    fields: ['priceToEarnings'],
  },
  {
    pattern: /\bmarket\s+cap(?:italization)?\b|\bvaluation\b/,
    tool: 'key_metrics',
    fields: ['marketCap', 'enterpriseValue'],
  },
  { pattern: /\benterprise\s+value\b|\bev\s*\/\s*\w+/, tool: 'key_metrics', fields: ['enterpriseValue'] },
  { pattern: /\bp\s*\/\s*s\b|\bprice[\s-]+to[\s-]+sales\b/, tool: 'key_metrics', fields: ['priceToSales'] },
  { pattern: /\bp\s*\/\s*b\b|\bprice[\s-]+to[\s-]+book\b/, tool: 'key_metrics', fields: ['priceToBook'] },
  { pattern: /\breturn\s+on\s+equity\b|\broe\b/, tool: 'key_metrics', fields: ['returnOnEquity'] },
  { pattern: /\breturn\s+on\s+assets\b|\broa\b/, tool: 'key_metrics', fields: ['returnOnAssets'] },
  { pattern: /\bcurrent\s+ratio\b/, tool: 'key_metrics', fields: ['currentRatio'] },
  { pattern: /\bdebt[\s-]+to[\s-]+equity\b/, tool: 'key_metrics', fields: ['debtToEquity'] },
  {
    pattern: /\bratios?\b|\bmultiples?\b|\bkey\s+metrics\b|\bmetrics\b|\bgrowth\s+rates?\b/,
    tool: 'key_metrics',
    fields: [],
  },

  {
    pattern:
      /\bsegments?\b|\bsegmented\b|\bbreak\s*down\b|\bbreakdown\b|\bby\s+(?:product|region|geography|segment)\b/,
    tool: 'segmented_revenues',
    fields: [],
  },

  {
    pattern:
      /\bearnings\s+(?:reports?|releases?|results|surprises?|calls?|dates?|estimates?|beats?|miss(?:es)?)\b|\b(?:beat|missed?)\s+(?:estimates|expectations|consensus)\b|\bconsensus\b/,
    tool: 'earnings',
    fields: [],
  },
  {
    pattern: /\b10-?[kq]s?\b|\b8-?k\b|\bfilings?\b|\bfiled\b|\bannual\s+reports?\b|\bproxy\b/,
    tool: 'filings',
    fields: [],
  },
];

/** The statement choice for a query. */
export interface StatementChoice {
  tools: SubToolName[];
  fields: string[];
  /** False when no cue matched and the income statement was chosen as the default. */
  explicit: boolean;
}

/**
 * Picks sub-tools and fields from a query's words.
 *
 * @example
 * ```ts
 * chooseStatements('NVDA free cash flow and debt'); // tools: cash_flow_statements, balance_sheets
 * ```
 */
export function chooseStatements(query: string): StatementChoice {
  const text = query.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const tools = new Set<SubToolName>();
  const fields = new Set<string>();
  for (const cue of CUES) {
    if (!cue.pattern.test(text)) continue;
    tools.add(cue.tool);
    for (const field of cue.fields) fields.add(field);
  }
  // A bare "earnings" ("NVDA earnings last quarter") means the income statement's profit.
  if (tools.size === 0 && /\bearnings\b/.test(text)) {
    tools.add('income_statements');
    fields.add('netIncome');
    fields.add('epsDiluted');
  }
  if (tools.size === 0) return { tools: ['income_statements'], fields: [], explicit: false };
  const order: SubToolName[] = [
    'income_statements',
    'balance_sheets',
    'cash_flow_statements',
    'key_metrics',
    'segmented_revenues',
    'earnings',
    'filings',
  ];
  return { tools: order.filter((tool) => tools.has(tool)), fields: [...fields], explicit: true };
}
