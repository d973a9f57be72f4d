/**
 * Renders merged sub-call results as markdown for the model: how the query was read, one
 * table per statement kind (a focused comparison when the query named line items, the full
 * statement otherwise), warnings, and every source URL. Figures marked `*` were derived by
 * the provider (e.g. fiscal Q4 = FY − 9M), not read from a filing.
 */
import type { SplitAdjustment } from '../models';
import type { RoutePlan, SubToolName } from '../router/types';
import { BALANCE_CONCEPTS, CASH_FLOW_CONCEPTS, INCOME_CONCEPTS } from '../sec/concepts';
import type { ComputedFigure, ComputedMetrics } from './computed-metrics';
import { fieldLabel, formatValue, periodLabel, ROW_META_FIELDS } from './format-values';
import { type SubCallRow, subToolLabel } from './sub-call-runner';

/** The merged data of one key, as the formatter needs it. */
export interface FormattedSection {
  key: string;
  tool: SubToolName;
  ticker: string;
  rows: SubCallRow[];
  /** Fields the query singled out for this key. */
  fields: string[];
}

/** Everything the answer shows. */
export interface AnswerParts {
  title: string;
  plan: RoutePlan;
  sections: FormattedSection[];
  warnings: string[];
  sources: string[];
  computed?: ComputedMetrics;
}

function computedValue(figure: ComputedFigure): string {
  if (figure.value === null) return '—';
  if (figure.kind === 'ratio') return `${(figure.value * 100).toFixed(2)}%`;
  if (figure.kind === 'multiple') return figure.value.toFixed(2);
  return formatValue('amount', figure.value);
}

