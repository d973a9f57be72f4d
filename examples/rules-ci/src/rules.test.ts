/**
 * The team's rule table as vitest tests, through `@dexter/permissions/testing` — the same
 * table and settings `dexter-permissions test` checks in CI (see cli.test.ts).
 */
// #region table
import { assertRuleTable, expectDecision } from '@dexter/permissions/testing';
import { describe, it } from 'vitest';
import { settings, table } from './rule-table';

describe('.dexter/settings.json', () => {
  // On a failure this prints only the summary: each failing row as rules.test.jsonl:LINE.
  it('decides every case of rules.test.jsonl as expected', () => {
    assertRuleTable(table, settings);
  });

  // One test per shell case, for readable failures.
  const commands = table.filter((entry) => entry.command !== undefined);
  it.each(commands.map((entry) => [entry.name ?? entry.command, entry] as const))('%s', (_name, entry) => {
    expectDecision(entry.command!, settings).toBe(entry.expect);
  });
});

// #endregion table

// Below: checks that the table itself is worth having (not part of the documented snippet).
import {
  checkRuleTable,
  formatRuleTableMismatches,
  RuleTableAssertionError,
} from '@dexter/permissions/testing';
import { expect } from 'vitest';

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

  it('assertRuleTable reports a failing row by file:line with only the summary', () => {
    const wrong = table.map((entry) =>
      entry.name === 'write a CI workflow' ? { ...entry, expect: 'allow' as const } : entry,
    );
    const row = table.find((entry) => entry.name === 'write a CI workflow')!;
    expect(() => assertRuleTable(wrong, settings)).toThrow(RuleTableAssertionError);
    expect(() => assertRuleTable(wrong, settings)).toThrow(
      `✗ ${row.source!.file}:${row.source!.line} (write a CI workflow): write_file(write .github/workflows/ci.yml)`,
    );
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
