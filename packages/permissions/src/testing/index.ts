/**
 * `@dexter/permissions/testing`: helpers for unit-testing permission rules in any test
 * runner (no framework is imported).
 */

export type { AssertRuleTableOptions } from './assert-rule-table';
export { assertRuleTable, RuleTableAssertionError } from './assert-rule-table';
export type { DecideCommandOptions } from './expect-decision';
export { decideCommand, expectDecision, RuleAssertionError } from './expect-decision';
export type { RuleTableEntry, RuleTableErrorCode } from './load-rule-table';
export { loadRuleTable, parseRuleTableText, RuleTableError } from './load-rule-table';
export type { NearMiss, RuleList } from './near-miss';
export { findNearMisses } from './near-miss';
export type { RuleTableCase, RuleTableMismatch, RuleTableReport, RuleTableSource } from './rule-table';
export {
  checkRuleTable,
  describeRuleTableCase,
  formatRuleTableMismatches,
  reportRuleTable,
  runRuleTableReport,
} from './rule-table';
