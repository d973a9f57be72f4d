/**
 * The compiler drivers' entry (decision 0061): gcc, cc, c++, g++, clang and clang++ compile
 * what they are given, and some options make them run another program — `-wrapper PROG,ARGS`
 * (a command given as an argv, read as the command line it is), `-B PREFIX`, `-fplugin=F`,
 * `-fuse-ld=PATH`, `-specs=F` and `@FILE`. A prefix rule on the compiler covers compiling, not
 * those (0057: an allow rule on a runner covers the runner, not its command), and a deny rule
 * sees the wrapper's command. Each fact dropped changes a decision (a mutation check) and the
 * entry then refuses its own example when the table loads.
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { loadCommandTable } from './load-table';
import { ENTRIES } from './table';
import { changeEntry, withoutValues, withTableChanged } from './test-support';
import type { CommandFact } from './types';

const GCC = compileRuleSet({ allow: ['Bash(gcc:*)', 'Bash(clang:*)', 'Bash(g++:*)'] });
const DENY_RM = compileRuleSet({ deny: ['Bash(rm:*)'] });
const NONE = compileRuleSet({});

const decide = (source: string, rules: ReturnType<typeof compileRuleSet>, readOnly = false) =>
  evaluateBash(source, rules, { cwd: '/repo', readOnlyAutoAllow: readOnly }).behavior;

/** Decisions with the compiler entry changed by `mutate`, every derived set derived again. */
async function changedDecisions(
  mutate: (entry: CommandFact) => CommandFact,
  cases: readonly (readonly [string, Record<string, string[]>])[],
): Promise<string[]> {
  return withTableChanged(changeEntry('gcc', mutate), async () => {
    const engine = await import('../engine/evaluate-bash');
    const rules = await import('../rules/compile-rule-set');
    return cases.map(
      ([source, spec]) => engine.evaluateBash(source, rules.compileRuleSet(spec), { cwd: '/repo' }).behavior,
    );
  });
}

/** The compiler entry changed by `mutate`, its examples kept: the table must refuse it. */
function refused(mutate: (entry: CommandFact) => CommandFact): () => void {
  return () =>
    loadCommandTable(ENTRIES.map((entry) => (entry.names[0] === 'gcc' ? mutate(entry) : entry))).checkAll();
}

const withoutEffects =
  (...keys: string[]) =>
  (entry: CommandFact): CommandFact => {
    const effects = { ...entry.effects };
    for (const key of keys) delete effects[key];
    return { ...entry, effects };
  };

