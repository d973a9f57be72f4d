/**
 * Hidden command lines that are facts of the command table (decision 0046): each family is
 * checked through the engine under a deny rule, and each fact has a mutation check — the same
 * table without it loses the deny.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CommandFact } from '../commands';
import { compileRuleSet } from '../rules/compile-rule-set';
import { evaluateBash } from './evaluate-bash';

const context = { cwd: '/repo', homeDir: '/root' };
const rmDenied = compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(git push:*)'] });
const decide = (command: string) => evaluateBash(command, rmDenied, context);

/**
 * The decision for `command` under the deny rules, with the table's entry named `name` changed
 * by `mutate` (a fact dropped) and without its examples.
 */
async function decideWithout(
  name: string,
  mutate: (entry: CommandFact) => CommandFact,
  command: string,
): Promise<string> {
  vi.resetModules();
  const family = FAMILIES[name]!;
  vi.doMock(`../commands/table/${family[0]}`, async (original) => {
    const actual = await original<Record<string, readonly CommandFact[]>>();
    // Its examples go too: they would catch the mutation when the table loads.
    const entries = actual[family[1]]!.map((entry) =>
      entry.names[0] === name ? { ...mutate(entry), examples: undefined } : entry,
    );
    return { ...actual, [family[1]]: entries };
  });
  try {
    const engine = await import('./evaluate-bash');
    const rules = await import('../rules/compile-rule-set');
    const decision = engine.evaluateBash(
      command,
      rules.compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(git push:*)'] }),
      context,
    );
    return decision.behavior;
  } finally {
    vi.doUnmock(`../commands/table/${family[0]}`);
    vi.resetModules();
  }
}

/** The table's file and export each mutated entry is in. */
const FAMILIES: Record<string, readonly [string, string]> = {
  git: ['git', 'GIT'],
};

type Sub = NonNullable<CommandFact['subcommands']>[string];

/** `entry` with the subcommand `name` changed by `mutate`. */
function withSub(entry: CommandFact, name: string, mutate: (sub: Sub) => Sub): CommandFact {
  return { ...entry, subcommands: { ...entry.subcommands, [name]: mutate(entry.subcommands![name]!) } };
}

describe("git's settings that hold a command line", () => {
  it.each([
    "git -c core.pager='rm -rf x' log",
    "git -ccore.pager='rm -rf x' log",
    "git -C /tmp -c core.sshCommand='rm -rf x' fetch",
    "git -c diff.py.textconv='rm -rf x' diff",
    "git -c filter.lfs.smudge='rm -rf x' checkout .",
    "git -c alias.x='!rm -rf x' x",
    'git -c alias.p=push p origin',
    "git clone --config core.fsmonitor='rm -rf x' https://h/r",
    "git clone -c core.editor='rm -rf x' https://h/r",
    "git config core.pager 'rm -rf x'",
    "git config --global alias.x '!rm -rf x'",
    "git config set diff.x.textconv 'rm -rf x'",
    "git -C sub config --local core.sshCommand 'rm -rf x'",
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
  });

  it.each([
    'git -c color.ui=always log',
    'git -c user.name=rm commit -m x',
    "git config user.name 'rm -rf x'",
    'git -c alias.st=status st',
  ])('%s is not denied', (command) => {
    expect(decide(command).behavior).not.toBe('deny');
  });

  it('mutation: without commandSettings, git -c core.pager=CMD is not denied', async () => {
    const command = "git -c core.pager='rm -rf x' log";
    expect(await decideWithout('git', ({ commandSettings: _, ...entry }) => entry, command)).not.toBe('deny');
  });

  it('mutation: without aliasSettings, git -c alias.x=!CMD is not denied', async () => {
    const command = "git -c alias.x='!rm -rf x' x";
    expect(await decideWithout('git', ({ aliasSettings: _, ...entry }) => entry, command)).not.toBe('deny');
  });

  it('mutation: without settingOptions, git clone --config K=CMD is not denied', async () => {
    const command = "git clone --config core.pager='rm -rf x' https://h/r";
    const mutate = (entry: CommandFact) => withSub(entry, 'clone', ({ settingOptions: _, ...sub }) => sub);
    expect(await decideWithout('git', mutate, command)).not.toBe('deny');
  });

  it('mutation: without setsCommandSettings, git config K CMD is not denied', async () => {
    const command = "git config core.pager 'rm -rf x'";
    const mutate = (entry: CommandFact) =>
      withSub(entry, 'config', ({ setsCommandSettings: _, ...sub }) => sub);
    expect(await decideWithout('git', mutate, command)).not.toBe('deny');
  });
});

describe('the examples of command lines are checked when the table loads', () => {
  it('refuses git without commandSettings: its examples no longer hold their command lines', async () => {
    const { loadCommandTable } = await import('../commands');
    const { ENTRIES } = await import('../commands/table');
    const entries = ENTRIES.map((entry) => {
      if (entry.names[0] !== 'git') return entry;
      const { commandSettings: _, ...rest } = entry;
      return rest;
    });
    expect(() => loadCommandTable(entries).checkAll()).toThrow(/holds the command lines/);
  });
});
