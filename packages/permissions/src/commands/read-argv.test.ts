import { describe, expect, it, vi } from 'vitest';
import { COMMAND_TABLE, commandFact, loadCommandTable, readCommand } from './index';
import { ENTRIES } from './table';

const kindsOf = (argv: string[]) => readCommand(argv)!.map((reading) => reading.kinds.slice());

describe('readArgv', () => {
  it('reads an attached-only value as no value (`--color[=WHEN]`)', () => {
    expect(kindsOf(['grep', '-r', '--color', 'KEY', '/root'])).toEqual([
      ['program', 'option', 'option', 'pattern', 'read'],
    ]);
    expect(kindsOf(['grep', '--color=never', 'KEY', 'f'])).toEqual([
      ['program', 'option', 'pattern', 'read'],
    ]);
  });

  it('returns every reading when an option is not in the table', () => {
    const readings = readCommand(['grep', '--frobnicate', 'KEY', '/root'])!;
    expect(readings.map((reading) => reading.kinds.slice(1))).toEqual(
      expect.arrayContaining([
        ['option', 'pattern', 'read'],
        ['option', 'unknown', 'pattern'],
      ]),
    );
    expect(readings).toHaveLength(2);
  });

  it('reads short clusters, attached values and a value in the next word', () => {
    expect(kindsOf(['grep', '-rnA3', '-eKEY', 'x'])).toEqual([['program', 'option', 'option', 'read']]);
    expect(kindsOf(['grep', '-ie', 'KEY', 'x'])).toEqual([['program', 'option', 'pattern', 'read']]);
  });

  it('finds the pattern after the operands when `-e` comes last (GNU permutation)', () => {
    expect(kindsOf(['grep', 'a', 'b', '-e', 'KEY'])).toEqual([
      ['program', 'read', 'read', 'option', 'pattern'],
    ]);
  });

  it('abbreviates long options to a unique prefix where the command does', () => {
    expect(readCommand(['grep', '--recurs', 'KEY'])![0]!.effects.has('recursive')).toBe(true);
    expect(readCommand(['git', 'grep', '--no-in', 'KEY'])![0]!.effects.has('no-index')).toBe(true);
  });

  it('descends into subcommands and stops at a wrapped command', () => {
    const [reading] = readCommand(['git', '-C', '/tmp', 'clone', '-u', 'rm -rf x', 'repo'])!;
    expect(reading!.facts.map((fact) => fact.path)).toEqual(['git', 'git clone']);
    expect(reading!.kinds[5]).toBe('script');
    const [op] = readCommand(['op', 'run', '--env-file', '.env', '--', 'rm', '-rf', 'x'])!;
    expect(op!.commandAt).toBe(5);
  });

  it('reads an option of two letters before its first letter alone (`zip -TT CMD` beside `-T`)', () => {
    expect(kindsOf(['zip', '-T', '-TT', 'rm -rf x', 'a.zip', 'f'])).toEqual([
      ['program', 'option', 'option', 'script', 'write', 'read'],
    ]);
    // In a cluster, attached, and `-T` alone.
    expect(kindsOf(['zip', '-qTT', 'rm x', 'a.zip'])).toEqual([['program', 'option', 'script', 'write']]);
    expect(kindsOf(['zip', '-TTrm', 'a.zip'])).toEqual([['program', 'option', 'write']]);
    expect(kindsOf(['zip', '-T', 'a.zip', 'f'])).toEqual([['program', 'option', 'write', 'read']]);
    // Mutation: without the bracketed option, `-TT` is `-T -T` and its command an operand.
    const without = loadCommandTable(
      ENTRIES.map((entry) => {
        if (entry.names[0] !== 'zip') return entry;
        const { '-TT': _dropped, ...values } = entry.values!;
        return { ...entry, short: entry.short!.replace('[TT]:', ''), values };
      }),
    );
    expect(() => without.get('zip')).toThrow(/zip: example `zip -T -TT rm -rf x a.zip f`: word 3/);
  });

  it("reads a single-dash entry's short option with its value attached (`mvn -DskipTests`): one reading", () => {
    expect(kindsOf(['mvn', '-DskipTests', 'package'])).toEqual([['program', 'option', 'unknown']]);
    expect(kindsOf(['mvn', '-Dkey=value', '-D', 'k=v', 'verify'])).toEqual([
      ['program', 'option', 'option', 'unknown', 'unknown'],
    ]);
    // Its long options are named first: `-e` (errors), `-o` (offline) stay flags.
    expect(kindsOf(['mvn', '-e', '-o', 'package'])).toEqual([['program', 'option', 'option', 'unknown']]);
    // An option it lists neither way may still take the next word.
    expect(readCommand(['mvn', '-Yfoo', 'package'])).toHaveLength(2);
    // Mutation: without `-D`, the property may take the goal as its value, and the example says one reading.
    const without = loadCommandTable(
      ENTRIES.map((entry) => {
        if (entry.names[0] !== 'mvn') return entry;
        const { short: _short, ...rest } = entry;
        return rest;
      }),
    );
    expect(() => without.get('mvn')).toThrow(/mvn: example `mvn -DskipTests package` has 2 readings, not 1/);
  });

  it('refuses a short option of several letters in a single-dash entry, or a stray bracket', () => {
    expect(() =>
      loadCommandTable([{ names: ['x'], summary: 'x', singleDash: true, short: '[ab]' }]).checkAll(),
    ).toThrow(/both a long and a short option/);
    expect(() =>
      loadCommandTable([{ names: ['x'], summary: 'x', singleDash: true, long: 'D', short: 'D:' }]).checkAll(),
    ).toThrow(/both a long and a short option/);
    expect(() => loadCommandTable([{ names: ['x'], summary: 'x', short: 'a[b]' }]).checkAll()).toThrow(
      /two letters or more/,
    );
  });

  it('caps the number of readings and reads every operand of a capped reading as unknown', () => {
    const argv = ['grep', ...Array.from({ length: 10 }, (_, i) => `--unknown${i}`), 'KEY', '.env'];
    const readings = readCommand(argv)!;
    expect(readings.length).toBeLessThanOrEqual(16);
    expect(readings.some((reading) => reading.kinds[argv.length - 1] === 'unknown')).toBe(true);
  });
});

