/**
 * `@dexter/permissions/testing`: helpers for unit-testing permission rules in any test
 * runner (no framework is imported).
 */

export { assertRuleTable, RuleTableAssertionError } from './assert-rule-table';
export type { DecideCommandOptions } from './expect-decision';
export { decideCommand, expectDecision, RuleAssertionError } from './expect-decision';
export type { RuleTableEntry, RuleTableErrorCode } from './load-rule-table';
export { loadRuleTable, parseRuleTableText, RuleTableError } from './load-rule-table';
export type { RuleTableCase, RuleTableMismatch, RuleTableSource } from './rule-table';
export { checkRuleTable, describeRuleTableCase, formatRuleTableMismatches } from './rule-table';
