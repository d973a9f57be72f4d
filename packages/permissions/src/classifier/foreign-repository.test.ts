import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../shell';
import { classifyCommand } from './classify-command';
import { markForeignRepositories } from './foreign-repository';

/** The classifications of a command line's commands, corrected for foreign repositories. */
function classes(line: string, cwd?: string): string[] {
  const commands = analyzeShell(line).commands;
  const verdicts = markForeignRepositories(commands, commands.map(classifyCommand), { cwd });
  return verdicts.map((verdict) => verdict.classification);
}

describe('markForeignRepositories', () => {
  it('follows cd, pushd and popd through the command line', () => {
    expect(classes('cd sub && git status', '/p')).toEqual(['read-only', 'read-only']);
    expect(classes('cd sub && cd .. && git status', '/p')).toEqual(['read-only', 'read-only', 'read-only']);
    expect(classes('cd sub && cd ../.. && git status', '/p')[2]).toBe('unknown');
    expect(classes('cd /p/a/b && git log', '/p')[1]).toBe('read-only');
    expect(classes('cd /q && git log', '/p')[1]).toBe('unknown');
    expect(classes('pushd x && popd && git log', '/p')[2]).toBe('unknown');
    expect(classes('cd -P sub && git log', '/p')[1]).toBe('read-only');
    expect(classes('cd -- sub && git log', '/p')[1]).toBe('read-only');
  });

  it("reads cd's and pushd's own options from the command table", () => {
    // `-L`/`-P`/`-e`/`-@` are cd's flags, `-n` is pushd's: the operand after them is the directory.
    expect(classes('cd -P /q && git log', '/p')[1]).toBe('unknown');
    expect(classes('cd -e -L /p/a && git log', '/p')[1]).toBe('read-only');
    // `pushd -n DIR` only pushes DIR: git still runs in the project.
    expect(classes('pushd -n /q && git log', '/p')[1]).toBe('read-only');
    expect(classes('pushd /q && git log', '/p')[1]).toBe('unknown');
    // An option the table does not list: where it goes is not placed.
    expect(classes('cd -x sub && git log', '/p')[1]).toBe('unknown');
  });

  it('resolves git -C in order, and env -C before it', () => {
    expect(classes('git -C a -C b status', '/p')).toEqual(['read-only']);
    expect(classes('git -C a -C ../../q status', '/p')).toEqual(['unknown']);
    expect(classes('env -C a git -C .. status', '/p')).toEqual(['read-only']);
    expect(classes('env -C .. git -C p status', '/p')).toEqual(['read-only']);
    expect(classes('env -C .. git status', '/p')).toEqual(['unknown']);
    expect(classes('git -C /p status', '/p/')).toEqual(['read-only']);
    expect(classes('git -C / status', '/')).toEqual(['read-only']);
  });

  it('leaves other commands and non-read-only verdicts alone', () => {
    expect(classes('cd /q && ls && cat x', '/p')).toEqual(['read-only', 'read-only', 'read-only']);
    expect(classes('git -C /q push', '/p')).toEqual(['unknown']);
    expect(classes('git -C /q commit -m x', '/p')[0]).not.toBe('read-only');
  });

  it('keeps the reason and the option that decided', () => {
    const commands = analyzeShell('git -C /tmp/evil status').commands;
    const [verdict] = markForeignRepositories(commands, commands.map(classifyCommand), { cwd: '/p' });
    expect(verdict!.flag).toBe('-C /tmp/evil');
    expect(verdict!.reason).toContain('outside the working directory');
  });
});
