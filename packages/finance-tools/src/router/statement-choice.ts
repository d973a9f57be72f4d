/**
 * Which statements and line items a query is about, from its words: revenue, net income,
 * EPS or margins → income statement; cash, debt, assets → balance sheet; free cash flow,
 * capex, operating cash → cash-flow statement; P/E, market cap, ratios → key metrics;
 * segments; earnings (results vs estimates); filings / 10-K.
 */
import { abbreviationPattern, LINE_ITEM_ABBREVIATIONS, spreadCoordinated } from './line-items';
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
    pattern: /\bdepreciation\b|\bamortization\b|\bd\s*&\s*a\b/,
    tool: 'cash_flow_statements',
    fields: ['depreciationAndAmortization'],
  },
  {
    pattern: /\bebitda\b/,
    tool: 'cash_flow_statements',
    fields: ['depreciationAndAmortization'],
  },
  { pattern: /\bebitda\b/, tool: 'income_statements', fields: ['operatingIncome', 'revenue'] },
  {
    pattern: /\bpayout\s+ratio\b|\bdividend\s+payout\b/,
    tool: 'cash_flow_statements',
    fields: ['dividendsPaid'],
  },
  { pattern: /\bpayout\s+ratio\b|\bdividend\s+payout\b/, tool: 'income_statements', fields: ['netIncome'] },
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
    pattern:
      /\boperating\s+(?:income|profit|margin)s?\b|\bebit\b|\binterest\s+coverage\b|\btimes\s+interest\s+earned\b/,
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
    pattern: /\boperating\s+expenses?\b|\bopex\b/,
    tool: 'income_statements',
    fields: ['operatingExpense'],
  },
  {
    pattern: /\bsg\s*&\s*a\b|\bsga\b|\bselling,?\s+general,?\s+(?:and|&)\s+administrative(?:\s+expenses?)?\b/,
    tool: 'income_statements',
    fields: ['sellingGeneralAndAdministrative'],
  },
  {
    pattern: /\binterest\s+expenses?\b|\binterest\s+coverage\b|\btimes\s+interest\s+earned\b/,
    tool: 'income_statements',
    fields: ['interestExpense'],
  },
  {
    pattern:
      /\bpre[\s-]?tax\s+(?:income|profit|earnings)\b|\b(?:income|earnings|profit)\s+before\s+(?:income\s+)?tax(?:es)?\b|\bebt\b|\beffective\s+tax\s+rate\b|\betr\b/,
    tool: 'income_statements',
    fields: ['incomeBeforeTax'],
  },
  {
    pattern:
      /\b(?:weighted[\s-]+average\s+)?diluted\s+(?:weighted[\s-]+average\s+)?(?:shares|share\s+count)\b|\bweighted[\s-]+average\s+(?:number\s+of\s+)?(?:diluted\s+)?shares\s+(?:outstanding\s*)?[\s,(-]*diluted\b/,
    tool: 'income_statements',
    fields: ['weightedAverageSharesDiluted'],
  },
  {
    pattern:
      /\b(?:weighted[\s-]+average\s+)?basic\s+(?:(?:and|&)\s+diluted\s+)?(?:weighted[\s-]+average\s+)?(?:shares|share\s+count)\b|(?<!diluted\s+)\bweighted[\s-]+average\s+(?:number\s+of\s+)?shares\b(?!\s+(?:outstanding\s*)?[\s,(-]*diluted)/,
    tool: 'income_statements',
    fields: ['weightedAverageShares'],
  },
  {
    pattern: /\bdividends?\s+per\s+share\b|\bdps\b|\bdividends?\s+declared\b/,
    tool: 'income_statements',
    fields: ['dividendsPerShare'],
  },
  {
    pattern: /\bincome\s+statements?\b|\bp\s*&\s*l\b|\bprofit\s+and\s+loss\b/,
    tool: 'income_statements',
    fields: [],
  },
  {
    pattern:
      /(?<!(?:before|pre)[\s-]*(?:income\s+)?)\b(?:income\s+)?tax(?:es)?\b(?![\s-]+(?:income|profit|earnings)\b)|\betr\b/,
    tool: 'income_statements',
    fields: ['incomeTaxExpense'],
  },

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
  {
    pattern: /(?<!(?:return\s+on|current|fixed|intangible|net)\s+)\bassets?\b(?!\s+turnover)/,
    tool: 'balance_sheets',
    fields: ['totalAssets'],
  },
  {
    pattern: /(?<!current\s+)\bliabilit(?:y|ies)\b/,
    tool: 'balance_sheets',
    fields: ['totalLiabilities'],
  },
  {
    pattern:
      /\bcurrent\s+assets\b|\bworking\s+capital\b|\bcurrent\s+ratio\b|\bquick\s+ratio\b|\bacid[\s-]+test\b/,
    tool: 'balance_sheets',
    fields: ['currentAssets'],
  },
  {
    pattern:
      /\bcurrent\s+liabilit(?:y|ies)\b|\bworking\s+capital\b|\bcurrent\s+ratio\b|\bquick\s+ratio\b|\bacid[\s-]+test\b/,
    tool: 'balance_sheets',
    fields: ['currentLiabilities'],
  },
  {
    pattern: /\bquick\s+ratio\b|\bacid[\s-]+test\b/,
    tool: 'balance_sheets',
    fields: ['cashAndEquivalents', 'shortTermInvestments', 'accountsReceivable'],
  },
  {
    pattern: /\baccounts\s+payables?\b|\btrade\s+payables?\b|\bpayables\b|\bap\b/,
    tool: 'balance_sheets',
    fields: ['accountsPayable'],
  },
  {
    pattern: /\bpp\s*&\s*e\b|\bppe\b|\bproperty,?\s+plant,?\s+(?:and|&)\s+equipment\b|\bfixed\s+assets\b/,
    tool: 'balance_sheets',
    fields: ['propertyPlantAndEquipmentNet'],
  },
  { pattern: /\bgoodwill\b/, tool: 'balance_sheets', fields: ['goodwill'] },
  {
    pattern: /\bintangible\s+assets\b|\bintangibles\b/,
    tool: 'balance_sheets',
    fields: ['intangibleAssets'],
  },
  {
    pattern: /\bdeferred\s+revenues?\b|\bunearned\s+revenues?\b/,
    tool: 'balance_sheets',
    fields: ['deferredRevenue'],
  },
  { pattern: /\bretained\s+earnings\b/, tool: 'balance_sheets', fields: ['retainedEarnings'] },
  {
    pattern: /\bdebt[\s-]+to[\s-]+equity\b|\bd\s*\/\s*e\b/,
    tool: 'balance_sheets',
    fields: ['shortTermDebt', 'commercialPaper', 'longTermDebt', 'shareholdersEquity'],
  },
  {
    pattern: /(?<!(?:return\s+on|to)[\s-]+)\bequity\b|\bbook\s+value\b/,
    tool: 'balance_sheets',
    fields: ['shareholdersEquity'],
  },
  { pattern: /\binventor(?:y|ies)\b/, tool: 'balance_sheets', fields: ['inventory'] },
  { pattern: /\breceivables?\b|\bar\b/, tool: 'balance_sheets', fields: ['accountsReceivable'] },
  {
    pattern:
      /(?<!(?:weighted[\s-]+average|diluted|basic)\s+(?:number\s+of\s+)?(?:diluted\s+|basic\s+)?)\b(?:shares|common\s+stock)\s+outstanding\b(?![\s,(-]*(?:diluted|basic))|\boutstanding\s+shares\b|(?<!(?:diluted|basic)\s+)\bshare\s+count\b|\bnumber\s+of\s+shares\b|\bperiod[\s-]+end\s+shares\b/,
    tool: 'balance_sheets',
    fields: ['sharesOutstanding'],
  },

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
  {
    pattern:
      /(?<!(?:payout|current|quick|coverage|debt[\s-]+to[\s-]+equity|tax)\s+)\bratios?\b|\bmultiples?\b|\bkey\s+metrics\b|\bmetrics\b|\bgrowth\s+rates?\b/,
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

// Every abbreviation of the line-item vocabulary is a cue too ("COGS", "PP&E", "AP").
const ABBREVIATION_CUES: readonly Cue[] = LINE_ITEM_ABBREVIATIONS.map((entry) => ({
  pattern: abbreviationPattern(entry),
  tool: entry.tool,
  fields: [...entry.fields],
}));

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
  const text = spreadCoordinated(query.toLowerCase().replace(/[\u2018\u2019]/g, "'"));
  const tools = new Set<SubToolName>();
  const fields = new Set<string>();
  for (const cue of [...CUES, ...ABBREVIATION_CUES]) {
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
