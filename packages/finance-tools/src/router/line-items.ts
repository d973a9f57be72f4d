/**
 * Analysts' words for line items: the abbreviations and synonyms people write ("SG&A",
 * "COGS", "D&A", "PP&E", "AP", "capex") and which statement field each means. The rule
 * router reads statements from them (`statement-choice.ts`) and the ticker extractor reads
 * them before tickers: "SG&A" is never the ticker SG, and "AP"/"AR" are line items when the
 * query also names a company.
 */

/** An abbreviation analysts write for a line item, and the model fields it means. */
export interface LineItemAbbreviation {
  /** As written, case-insensitive (`SG&A`, `PP&E`, `AP`). */
  text: string;
  fields: readonly string[];
  /** The statement the fields are on. */
  tool: 'income_statements' | 'balance_sheets' | 'cash_flow_statements';
}

/**
 * Abbreviations, each stated once. Those with `&` can never be tickers; the letter-only ones
 * (`AP`, `AR`, `COGS`, …) are line items when another company is named in the query, and a
 * reader who means the ticker writes `$AP`.
 */
export const LINE_ITEM_ABBREVIATIONS: readonly LineItemAbbreviation[] = [
  { text: 'SG&A', fields: ['sellingGeneralAndAdministrative'], tool: 'income_statements' },
  { text: 'SGA', fields: ['sellingGeneralAndAdministrative'], tool: 'income_statements' },
  { text: 'R&D', fields: ['researchAndDevelopment'], tool: 'income_statements' },
  { text: 'D&A', fields: ['depreciationAndAmortization'], tool: 'cash_flow_statements' },
  { text: 'DA', fields: ['depreciationAndAmortization'], tool: 'cash_flow_statements' },
  { text: 'PP&E', fields: ['propertyPlantAndEquipmentNet'], tool: 'balance_sheets' },
  { text: 'PPE', fields: ['propertyPlantAndEquipmentNet'], tool: 'balance_sheets' },
  { text: 'P&L', fields: [], tool: 'income_statements' },
  { text: 'M&A', fields: ['acquisitions'], tool: 'cash_flow_statements' },
  { text: 'COGS', fields: ['costOfRevenue'], tool: 'income_statements' },
  { text: 'COS', fields: ['costOfRevenue'], tool: 'income_statements' },
  { text: 'AP', fields: ['accountsPayable'], tool: 'balance_sheets' },
  { text: 'AR', fields: ['accountsReceivable'], tool: 'balance_sheets' },
  { text: 'OPEX', fields: ['operatingExpense'], tool: 'income_statements' },
  { text: 'CAPEX', fields: ['capitalExpenditure'], tool: 'cash_flow_statements' },
  { text: 'FCF', fields: ['freeCashFlow'], tool: 'cash_flow_statements' },
  { text: 'CFO', fields: ['operatingCashFlow'], tool: 'cash_flow_statements' },
  { text: 'OCF', fields: ['operatingCashFlow'], tool: 'cash_flow_statements' },
  { text: 'EBIT', fields: ['operatingIncome'], tool: 'income_statements' },
  { text: 'EBITDA', fields: ['operatingIncome'], tool: 'income_statements' },
  { text: 'EBT', fields: ['incomeBeforeTax'], tool: 'income_statements' },
  { text: 'DPS', fields: ['dividendsPerShare'], tool: 'income_statements' },
  { text: 'SBC', fields: ['shareBasedCompensation'], tool: 'cash_flow_statements' },
  { text: 'ETR', fields: ['incomeTaxExpense', 'incomeBeforeTax'], tool: 'income_statements' },
];

function abbreviationSource(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\&]/g, (character) =>
    character === '&' ? String.raw`\s*&\s*` : `\\${character}`,
  );
}

const ABBREVIATION_PATTERN = new RegExp(
  String.raw`(?<![\w$&])(${[...LINE_ITEM_ABBREVIATIONS]
    .sort((left, right) => right.text.length - left.text.length)
    .map((entry) => abbreviationSource(entry.text))
    .join('|')})(?![\w&])`,
  'gi',
);

/** A lower-case pattern for an abbreviation (`sg&a` also matches `sg & a`). */
export function abbreviationPattern(entry: LineItemAbbreviation): RegExp {
  return new RegExp(String.raw`(?<![\w$&])${abbreviationSource(entry.text.toLowerCase())}(?![\w&])`);
}

/** Spans `[from, to)` of the line-item abbreviations in `text` that contain `&` (never tickers). */
export function abbreviationSpans(text: string): Array<{ from: number; to: number; text: string }> {
  return [...text.matchAll(ABBREVIATION_PATTERN)].map((match) => ({
    from: match.index,
    to: match.index + match[0].length,
    text: match[0],
  }));
}

/** True for an abbreviation that names a line item (`COGS`, `AP`), compared case-insensitively. */
export function isLineItemAbbreviation(word: string): boolean {
  const upper = word.toUpperCase().replace(/\s+/g, '');
  return LINE_ITEM_ABBREVIATIONS.some((entry) => entry.text === upper);
}

/**
 * "gross and operating margins" → "gross margin and operating margin", "current and quick
 * ratios" → "current ratio and quick ratio": a list of qualifiers
 * sharing one noun is spread out, so each qualifier is read with its noun.
 */
export function spreadCoordinated(text: string): string {
  const qualifier =
    '(?:gross|operating|net|pre[\\s-]?tax|ebitda|ebit|fcf|free\\s+cash\\s+flow|current|quick|payout)';
  const pattern = new RegExp(
    String.raw`\b(${qualifier}(?:\s*(?:,\s*(?:and\s+)?|and\s+|&\s*|\/\s*)${qualifier})+)\s+(margins?|profits?|income|ratios?)\b`,
    'gi',
  );
  return text.replace(pattern, (_whole, list: string, noun: string) => {
    const singular = noun.replace(/s$/i, '');
    const parts = list.split(/\s*(?:,\s*(?:and\s+)?|\band\s+|&\s*|\/\s*)/i).filter(Boolean);
    return parts.map((part) => `${part.trim()} ${singular}`).join(' and ');
  });
}
