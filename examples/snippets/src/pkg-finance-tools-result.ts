/**
 * Snippet of packages/finance-tools/README.md: the shape of a `MetaToolResult`, checked
 * against the exported type so the README cannot drift from it.
 */
import type {
  ComputedMetrics,
  MetaToolResult as ExportedMetaToolResult,
  RoutePlan,
  SubCallFailure,
  SubCallRow,
} from '@dexter/finance-tools';

// #region result
interface MetaToolResult {
  answer: string; // markdown for the model (below)
  data: Record<string, SubCallRow[]>; // 'AAPL.income_statements.annual', 'AAPL.income_statements.quarterly',
  // 'NVDA.key_metrics.latest', 'AAPL.filings', … — newest first
  sources: string[]; // every filing URL behind the figures, de-duplicated
  warnings: string[]; // partial failures, provider fall-through, stale data, assumptions
  notes: string[]; // every line of the answer's Notes: how it was read, warnings, why each — and *
  failures: SubCallFailure[]; // { key, tool, ticker, code: 'unknown_ticker' | 'timeout' | …, message }
  plan: RoutePlan; // the sub-calls and how the query was read
  stats: { calls: number; requests: number; cacheHits: number };
  computed?: ComputedMetrics; // margins, growth, CAGR, FCF, debt, D/E, rankings — when asked; formulas + filed inputs
}
// #endregion result

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only while the README's interface has the exported type's fields and types. */
export const readmeShowsTheExportedType: Same<MetaToolResult, ExportedMetaToolResult> &
  Same<keyof MetaToolResult, keyof ExportedMetaToolResult> = true;
