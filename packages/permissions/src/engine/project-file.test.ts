/**
 * A command word starting with `./` or `../` names a program of the project, not the program of
 * the command table its basename names (decision 0061, `commands/project-file.ts`): the parser
 * still takes `./sudo` off so the deny rules see its command, but says no shell starts where the
 * table's wrapper would start one (`script`, `su`, `sudo -s`), so its input is not read as
 * commands. The one rule lives in the parser; `unseen-code.ts` no longer tests the path itself.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from '../shell/analyze-shell';
import { evaluateBash } from './evaluate-bash';

const DENY_RM = compileRuleSet({ deny: ['Bash(rm:*)'] });
const decide = (source: string) => evaluateBash(source, DENY_RM, { cwd: '/repo' }).behavior;

const PROJECT_FILE = fileURLToPath(new URL('../commands/project-file.ts', import.meta.url));

describe('a program of the project', () => {
  it.each([
    './script < input.txt',
    'echo x | ./script',
    'echo x | ../script',
    'echo x | ./su',
    'echo x | ./sudo -s',
  ])('%s: its input is not read as commands (asked, not denied)', (source) => {
    expect(decide(source)).toBe('ask');
  });

  it.each([
    'echo x | script',
    'echo x | /usr/bin/script',
    'echo x | su',
    'echo x | sudo -s',
    // A relative path without the leading `.` is still read as its basename's program.
    'echo x | bin/su',
  ])("%s: the table's program starts a shell reading its input (denied)", (source) => {
    expect(decide(source)).toBe('deny');
  });

  it('is still taken off as a wrapper, so the deny rules see its command', () => {
    expect(decide('./sudo rm -rf x')).toBe('deny');
    expect(decide('../timeout 5 rm -rf x')).toBe('deny');
  });

  it('is opaque for what it is, not for a shell it would start', () => {
    const reason = analyzeShell('./script').commands[0]!.unwrapped.opaqueReason;
    expect(reason).toBe('./script is a program of the project, not the script the command table knows');
    expect(analyzeShell('script').commands[0]!.unwrapped.opaqueReason).toMatch(/^script .*shell/);
  });

  it("mutation: without the rule, the project's ./script is read as script and denied", async () => {
    vi.resetModules();
    vi.doMock(PROJECT_FILE, () => ({ namesProjectFile: () => false }));
    try {
      const engine = await import('./evaluate-bash');
      const rules = await import('../rules/compile-rule-set');
      const denyRm = rules.compileRuleSet({ deny: ['Bash(rm:*)'] });
      expect(engine.evaluateBash('./script < input.txt', denyRm, { cwd: '/repo' }).behavior).toBe('deny');
      expect(engine.evaluateBash('echo x | ./su', denyRm, { cwd: '/repo' }).behavior).toBe('deny');
    } finally {
      vi.doUnmock(PROJECT_FILE);
      vi.resetModules();
    }
  });
});
