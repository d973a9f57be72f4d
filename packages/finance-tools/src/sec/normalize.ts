/**
 * The SEC normalizer: companyfacts (+ the submissions profile) → normalized annual and
 * quarterly statements with a source for every figure.
 *
 * Per field and fiscal year, the concept that covers most of the year's periods is used
 * (ties: the order `concepts.ts` lists them); for a period it lacks, candidates are tried
 * in order: first a value reported for that exact period, then a derived one (see
 * `fact-series.ts`).
 * Fiscal years and quarters come from the period end date and the company's fiscal-year
 * end (`fiscal-calendar.ts`), never from the records' `fy`/`fp`. The balance sheet at the
 * fiscal year end serves both the FY row and the Q4 row.
 */
import type {
  BalanceSheet,
  CashFlowStatement,
  IncomeStatement,
  PeriodRow,
  Source,
  SplitAdjustment,
} from '../models';
import {
  BALANCE_CONCEPTS,
  type BalanceField,
  CASH_FLOW_CONCEPTS,
  type CashFlowField,
  type ConceptMapping,
  INCOME_CONCEPTS,
  type IncomeField,
} from './concepts';
import { conceptSeries, type PeriodValue, periodKey, type ValuePolicy } from './fact-series';
import { filingUrl, padCik } from './filing-url';
import { durationKind, fiscalPosition, quarterLabel } from './fiscal-calendar';
import { detectSplits, type SplitEvent, splitFactor, toCurrentBasis } from './splits';
import type { SecCompanyFacts, SecFactRecord } from './types';

/** Options of `normalizeCompanyFacts`. */
export interface NormalizeOptions {
  /** The ticker to stamp on rows. */
  ticker: string;
  /** Nominal fiscal-year end `MMDD` from submissions (default `1231`). */
  fiscalYearEnd?: string;
  /** Accession → primary document, from submissions, for document URLs in sources. */
  primaryDocuments?: ReadonlyMap<string, string>;
  /** `latest` (default): restated values win; `first`: values as first filed. */
  values?: ValuePolicy;
  /** Drop rows of earlier fiscal years. */
  fromFiscalYear?: number;
  /**
   * Put per-share values and share counts on today's share basis after stock splits (default
   * true with the `latest` policy; never with `first`, which keeps values as first filed).
   */
  splitAdjust?: boolean;
}

/** Normalized statements of one company, each list newest first (annual and quarterly rows mixed). */
export interface NormalizedFinancials {
  ticker: string;
  /** 10 digits, zero-padded. */
  cik: string;
  name: string;
  incomeStatements: IncomeStatement[];
  balanceSheets: BalanceSheet[];
  cashFlowStatements: CashFlowStatement[];
}

interface Context {
  facts: SecCompanyFacts;
  ticker: string;
  cik: string;
  fiscalYearEnd: string;
  policy: ValuePolicy;
  primaryDocuments: ReadonlyMap<string, string>;
  fromFiscalYear: number;
  /** Splits to adjust for; `undefined` when values stay as filed. */
  splits: SplitEvent[] | undefined;
}

interface FieldSeries<Field extends string> {
  mapping: ConceptMapping<Field>;
  series: Map<string, PeriodValue>[];
  /** Values as first filed, per concept (share-basis fields only, when adjusting). */
  first?: Map<string, PeriodValue>[];
}

function shareKind(mapping: ConceptMapping<string>): 'perShare' | 'shares' | undefined {
  return mapping.unit === 'USD/shares' ? 'perShare' : mapping.unit === 'shares' ? 'shares' : undefined;
}

interface Slot {
  start: string | null;
  end: string;
  row: Pick<PeriodRow, 'period' | 'fiscalYear' | 'fiscalPeriod'>;
}

/**
 * Normalizes one company's companyfacts.
 *
 * @example
 * ```ts
 * const profile = readCompanyProfile(submissions);
 * const normalized = normalizeCompanyFacts(facts, {
 *   ticker: profile.ticker,
 *   fiscalYearEnd: profile.fiscalYearEnd,
 *   primaryDocuments: primaryDocuments(submissions),
 * });
 * ```
 */
