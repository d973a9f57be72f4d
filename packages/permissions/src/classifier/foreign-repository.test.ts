import { describe, expect, it } from 'vitest';
import { changeEntry, withoutValues, withTableChanged } from '../commands/test-support';
import type { CommandFact } from '../commands/types';
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

  it("reads a wrapper's directory with the table, in any spelling", () => {
    expect(classes('env --chdir=.. git status', '/p')).toEqual(['unknown']);
    expect(classes('env -iC.. git status', '/p')).toEqual(['unknown']);
    expect(classes('env --chdir sub git status', '/p')).toEqual(['read-only']);
    expect(classes('nice env -C /q git log', '/p')).toEqual(['unknown']);
  });
});

/** `line`'s classifications, with the table's entry `name` changed by `mutate`. */
async function classesWithout(name: string, mutate: (entry: CommandFact) => CommandFact, line: string) {
  return withTableChanged(changeEntry(name, mutate), async () => {
    const shell = await import('../shell');
    const classifier = await import('./classify-command');
    const foreign = await import('./foreign-repository');
    const commands = shell.analyzeShell(line).commands;
    return foreign
      .markForeignRepositories(commands, commands.map(classifier.classifyCommand), { cwd: '/p' })
      .map((verdict) => verdict.classification);
  });
}

describe('directory changes from the table (decision 0066)', () => {
  it("mutation: without popd's `stack-directory`, git after it is read as run where pushd went", async () => {
    const drop = ({ implies: _dropped, ...entry }: CommandFact) => entry;
    expect((await classesWithout('popd', drop, 'pushd x && popd && git log'))[2]).toBe('read-only');
  });

  it("mutation: without env's `chdir` values, `env -C .. git status` runs in the project", async () => {
    const drop = (entry: CommandFact) => withoutValues(entry, '-C', '--chdir');
    expect(await classesWithout('env', drop, 'env -C .. git status')).toEqual(['read-only']);
  });
});
