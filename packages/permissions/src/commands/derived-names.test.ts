import { describe, expect, it } from 'vitest';
import { atAnyLevel, memoByName, namesInAny, namesWhere, nameTest } from './index';
import { ENTRIES } from './table';
import type { CommandFact } from './types';

/** The set `namesWhere` stood for when it walked the table at once. */
const walked = (test: (fact: CommandFact) => boolean) =>
  new Set(ENTRIES.filter(test).flatMap((entry) => entry.names));

const TESTS: Record<string, (fact: CommandFact) => boolean> = {
  shells: (fact) => fact.kind === 'shell',
  'read-only': (fact) => fact.readOnly !== undefined,
  'credentials at any level': atAnyLevel((fact) => fact.printsCredentials !== undefined),
  'a script value at any level': atAnyLevel((fact) => Object.values(fact.values ?? {}).includes('script')),
  'a subcommand that runs a command': (fact) =>
    Object.values(fact.subcommands ?? {}).some(atAnyLevel((sub) => sub.wrapper !== undefined)),
};

const ASKED = [...ENTRIES.flatMap((entry) => entry.names), 'no-such-command', '', 'git status', '__proto__'];

describe('namesWhere: a name set derived as it is asked', () => {
  for (const [what, test] of Object.entries(TESTS)) {
    it(`answers has() name by name as the whole walk does (${what})`, () => {
      const whole = walked(test);
      expect(whole.size).toBeGreaterThan(0);
      const asked = namesWhere(test);
      for (const name of ASKED) expect(asked.has(name), name).toBe(whole.has(name));
    });

    it(`lists the walk's members in its order (${what})`, () => {
      const whole = walked(test);
      const listed = namesWhere(test);
      expect([...listed]).toEqual([...whole]);
      expect(listed.size).toBe(whole.size);
      // Listed first, asked after: the same answers.
      for (const name of ASKED) expect(listed.has(name), name).toBe(whole.has(name));
    });
  }

  it('asks `test` once per entry, and never of a name the table lacks', () => {
    const asked: CommandFact[] = [];
    const set = namesWhere((fact) => {
      asked.push(fact);
      return fact.kind === 'shell';
    });
    expect(set.has('no-such-command')).toBe(false);
    expect(asked).toEqual([]);
    expect(set.has('bash')).toBe(true);
    expect(set.has('bash')).toBe(true);
    expect(asked.length).toBe(1);
  });

  it('unites sets in their order, asking each name of each set (namesInAny)', () => {
    const shells = TESTS.shells!;
    const readOnly = TESTS['read-only']!;
    const whole = new Set([...walked(shells), ...walked(readOnly), 'extra']);
    const union = namesInAny(namesWhere(shells), namesWhere(readOnly), new Set(['extra']));
    for (const name of [...ASKED, 'extra']) expect(union.has(name), name).toBe(whole.has(name));
    expect([...namesInAny(namesWhere(shells), namesWhere(readOnly), new Set(['extra']))]).toEqual([...whole]);
  });

  it("matches a `*` name's prefix without listing the set (nameTest)", () => {
    const credentials = namesWhere(TESTS['credentials at any level']!);
    const test = nameTest(credentials);
    const stars = [...walked(TESTS['credentials at any level']!)].filter((name) => name.endsWith('*'));
    expect(stars.length).toBeGreaterThan(0);
    for (const star of stars) expect(test(`${star.slice(0, -1)}anything`)).toBe(true);
    expect(test('no-such-command')).toBe(false);
  });
});

describe('memoByName', () => {
  it('computes once per name, and forgets all names once it holds `limit` of them', () => {
    const asked: string[] = [];
    const memo = memoByName((name) => {
      asked.push(name);
      return name.length;
    }, 2);
    expect([memo('ls'), memo('ls'), memo('git')]).toEqual([2, 2, 3]);
    expect(asked).toEqual(['ls', 'git']);
    // A third name: the two kept are forgotten, so `ls` is computed again.
    expect([memo('sed'), memo('ls')]).toEqual([3, 2]);
    expect(asked).toEqual(['ls', 'git', 'sed', 'ls']);
  });
});