export function normalizeCompanyFacts(
  facts: SecCompanyFacts,
  options: NormalizeOptions,
): NormalizedFinancials {
  const context: Context = {
    facts,
    ticker: options.ticker.toUpperCase(),
    cik: padCik(facts.cik),
    fiscalYearEnd: options.fiscalYearEnd ?? '1231',
    policy: options.values ?? 'latest',
    primaryDocuments: options.primaryDocuments ?? new Map(),
    fromFiscalYear: options.fromFiscalYear ?? Number.NEGATIVE_INFINITY,
    splits:
      (options.values ?? 'latest') === 'latest' && options.splitAdjust !== false
        ? detectSplits(facts)
        : undefined,
  };
  const income = buildRows<IncomeField>(context, INCOME_CONCEPTS, [
    'revenue',
    'netIncome',
    'operatingIncome',
  ]);
  const balance = buildRows<BalanceField>(context, BALANCE_CONCEPTS, ['totalAssets']);
  const cashFlow = buildRows<CashFlowField>(context, CASH_FLOW_CONCEPTS, ['operatingCashFlow']);
  for (const row of income) deriveGrossProfit(row as unknown as IncomeStatement);
  for (const row of cashFlow) deriveFreeCashFlow(row as unknown as CashFlowStatement);
  for (const row of balance) deriveTotalLiabilities(row as unknown as BalanceSheet);
  deriveCash(balance as unknown as BalanceSheet[], cashFlow as unknown as CashFlowStatement[]);
  return {
    ticker: context.ticker,
    cik: context.cik,
    name: facts.entityName,
    incomeStatements: income as unknown as IncomeStatement[],
    balanceSheets: balance as unknown as BalanceSheet[],
    cashFlowStatements: cashFlow as unknown as CashFlowStatement[],
  };
}

type BuiltRow = PeriodRow & Record<string, unknown>;

