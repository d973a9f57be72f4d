import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PermissionsError } from '../errors';
import {
  assertRuleTable,
  checkRuleTable,
  decideCommand,
  expectDecision,
  formatRuleTableMismatches,
  loadRuleTable,
  RuleAssertionError,
  RuleTableAssertionError,
  RuleTableError,
} from './index';

const settings = { permissions: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] } };

describe('testing helpers', () => {
  it('expectDecision passes and fails like an assertion', () => {
    expect(expectDecision('/bin/rm -rf /', settings).toBe('deny').matchedRule).toBe('Bash(rm:*)');
    expectDecision('git status', settings).toBe('allow');
    expectDecision('ls', settings).not.toBe('deny');
    let error: unknown;
    try {
      expectDecision('git push', settings).toBe('allow');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleAssertionError);
    expect(error).toMatchObject({ expected: 'allow', actual: 'ask', name: 'AssertionError' });
    expect(() => expectDecision('git status', settings).not.toBe('allow')).toThrow(/not to be allow/);
  });

  it('decideCommand throws on invalid settings', () => {
    expect(() => decideCommand('ls', { permissions: { allow: ['Bash(ls'] } })).toThrow(PermissionsError);
    expect(decideCommand('cat .env').matchedRule).toMatch(/^builtin:/);
  });

  it('checkRuleTable returns the mismatches, with per-case settings', () => {
    const mismatches = checkRuleTable(
      [
        { command: 'git status', expect: 'allow' },
        { command: 'rm x', expect: 'ask' },
        { command: 'ls', expect: 'allow', settings: { permissions: { allow: ['Bash(ls:*)'] } } },
        { command: 'ls', expect: 'allow', settings: { permissions: { allow: 'nope' } } },
      ],
      settings,
    );
    expect(mismatches.map((mismatch) => mismatch.index)).toEqual([1, 3]);
    expect(mismatches[0]!.actual!.behavior).toBe('deny');
    expect(mismatches[1]!.error).toContain('must be an array');
    const report = formatRuleTableMismatches(mismatches);
    expect(report).toContain('✗ case 2: "rm x"');
    expect(report).toContain('+ actual:   deny (Bash(rm:*))');
  });
});

describe('loadRuleTable and assertRuleTable', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'dexter-rule-table-'));

  it('loads JSON lines and JSON arrays with the line of every case, from a path or a file URL', () => {
    const lines = path.join(directory, 'rules.jsonl');
    writeFileSync(
      lines,
      [
        '// the team table',
        JSON.stringify({ command: 'git status', expect: 'allow' }),
        '',
        JSON.stringify({
          tool: 'WriteFile',
          subject: { kind: 'file', access: 'write', path: 'a' },
          expect: 'ask',
        }),
      ].join('\n'),
    );
    expect(loadRuleTable(lines).map((entry) => entry.source)).toEqual([
      { file: lines, line: 2 },
      { file: lines, line: 4 },
    ]);
    expect(loadRuleTable(pathToFileURL(lines))).toEqual(loadRuleTable(lines));
    const array = path.join(directory, 'rules.json');
    writeFileSync(
      array,
      '[\n  {"command": "ls", "expect": "ask"},\n\n  {\n    "command": "echo \\"[,{\\"",\n    "expect": "ask"\n  }, {"command": "pwd", "expect": "ask"}\n]\n',
    );
    expect(loadRuleTable(array).map((entry) => [entry.command, entry.source?.line])).toEqual([
      ['ls', 2],
      ['echo "[,{"', 4],
      ['pwd', 7],
    ]);
  });

  it('throws a typed error naming every bad row, or the unreadable file', () => {
    const bad = path.join(directory, 'bad.jsonl');
    writeFileSync(bad, `{"command": "ls", "expect": "allow"}\n{oops\n{"command": "ls", "expect": "maybe"}\n`);
    let error: unknown;
    try {
      loadRuleTable(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleTableError);
    expect((error as RuleTableError).code).toBe('rule_table_invalid');
    expect((error as RuleTableError).problems).toEqual([
      expect.stringMatching(new RegExp(`^${bad}:2: invalid JSON`)),
      `${bad}:3: "expect" must be "allow", "ask" or "deny"`,
    ]);
    expect(() => loadRuleTable(path.join(directory, 'none.jsonl'))).toThrow(
      /cannot read the rule table .*ENOENT/,
    );
  });

  it('assertRuleTable passes a holding table and throws only the summary with file:line', () => {
    const file = path.join(directory, 'team.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ command: 'git status', expect: 'allow' }),
        JSON.stringify({ name: 'push', command: 'git push', expect: 'allow' }),
      ].join('\n'),
    );
    const table = loadRuleTable(file);
    expect(assertRuleTable(table.slice(0, 1), settings)).toBe(1);
    let error: unknown;
    try {
      assertRuleTable(table, settings);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleTableAssertionError);
    const message = (error as Error).message;
    expect(message).toBe(
      [
        '1 of 2 rule-table case(s) failed:',
        `✗ ${file}:2 (push): "git push"`,
        '  - expected: allow',
        '  + actual:   ask',
        `    reason:   ${(error as RuleTableAssertionError).mismatches[0]!.actual!.reason}`,
      ].join('\n'),
    );
    // Nothing a runner would render as a diff, and no stack frames.
    expect(error).not.toHaveProperty('expected');
    expect(error).not.toHaveProperty('actual');
    expect((error as Error).stack).toBe(`RuleTableAssertionError: ${message}`);
  });

  it('checks tool calls against file and tool rules', () => {
    const toolSettings = { permissions: { allow: ['WriteFile(src/**)'], deny: ['mcp__fs__delete'] } };
    const mismatches = checkRuleTable(
      [
        {
          tool: 'write_file',
          subject: { kind: 'file', access: 'write', path: 'src/a.ts' },
          cwd: '/r',
          expect: 'allow',
        },
        {
          tool: 'write_file',
          subject: { kind: 'file', access: 'write', path: 'b.ts' },
          cwd: '/r',
          expect: 'ask',
        },
        { tool: 'mcp__fs__delete', input: { path: 'x' }, expect: 'deny' },
        { tool: 'Bash', input: { command: 'rm -rf /' }, expect: 'allow' },
      ],
      toolSettings,
    );
    expect(mismatches.map((mismatch) => [mismatch.index, mismatch.actual?.behavior])).toEqual([[3, 'ask']]);
  });
});