function computedBlock(computed: ComputedMetrics, index: ReadonlyMap<string, number>): string {
  const rows = computed.figures.map((figure) => {
    const inputs = figure.inputs
      .map(
        (entry) =>
          `${fieldLabel(entry.field)} ${formatValue(entry.field, entry.value)} (${entry.ticker} ${entry.period})`,
      )
      .join('; ');
    const numbers = new Set<number>();
    for (const entry of figure.inputs)
      for (const url of entry.sources) {
        const number = index.get(url);
        if (number !== undefined) numbers.add(number);
      }
    const refs = numbers.size > 0 ? `[${[...numbers].sort((a, b) => a - b).join(', ')}]` : '—';
    return [
      figure.ticker,
      figure.period,
      figure.label,
      computedValue(figure),
      `${figure.formula}${figure.note ? ` — ${figure.note}` : ''}`,
      inputs || '—',
      refs,
    ];
  });
  const out = [
    '### Computed from the filed figures',
    table(['Company', 'Period', 'Metric', 'Value', 'Formula', 'Filed inputs', 'Source'], rows, [
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]),
  ];
  if (computed.ranking) {
    const { ranking } = computed;
    out.push(
      `**Ranking (${ranking.order} ${ranking.label.toLowerCase()} first; each company's newest period in this answer):** ${ranking.entries
        .map(
          (figure, position) =>
            `${position + 1}. ${figure.ticker} ${computedValue(figure)} (${figure.period})`,
        )
        .join('; ')}.`,
    );
  }
  return out.join('\n\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function table(header: string[], rows: string[][], alignRight: boolean[]): string {
  const head = `| ${header.map(escapeCell).join(' | ')} |`;
  const rule = `|${alignRight.map((right) => (right ? ' ---: ' : ' --- ')).join('|')}|`;
  return [head, rule, ...rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`)].join('\n');
}

function splitAdjustmentOf(row: Record<string, unknown>, field: string): SplitAdjustment | undefined {
  const adjusted = row.splitAdjusted as Record<string, SplitAdjustment> | undefined;
  const adjustment = adjusted?.[field];
  return adjustment && adjustment.factor !== 1 ? adjustment : undefined;
}

function cell(row: Record<string, unknown>, field: string): string {
  const derived = Array.isArray(row.derived) && row.derived.includes(field);
  const split = splitAdjustmentOf(row, field) !== undefined;
  return `${formatValue(field, row[field])}${derived ? '*' : ''}${split ? '†' : ''}`;
}

const MARKET_FIELDS = new Set([
  'marketCap',
  'enterpriseValue',
  'priceToEarnings',
  'priceToSales',
  'priceToBook',
]);
const RESTRICTED_CASH = 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents';

function conceptsOf(field: string): string[] {
  const mapping = [...INCOME_CONCEPTS, ...BALANCE_CONCEPTS, ...CASH_FLOW_CONCEPTS].find(
    (entry) => entry.field === field,
  );
  return mapping ? mapping.concepts.map((concept) => `us-gaap:${concept}`) : [];
}

/** How a derived (`*`) figure was made. */
export function derivationOf(row: Record<string, unknown>, field: string): string {
  const sources = Array.isArray(row.sources)
    ? (row.sources as Array<{ field?: string; concept?: string }>)
    : [];
  const concept = sources.find((source) => source.field === field)?.concept;
  if (field === 'cashAndEquivalents' && concept === RESTRICTED_CASH)
    return `the cash, cash equivalents and restricted cash figure (${RESTRICTED_CASH}): the cash concept alone is not filed for this date, so restricted cash is included`;
  if (row.period === 'ttm' && row.ttmMethod !== 'filed fiscal year') return 'the sum of four quarters';
  if (field === 'grossProfit') return 'revenue − cost of revenue';
  if (field === 'freeCashFlow') return 'operating cash flow + capital expenditure (capex is negative)';
  if (field === 'totalLiabilities')
    return "total liabilities and equity − shareholders' equity (us-gaap:Liabilities is not filed for this date)";
  if (row.fiscalPeriod === 'Q4') return 'the full year − the nine months year-to-date';
  if (row.period === 'quarterly') return 'the year-to-date figure − the previous year-to-date figure';
  return 'computed by the data source from filed figures';
}

/** Why a figure is missing (`—`). */
export function missingReason(row: Record<string, unknown>, field: string): string {
  if (MARKET_FIELDS.has(field)) return 'needs market prices, which this data source does not have';
  const perShare = /^eps|PerShare$|^weightedAverage/.test(field);
  if (row.period === 'ttm' && row.ttmMethod !== 'filed fiscal year')
    return perShare
      ? 'not all four quarters have it: fiscal Q4 per-share figures and share counts are not filed separately and cannot be derived by subtraction'
      : 'not every quarter in the window reports it';
  if (row.fiscalPeriod === 'Q4' && perShare)
    return 'fiscal Q4 per-share figures and share counts are not filed (the 10-K reports the year) and cannot be derived by subtraction';
  const concepts = conceptsOf(field);
  return concepts.length > 0
    ? `not filed for this period (no ${concepts.join(' or ')} value in the filings)`
    : 'its inputs are not all filed for this period';
}

/** Notes explaining the `*` and `—` cells shown, one per explanation (with its fields and periods). */
function cellNotes(
  sections: readonly FormattedSection[],
  shown: (section: FormattedSection) => string[],
): string[] {
  const groups = new Map<string, { fields: string[]; where: string[] }>();
  const add = (key: string, field: string, where: string) => {
    const group = groups.get(key) ?? { fields: [], where: [] };
    if (!group.fields.includes(field)) group.fields.push(field);
    if (!group.where.includes(where)) group.where.push(where);
    groups.set(key, group);
  };
  for (const section of sections) {
    for (const row of section.rows as Record<string, unknown>[]) {
      const where = `${section.ticker} ${periodLabel(row)}`;
      for (const field of shown(section)) {
        const value = row[field];
        const derived = Array.isArray(row.derived) && row.derived.includes(field);
        if (value === null || value === undefined)
          add(`— ${missingReason(row, field)}`, fieldLabel(field), where);
        else if (derived) add(`* = ${derivationOf(row, field)}`, fieldLabel(field), where);
      }
    }
  }
  return [...groups].map(([text, { fields, where }]) => {
    const listed = where.slice(0, 4).join('; ');
    return `${text}: ${fields.join(', ')} (${listed}${where.length > 4 ? `; and ${where.length - 4} more` : ''}).`;
  });
}

/** One line per split-adjusted figure shown (at most `limit`), saying what was filed. */
function splitNotes(
  sections: readonly FormattedSection[],
  shown: (section: FormattedSection) => string[],
): string[] {
  const lines: string[] = [];
  for (const section of sections) {
    for (const row of section.rows as Record<string, unknown>[]) {
      for (const field of shown(section)) {
        const adjustment = splitAdjustmentOf(row, field);
        if (!adjustment) continue;
        const operation = /^eps|PerShare$/.test(field) ? '÷' : '×';
        const restated =
          adjustment.latestFiled !== adjustment.asFiled ? `; latest filing: ${adjustment.latestFiled}` : '';
        lines.push(
          `${section.ticker} ${periodLabel(row)} ${fieldLabel(field)}: ${adjustment.asFiled} as filed ${adjustment.filed} ${operation} ${adjustment.factor} (splits since)${restated}`,
        );
      }
    }
  }
  return lines;
}

function numericFields(rows: readonly Record<string, unknown>[]): string[] {
  const fields: string[] = [];
  for (const row of rows) {
    for (const [field, value] of Object.entries(row)) {
      if (ROW_META_FIELDS.has(field) || fields.includes(field)) continue;
      if (typeof value === 'number') fields.push(field);
    }
  }
  return fields;
}

/** `[1, 3]`: the numbers, in the Sources list, of the filings behind `fields` of `row`. */
function sourceRefs(
  row: Record<string, unknown>,
  fields: readonly string[],
  index: ReadonlyMap<string, number>,
): string {
  const sources = Array.isArray(row.sources)
    ? (row.sources as Array<{ url?: unknown; field?: unknown }>)
    : [];
  const relevant = sources.filter(
    (source) => typeof source.field !== 'string' || fields.includes(source.field),
  );
  const numbers = new Set<number>();
  for (const source of relevant.length > 0 ? relevant : sources) {
    const number = typeof source.url === 'string' ? index.get(source.url) : undefined;
    if (number !== undefined) numbers.add(number);
  }
  return numbers.size === 0 ? '—' : `[${[...numbers].sort((a, b) => a - b).join(', ')}]`;
}

function focusTable(
  sections: readonly FormattedSection[],
  fields: string[],
  index: ReadonlyMap<string, number>,
): string {
  const rows: string[][] = [];
  for (const section of sections) {
    for (const row of section.rows as Record<string, unknown>[]) {
      rows.push([
        section.ticker,
        periodLabel(row),
        ...fields.map((field) => cell(row, field)),
        sourceRefs(row, fields, index),
      ]);
    }
  }
  return table(['Company', 'Period', ...fields.map(fieldLabel), 'Source'], rows, [
    false,
    false,
    ...fields.map(() => true),
    false,
  ]);
}

function statementTable(section: FormattedSection, index: ReadonlyMap<string, number>): string {
  const rows = section.rows as Record<string, unknown>[];
  const fields = numericFields(rows);
  return table(
    ['Line item', ...rows.map(periodLabel)],
    [
      ...fields.map((field) => [fieldLabel(field), ...rows.map((row) => cell(row, field))]),
      ['Source', ...rows.map((row) => sourceRefs(row, fields, index))],
    ],
    [false, ...rows.map(() => true)],
  );
}

function filingsTable(sections: readonly FormattedSection[]): string {
  const rows: string[][] = [];
  for (const section of sections) {
    for (const filing of section.rows as Record<string, unknown>[]) {
      rows.push([
        section.ticker,
        String(filing.filed ?? ''),
        String(filing.form ?? ''),
        String(filing.reportDate ?? '—'),
        String(filing.url ?? ''),
      ]);
    }
  }
  return table(['Company', 'Filed', 'Form', 'Period of report', 'Document'], rows, [
    false,
    false,
    false,
    false,
    false,
  ]);
}

function segmentsBlock(section: FormattedSection): string {
  const lines: string[] = [];
  for (const row of section.rows as Record<string, unknown>[]) {
    const segments = Array.isArray(row.segments) ? (row.segments as Array<Record<string, unknown>>) : [];
    lines.push(`- ${periodLabel(row)}:`);
    for (const segment of segments) {
      const axis = segment.axis ? ` (${segment.axis})` : '';
      lines.push(`  - ${segment.name}${axis}: ${formatValue('revenue', segment.revenue)}`);
    }
  }
  return lines.join('\n');
}

/** Longest query text echoed in the heading. */
export const HEADING_QUERY_MAX = 120;

/**
 * The user's question as the answer's heading: one line, quoted, markdown and quote
 * characters neutralised, cut at `HEADING_QUERY_MAX` characters. The model then reads it
 * as quoted user text, never as the tool's own words or as a new markdown section.
 */
export function quotedHeading(title: string): string {
  const flat = title
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/[`*_#<>[\]|"\\]/g, (character) => (character === '"' ? "'" : ' '))
    .replace(/\s+/g, ' ')
    .trim();
  const cut = flat.length > HEADING_QUERY_MAX ? `${flat.slice(0, HEADING_QUERY_MAX).trimEnd()}…` : flat;
  return `## Results for the query "${cut}"`;
}

/** Renders the answer. */
export function formatAnswer(parts: AnswerParts): string {
  return renderAnswer(parts).answer;
}

/** The markdown answer and the notes it shows (the same list, for `MetaToolResult.notes`). */
export function renderAnswer(parts: AnswerParts): { answer: string; notes: string[] } {
  const { plan } = parts;
  const sourceIndex = new Map(parts.sources.map((url, position) => [url, position + 1]));
  const out: string[] = [];
  const tickers = plan.interpretation.tickers.map((hit) =>
    hit.matched.toUpperCase() === hit.ticker ? hit.ticker : `${hit.ticker} ("${hit.matched}")`,
  );
  out.push(quotedHeading(parts.title));
  out.push(
    `Read as: ${tickers.join(', ') || 'no company'}; ${plan.interpretation.period}; as of ${plan.interpretation.asOf} (${plan.router} router).`,
  );
  const byTool = new Map<SubToolName, FormattedSection[]>();
  for (const section of parts.sections) {
    if (section.rows.length === 0) continue;
    const list = byTool.get(section.tool) ?? [];
    list.push(section);
    byTool.set(section.tool, list);
  }
  let anyDerived = false;
  const splitLines: string[] = [];
  const cellLines: string[] = [];
  for (const [tool, sections] of byTool) {
    const periods = [...new Set(sections.map((section) => section.key.split('.')[2] ?? ''))].filter(Boolean);
    out.push(
      `### ${subToolLabel(tool).replace(/^./, (c) => c.toUpperCase())}${periods.length ? ` (${periods.join(', ')})` : ''}`,
    );
    if (tool === 'filings') {
      out.push(filingsTable(sections));
      continue;
    }
    if (tool === 'segmented_revenues') {
      for (const section of sections) out.push(`**${section.ticker}**\n${segmentsBlock(section)}`);
      continue;
    }
    const fields = [...new Set(sections.flatMap((section) => section.fields))].filter((field) =>
      sections.some((section) => section.rows.some((row) => field in row)),
    );
    if (fields.length > 0) {
      out.push(focusTable(sections, fields, sourceIndex));
    } else {
      for (const section of sections)
        out.push(`**${section.ticker}** (${section.key})\n\n${statementTable(section, sourceIndex)}`);
    }
    const shown = fields.length > 0 ? fields : undefined;
    const shownFields = (section: FormattedSection) =>
      shown ?? numericFields(section.rows as Record<string, unknown>[]);
    splitLines.push(...splitNotes(sections, shownFields));
    cellLines.push(...cellNotes(sections, shownFields));
    anyDerived ||= sections.some((section) =>
      section.rows.some((row) => {
        const derived = (row as { derived?: unknown }).derived;
        return Array.isArray(derived) && derived.some((field) => !shown || shown.includes(field));
      }),
    );
  }
  if (byTool.size === 0) out.push('No data was returned.');
  const currency = parts.sections.flatMap((section) => section.rows).find((row) => 'currency' in row) as
    | { currency?: string }
    | undefined;
  if ([...byTool.keys()].some((tool) => tool !== 'filings')) {
    out.push(
      `Amounts in ${currency?.currency ?? 'USD'}, exact as filed${anyDerived ? '; * = derived by the data source from filed figures (how: below)' : ''}; — = not available (why: below). Periods follow each company's fiscal calendar.`,
    );
  }
  if (parts.computed && parts.computed.figures.length > 0)
    out.push(computedBlock(parts.computed, sourceIndex));
  const notes = [...plan.notes, ...parts.warnings, ...cellLines];
  if (splitLines.length > 0) {
    const listed = splitLines.slice(0, 8);
    const more = splitLines.length > listed.length ? ` (and ${splitLines.length - listed.length} more)` : '';
    notes.push(
      `† split-adjusted: per-share figures and share counts are on today's share basis, using the split ratios the filings imply (per-share ÷ ratio, shares × ratio); growth is computed on that basis; the values as filed are in data (splitAdjusted): ${listed.join('; ')}${more}.`,
    );
  }
  if (notes.length > 0) out.push(`### Notes\n${notes.map((note) => `- ${note}`).join('\n')}`);
  if (parts.sources.length > 0) {
    out.push(`### Sources\n${parts.sources.map((url, index) => `${index + 1}. ${url}`).join('\n')}`);
  }
  return { answer: out.join('\n\n'), notes };
}