function buildRows<Field extends string>(
  context: Context,
  mappings: readonly ConceptMapping<Field>[],
  anchors: readonly Field[],
): BuiltRow[] {
  const fields: FieldSeries<Field>[] = mappings.map((mapping) => ({
    mapping,
    series: mapping.concepts.map((concept) =>
      conceptSeries(context.facts, concept, mapping.unit, mapping.kind, context.policy),
    ),
    ...(context.splits && shareKind(mapping)
      ? {
          first: mapping.concepts.map((concept) =>
            conceptSeries(context.facts, concept, mapping.unit, mapping.kind, 'first'),
          ),
        }
      : {}),
  }));
  const rows: BuiltRow[] = [];
  const seen = new Set<string>();
  const unique = slots(context, fields, anchors).filter((slot) => {
    const id = `${slot.row.period}|${slot.row.fiscalYear}|${slot.row.fiscalPeriod}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const preferred = preferredConcepts(fields, unique);
  for (const slot of unique) {
    const row: BuiltRow = {
      ticker: context.ticker,
      ...slot.row,
      periodStart: slot.start,
      periodEnd: slot.end,
      currency: 'USD',
      derived: [],
      sources: [],
    };
    fields.forEach(({ mapping, series, first }, fieldIndex) => {
      const key = slotKey(mapping, slot);
      const favourite = series[preferred.get(`${fieldIndex}|${slot.row.fiscalYear}`) ?? -1];
      let chosen = favourite?.get(key) ?? choose(series, key);
      if (!chosen) {
        row[mapping.field] = null;
        return;
      }
      const kind = shareKind(mapping);
      if (kind && first && context.splits) {
        const adjusted = onCurrentBasis(
          chosen,
          first[mapping.concepts.indexOf(chosen.concept)]?.get(key),
          kind,
          context.splits,
        );
        chosen = adjusted.value;
        if (adjusted.adjustment) {
          row.splitAdjusted = { ...(row.splitAdjusted ?? {}), [mapping.field]: adjusted.adjustment };
        }
      }
      row[mapping.field] = (mapping.sign ?? 1) * chosen.value || 0;
      if (chosen.derived) row.derived.push(mapping.field);
      for (const record of chosen.records)
        row.sources.push(source(context, mapping.field, chosen.concept, record));
    });
    rows.push(row);
  }
  return rows;
}

/**
 * A share-basis value on today's basis. Both the latest-filed value and the first-filed one
 * are adjusted for the splits after their filings; when they agree within the rounding of
 * the filed figures, the first-filed one is used (a restatement for a split rounds: NVIDIA's
 * FY2023 EPS 1.74 → 0.174, restated as 0.17), else the latest (a real restatement).
 */
function onCurrentBasis(
  latest: PeriodValue,
  first: PeriodValue | undefined,
  kind: 'perShare' | 'shares',
  splits: readonly SplitEvent[],
): { value: PeriodValue; adjustment?: SplitAdjustment } {
  const filedOf = (value: PeriodValue) => (value.records[0] as SecFactRecord).filed;
  const latestFactor = splitFactor(splits, filedOf(latest));
  const latestValue = toCurrentBasis(latest.value, latestFactor, kind);
  let used = latest;
  let factor = latestFactor;
  let value = latestValue;
  if (first && first !== latest) {
    const firstFactor = splitFactor(splits, filedOf(first));
    const firstValue = toCurrentBasis(first.value, firstFactor, kind);
    const tolerance =
      kind === 'perShare' ? 0.005 / latestFactor + 0.005 / firstFactor + 1e-9 : Math.abs(latestValue) * 0.002;
    if (Math.abs(firstValue - latestValue) <= tolerance) {
      used = first;
      factor = firstFactor;
      value = firstValue;
    }
  }
  const firstFiled = first?.value ?? latest.value;
  if (factor === 1 && value === latest.value && firstFiled === latest.value) return { value: latest };
  const record = used.records[0] as SecFactRecord;
  return {
    value: { ...used, value },
    adjustment: {
      factor,
      asFiled: used.value,
      accession: record.accn,
      filed: record.filed,
      firstFiled,
      latestFiled: latest.value,
    },
  };
}

function slotKey(mapping: ConceptMapping<string>, slot: Slot): string {
  return mapping.kind === 'instant' ? periodKey(null, slot.end) : periodKey(slot.start, slot.end);
}

/**
 * For each field and fiscal year, the concept that covers most of that year's rows (ties go
 * to the earlier-listed concept). Using one concept across a year keeps the year coherent:
 * AMD reports pre-tax income both with and without equity-method income, but only the
 * latter in its 10-Qs; mixing them would make the quarters not add up to the year.
 */
function preferredConcepts<Field extends string>(
  fields: readonly FieldSeries<Field>[],
  rows: readonly Slot[],
): Map<string, number> {
  const byYear = new Map<number, Slot[]>();
  for (const slot of rows)
    byYear.set(slot.row.fiscalYear, [...(byYear.get(slot.row.fiscalYear) ?? []), slot]);
  const preferred = new Map<string, number>();
  fields.forEach(({ mapping, series }, fieldIndex) => {
    for (const [year, slotsOfYear] of byYear) {
      let best = -1;
      let bestCount = 0;
      series.forEach((values, conceptIndex) => {
        const count = slotsOfYear.filter((slot) => values.has(slotKey(mapping, slot))).length;
        if (count > bestCount) {
          best = conceptIndex;
          bestCount = count;
        }
      });
      if (best >= 0) preferred.set(`${fieldIndex}|${year}`, best);
    }
  });
  return preferred;
}

/** The rows to build, newest first, from the anchor fields' periods. */
function slots<Field extends string>(
  context: Context,
  fields: readonly FieldSeries<Field>[],
  anchors: readonly Field[],
): Slot[] {
  const periods = new Map<string, { start: string | null; end: string }>();
  for (const { mapping, series } of fields) {
    if (!anchors.includes(mapping.field)) continue;
    for (const conceptValues of series)
      for (const [key, value] of conceptValues) periods.set(key, { start: value.start, end: value.end });
  }
  const result: Slot[] = [];
  for (const { start, end } of periods.values()) {
    const position = fiscalPosition(end, context.fiscalYearEnd);
    if (position.fiscalYear < context.fromFiscalYear) continue;
    const kind = start === null ? 'instant' : durationKind(start, end);
    if (kind === 'instant' || kind === 'quarter') {
      result.push({
        start,
        end,
        row: {
          period: 'quarterly',
          fiscalYear: position.fiscalYear,
          fiscalPeriod: quarterLabel(position.quarter),
        },
      });
    }
    if ((kind === 'instant' || kind === 'year') && position.quarter === 4) {
      result.push({
        start,
        end,
        row: { period: 'annual', fiscalYear: position.fiscalYear, fiscalPeriod: 'FY' },
      });
    }
  }
  // Newest first; annual before quarterly at the same end date.
  return result.sort((left, right) =>
    left.end === right.end ? left.row.period.localeCompare(right.row.period) : left.end < right.end ? 1 : -1,
  );
}

function choose(series: readonly Map<string, PeriodValue>[], key: string): PeriodValue | undefined {
  for (const values of series) {
    const value = values.get(key);
    if (value && !value.derived) return value;
  }
  for (const values of series) {
    const value = values.get(key);
    if (value) return value;
  }
  return undefined;
}

function source(context: Context, field: string, concept: string, record: SecFactRecord): Source {
  return {
    field,
    url: filingUrl(context.cik, record.accn, context.primaryDocuments.get(record.accn)),
    form: record.form,
    accession: record.accn,
    filed: record.filed,
    concept: `us-gaap:${concept}`,
  };
}

function sourcesOf(row: PeriodRow, ...fields: string[]): Source[] {
  return row.sources.filter((entry) => entry.field !== undefined && fields.includes(entry.field));
}

function deriveGrossProfit(row: IncomeStatement): void {
  if (row.grossProfit !== null || row.revenue === null || row.costOfRevenue === null) return;
  row.grossProfit = row.revenue - row.costOfRevenue;
  row.derived.push('grossProfit');
  for (const entry of sourcesOf(row, 'revenue', 'costOfRevenue'))
    row.sources.push({ ...entry, field: 'grossProfit' });
}

function deriveFreeCashFlow(row: CashFlowStatement): void {
  if (row.operatingCashFlow === null || row.capitalExpenditure === null) {
    row.freeCashFlow = null;
    return;
  }
  row.freeCashFlow = row.operatingCashFlow + row.capitalExpenditure;
  row.derived.push('freeCashFlow');
  for (const entry of sourcesOf(row, 'operatingCashFlow', 'capitalExpenditure'))
    row.sources.push({ ...entry, field: 'freeCashFlow' });
}

/** Total liabilities = total liabilities and equity − equity, when only those two are filed (AMD). */
function deriveTotalLiabilities(row: BalanceSheet): void {
  if (
    row.totalLiabilities !== null ||
    row.totalLiabilitiesAndEquity === null ||
    row.shareholdersEquity === null
  )
    return;
  row.totalLiabilities = row.totalLiabilitiesAndEquity - row.shareholdersEquity;
  row.derived.push('totalLiabilities');
  for (const entry of sourcesOf(row, 'totalLiabilitiesAndEquity', 'shareholdersEquity'))
    row.sources.push({ ...entry, field: 'totalLiabilities' });
}

/**
 * Cash when the balance sheet's cash concept is not filed for a date but the
 * cash-and-restricted-cash concept is (the cash-flow statement's ending cash at the same date):
 * that figure, marked derived, its source naming the concept it is (restricted cash included).
 */
function deriveCash(balance: BalanceSheet[], cashFlow: readonly CashFlowStatement[]): void {
  for (const row of balance) {
    if (row.cashAndEquivalents !== null) continue;
    const flow = cashFlow.find(
      (candidate) => candidate.periodEnd === row.periodEnd && candidate.endingCash !== null,
    );
    if (!flow || flow.endingCash === null) continue;
    row.cashAndEquivalents = flow.endingCash;
    row.derived.push('cashAndEquivalents');
    for (const entry of sourcesOf(flow, 'endingCash'))
      row.sources.push({ ...entry, field: 'cashAndEquivalents' });
  }
}
