/**
 * The floor's and the classifier's name sets are derived from the command table one name at a
 * time (decision 0061): a new process deciding `git status` reads the credential, environment,
 * no-read and allowlist facts of the entries it meets, not of the whole table. (Each set's
 * answers are the walk's: `commands/derived-names.test.ts`.)
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { CommandFact } from '../commands/types';

const ENTRIES_MODULE = fileURLToPath(new URL('../commands/table/index.ts', import.meta.url));

/** The facts those sets test, by entry: read through a proxy of each entry. */
const WATCHED = new Set([
  'printsCredentials',
  'printsEnvironment',
  'printsNoContent',
  'readOnly',
  'optionStyle',
]);

/** The entries (first names) whose watched facts were read while `run` ran in fresh modules. */
async function entriesRead(run: () => Promise<void>): Promise<Set<string>> {
  const read = new Set<string>();
  vi.resetModules();
  vi.doMock(ENTRIES_MODULE, async (original) => {
    const actual = await original<{ ENTRIES: readonly CommandFact[] }>();
    const ENTRIES = actual.ENTRIES.map(
      (entry) =>
        new Proxy(entry, {
          get(target, key, receiver) {
            if (typeof key === 'string' && WATCHED.has(key)) read.add(target.names[0]!);
            return Reflect.get(target, key, receiver);
          },
        }),
    );
    return { ...actual, ENTRIES };
  });
  try {
    await run();
  } finally {
    vi.doUnmock(ENTRIES_MODULE);
    vi.resetModules();
  }
  return read;
}

describe('name sets asked one name at a time', () => {
  it('deciding `git status` in a fresh process reads the facts of a few entries, not the table', async () => {
    const { ENTRIES } = await import('../commands/table');
    const read = await entriesRead(async () => {
      const engine = await import('../engine/evaluate-bash');
      const rules = await import('../rules/compile-rule-set');
      const decision = engine.evaluateBash('git status', rules.compileRuleSet({ deny: ['Bash(rm:*)'] }), {
        cwd: '/repo',
        readOnlyAutoAllow: true,
      });
      expect(decision.behavior).toBe('allow');
    });
    expect(read.has('git')).toBe(true);
    // An eager set reads the fact of every entry (some 300); asked as met, a handful.
    expect(read.size).toBeLessThan(ENTRIES.length / 10);
  });
});
