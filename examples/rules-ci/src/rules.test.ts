/**
 * The team's rule table as vitest tests, through `@dexter/permissions/testing` — the same
 * table and settings `dexter-permissions test` checks in CI (see cli.test.ts).
 */
// #region table
import { checkRuleTable, expectDecision, formatRuleTableMismatches } from '@dexter/permissions/testing';
import { describe, expect, it } from 'vitest';
import { loadRuleTable, loadSettings } from './rule-table';

const settings = loadSettings();
const table = loadRuleTable();

describe('.dexter/settings.json', () => {
  it('decides every case of rules.test.jsonl as expected', () => {
    const mismatches = checkRuleTable(table, settings);
    expect(mismatches, formatRuleTableMismatches(mismatches)).toEqual([]);
  });

  // One test per case, for readable failures.
  it.each(table.map((entry) => [entry.name ?? entry.command, entry] as const))('%s', (_name, entry) => {
    expectDecision(entry.command, settings).toBe(entry.expect);
  });
});
// #endregion table

describe('the table is a real check', () => {
  it('has about twenty realistic cases covering all three outcomes', () => {
    expect(table.length).toBeGreaterThanOrEqual(20);
    expect(new Set(table.map((entry) => entry.expect))).toEqual(new Set(['allow', 'ask', 'deny']));
  });

  it('reports a case whose expectation is wrong', () => {
    const wrong = table.map((entry) =>
      entry.command === 'rm -rf build' ? { ...entry, expect: 'allow' as const } : entry,
    );
    const mismatches = checkRuleTable(wrong, settings);
    expect(mismatches.map((mismatch) => [mismatch.case.command, mismatch.actual?.behavior])).toEqual([
      ['rm -rf build', 'deny'],
    ]);
    expect(formatRuleTableMismatches(mismatches)).toContain('Bash(rm:*)');
  });

  it('fails when a rule the table relies on is removed', () => {
    const { permissions } = settings as { permissions: { deny: string[] } };
    const withoutRm = {
      permissions: { ...permissions, deny: permissions.deny.filter((rule) => rule !== 'Bash(rm:*)') },
    };
    const broken = checkRuleTable(table, withoutRm).map((mismatch) => mismatch.case.name);
    expect(broken).toEqual([
      'rm',
      'rm by absolute path',
      'rm behind sudo',
      'rm inside bash -c',
      'rm through xargs',
    ]);
  });
});
