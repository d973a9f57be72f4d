/**
 * `assertRuleTable(cases, settings)`: the one-line CI assertion for a whole table. On a
 * mismatch it throws a `RuleTableAssertionError` whose message is the summary — one block
 * per failing row, with `file:line` when the table came from `loadRuleTable` — and nothing
 * else: no `expected`/`actual` values, so test runners print no JSON diff of the mismatch
 * objects, and no stack frames.
 */
import {
  formatRuleTableMismatches,
  type RuleTableCase,
  type RuleTableMismatch,
  reportRuleTable,
} from './rule-table';

/** Options of `assertRuleTable`. */
export interface AssertRuleTableOptions {
  /** Also fail when a rule of `settings` decides no case (an untested, often misspelled rule). */
  everyRuleExercised?: boolean;
}

/** A table that does not hold. */
export class RuleTableAssertionError extends Error {
  override readonly name = 'RuleTableAssertionError';
  constructor(
    message: string,
    /** The mismatches, for callers that want the data (not shown by runners). */
    readonly mismatches: readonly RuleTableMismatch[],
  ) {
    super(message);
    // The summary is the whole story: keep runners from printing frames of our own code.
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * Throws `RuleTableAssertionError` (message: the summary only) unless every case decides as
 * expected; returns the number of cases checked.
 *
 * @example
 * ```ts
 * const table = loadRuleTable(new URL('../rules.test.jsonl', import.meta.url));
 * it('holds the team table', () => {
 *   assertRuleTable(table, settings);
 * });
 * ```
 */
export function assertRuleTable(
  cases: readonly RuleTableCase[],
  settings?: unknown,
  options: AssertRuleTableOptions = {},
): number {
  const { mismatches, unexercised } = reportRuleTable(cases, settings);
  const idle = options.everyRuleExercised ? unexercised : [];
  if (mismatches.length === 0 && idle.length === 0) return cases.length;
  const parts: string[] = [];
  if (mismatches.length > 0) {
    parts.push(
      `${mismatches.length} of ${cases.length} rule-table case(s) failed:\n${formatRuleTableMismatches(mismatches)}`,
    );
  }
  if (idle.length > 0) parts.push(`${idle.length} rule(s) no case exercised: ${idle.join(', ')}`);
  throw new RuleTableAssertionError(parts.join('\n'), mismatches);
}