describe('the compiler drivers', () => {
  it.each([
    'gcc -O2 -o app main.c',
    'gcc -c -Wall -DDEBUG=1 -Iinclude x.c',
    'clang -fuse-ld=lld -o app a.c',
    'g++ -std=c++17 -fPIC -shared -o lib.so a.cc',
  ])('%s: compiling is covered by a prefix rule on the compiler, asked without one', (source) => {
    expect(decide(source, GCC)).toBe('allow');
    expect(decide(source, NONE)).toBe('ask');
    // It writes its output: never read-only.
    expect(decide(source, NONE, true)).toBe('ask');
  });

  it.each([
    'gcc -wrapper rm,-rf,x a.c',
    'gcc -B /tmp/evil a.c',
    'gcc -B/tmp/evil/ a.c',
    'gcc -fplugin=./p.so a.c',
    'clang -fpass-plugin=./p.so a.c',
    'clang -fuse-ld=/tmp/ld a.c',
    'g++ -specs=my.specs a.cc',
    'gcc @opts a.c',
    'g++ -Wl,--plugin=x.so a.cc',
  ])('%s runs another program: not covered by a prefix rule on the compiler', (source) => {
    expect(decide(source, GCC)).toBe('ask');
  });

  it('a rule that spells the option out covers it', () => {
    expect(decide('gcc -B /tmp/evil a.c', compileRuleSet({ allow: ['Bash(gcc -B:*)'] }))).toBe('allow');
  });

  it("the wrapper's command is covered when it is allowed itself", () => {
    const rules = compileRuleSet({ allow: ['Bash(gcc:*)', 'Bash(echo:*)'] });
    expect(decide('gcc -wrapper echo,hi a.c', rules)).toBe('allow');
    expect(decide('gcc -wrapper rm,-rf,x a.c', rules)).toBe('ask');
  });

  it.each([
    'gcc -wrapper rm,-rf,x a.c',
    'cc -wrapper /bin/rm,-rf,x a.c',
    "gcc -wrapper 'sh,-c,rm -rf x' a.c",
    'clang++ a.cc -wrapper rm,x',
  ])('%s: a deny rule sees the command -wrapper runs', (source) => {
    expect(decide(source, DENY_RM)).toBe('deny');
  });

  it('an ordinary compile is not denied by an unrelated deny rule', () => {
    expect(decide('gcc -O2 -o rm main.c', DENY_RM)).not.toBe('deny');
    expect(decide('gcc -wrapper ccache,-s a.c', DENY_RM)).not.toBe('deny');
  });

  describe('mutation: a fact dropped changes the decision, and the entry refuses its examples', () => {
    it('without the entry, -wrapper is neither denied nor asked', async () => {
      const [denied, allowed] = await withTableChanged(
        (entry) => (entry.names[0] === 'gcc' ? { ...entry, names: ['no-such-compiler'] } : entry),
        async () => {
          const engine = await import('../engine/evaluate-bash');
          const rules = await import('../rules/compile-rule-set');
          return [
            engine.evaluateBash(
              'gcc -wrapper rm,-rf,x a.c',
              rules.compileRuleSet({ deny: ['Bash(rm:*)'] }),
              {},
            ).behavior,
            engine.evaluateBash('gcc -B /tmp/evil a.c', rules.compileRuleSet({ allow: ['Bash(gcc:*)'] }), {})
              .behavior,
          ];
        },
      );
      expect(denied).not.toBe('deny');
      expect(allowed).toBe('allow');
    });

    it('-wrapper without its script role', async () => {
      const drop = (entry: CommandFact) => withoutValues(entry, '-wrapper');
      const [denied, allowed] = await changedDecisions(drop, [
        ['gcc -wrapper rm,-rf,x a.c', { deny: ['Bash(rm:*)'] }],
        ['gcc -wrapper rm,-rf,x a.c', { allow: ['Bash(gcc:*)'] }],
      ]);
      expect(denied).not.toBe('deny');
      expect(allowed).toBe('allow');
      expect(refused(drop)).toThrow(/-wrapper rm,-rf,x a.c`: word 2 reads as unknown, not script/);
    });

    it('-wrapper without the comma-argv format', async () => {
      const drop = (entry: CommandFact) => ({ ...entry, scriptFormat: {} });
      const [denied] = await changedDecisions(drop, [
        ['gcc -wrapper rm,-rf,x a.c', { deny: ['Bash(rm:*)'] }],
      ]);
      expect(denied).not.toBe('deny');
      expect(refused(drop)).toThrow(/holds the command lines \["rm,-rf,x"\]/);
    });

    it('-B without its runs effect', async () => {
      const drop = withoutEffects('-B');
      const [allowed] = await changedDecisions(drop, [['gcc -B /tmp/evil a.c', { allow: ['Bash(gcc:*)'] }]]);
      expect(allowed).toBe('allow');
      expect(refused(drop)).toThrow(/-B \/tmp\/evil a.c` lacks the effect runs/);
    });

    it('-fplugin without its runs effect', async () => {
      const drop = withoutEffects('-f=plugin=*');
      const [allowed] = await changedDecisions(drop, [
        ['clang -fplugin=./p.so a.c', { allow: ['Bash(clang:*)'] }],
      ]);
      expect(allowed).toBe('allow');
      expect(refused(drop)).toThrow(/-fplugin=.\/p.so a.c` lacks the effect runs/);
    });

    it('@FILE without optionFiles', async () => {
      const drop = (entry: CommandFact) => {
        const { optionFiles: _dropped, ...rest } = entry;
        return rest;
      };
      const [allowed] = await changedDecisions(drop, [['gcc @opts a.c', { allow: ['Bash(gcc:*)'] }]]);
      expect(allowed).toBe('allow');
      expect(refused(drop)).toThrow(/@opts a.c` lacks the effect reads-options/);
    });

    it('without writesFiles, the example of a.out fails', () => {
      const drop = (entry: CommandFact) => {
        const { writesFiles: _dropped, ...rest } = entry;
        return rest;
      };
      expect(refused(drop)).toThrow(/gcc main.c` writes ""/);
    });
  });
});
