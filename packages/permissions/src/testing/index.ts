/**
 * `@dexter/permissions/testing`: helpers for unit-testing permission rules in any test
 * runner (no framework is imported).
 */
export type { DecideCommandOptions } from './expect-decision';
export { decideCommand, expectDecision, RuleAssertionError } from './expect-decision';
export type { RuleTableCase, RuleTableMismatch } from './rule-table';
export { checkRuleTable, formatRuleTableMismatches } from './rule-table';