describe('the command table', () => {
  it('loads, with every example checked', () => {
    // The engine compiles an entry when it first meets the command; this checks them all.
    expect(() => loadCommandTable(ENTRIES).checkAll()).not.toThrow();
    expect(COMMAND_TABLE.entries.length).toBeGreaterThan(5);
    expect(commandFact('rbash')?.fact.kind).toBe('shell');
  });

  it('refuses an example its facts contradict (a role dropped from an entry)', () => {
    // Mutation: `--color` made to take the next word, as the old tree-read table had it.
    const broken = ENTRIES.map((entry) =>
      entry.names[0] === 'grep' ? { ...entry, long: entry.long!.replace('color=? ', 'color= ') } : entry,
    );
    expect(() => loadCommandTable(broken).checkAll()).toThrow(
      /grep: example `grep -r --color KEY \/root`: word 3/,
    );
  });

  it('compiles only the entries a decision meets: importing the package compiles none', async () => {
    vi.resetModules();
    try {
      const commands = await import('./index');
      const engine = await import('../index');
      expect(commands.COMMAND_TABLE.loaded()).toBe(0);
      engine.evaluateBash('git status && ls -la', engine.compileRuleSet({}), { cwd: '/repo' });
      expect(commands.COMMAND_TABLE.loaded()).toBeGreaterThan(0);
      expect(commands.COMMAND_TABLE.loaded()).toBeLessThan(ENTRIES.length / 4);
    } finally {
      vi.resetModules();
    }
  });

  it('denies a command whose entry contradicts its examples, on every lookup', () => {
    const broken = loadCommandTable(
      ENTRIES.map((entry) =>
        entry.names[0] === 'grep' ? { ...entry, long: entry.long!.replace('color=? ', 'color= ') } : entry,
      ),
    );
    expect(broken.get('rm')).toBeDefined();
    expect(() => broken.get('egrep')).toThrow(/grep: example/);
    expect(() => broken.get('grep')).toThrow(/grep: example/);
  });

  it('refuses a name with two entries, and a role for an undeclared option', () => {
    expect(() => loadCommandTable([...ENTRIES, { names: ['grep'], summary: 'again' }])).toThrow(
      /two entries/,
    );
    expect(() =>
      loadCommandTable([{ names: ['x'], summary: 'x', values: { '-q': 'read' } }]).checkAll(),
    ).toThrow(/names no declared option/);
  });
});
