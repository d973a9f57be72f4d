/**
 * Property: the non-collecting parser agrees with `parseOptions` on every option table (same
 * failure, same flag; `undefined` exactly where `parseOptions` parses), and for the tables
 * whose verdict ignores the parse, `classifyIgnoringParse` gives `classifyWithSpec`'s verdict
 * object field for field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShellWord } from '../shell/types';
import { isParseFailure, parseFailure, parseOptions } from './parse-options';
import { BASIC_SPECS } from './specs/basic-commands';
import { classifyIgnoringParse, classifyWithSpec, verdictIgnoresParse } from './verdict';

const SPECS = [...BASIC_SPECS];

/** Words a table's parser must handle: its own options (short, long, abbreviated, with values), and the rest. */
function tokensOf(name: string): string[] {
  const spec = BASIC_SPECS.get(name)!;
  const tokens = ['-', '--', 'file', '-5', '-Z', '--nope', '--a', '-x=1', 'a b', ''];
  for (const letter of spec.short.keys()) tokens.push(`-${letter}`, `-${letter}v`, `-${letter}1`);
  for (const long of spec.long.keys()) tokens.push(`--${long}`, `--${long}=x`, `--${long.slice(0, 2)}`);
  return tokens;
}

const word = (value: string, dynamic: boolean, glob: boolean): ShellWord =>
  ({ value, raw: value, dynamic, glob }) as ShellWord;

const arbitraryCall = fc.constantFrom(...SPECS.map(([name]) => name)).chain((name) =>
  fc.record({
    name: fc.constant(name),
    args: fc.array(
      fc.record({
        value: fc.constantFrom(...tokensOf(name)),
        dynamic: fc.boolean(),
        glob: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    withWords: fc.boolean(),
    start: fc.nat(2),
  }),
);

describe('parseFailure and classifyIgnoringParse', () => {
  it('agree with parseOptions and classifyWithSpec on every option table', () => {
    fc.assert(
      fc.property(arbitraryCall, ({ name, args, withWords, start }) => {
        const spec = BASIC_SPECS.get(name)!;
        const argv = args.map((arg) => arg.value);
        const words = withWords ? args.map((arg) => word(arg.value, arg.dynamic, arg.glob)) : undefined;
        const parsed = parseOptions(spec, argv, words, start);
        const failed = parseFailure(spec, argv, words, start);
        if (isParseFailure(parsed)) expect(failed).toStrictEqual(parsed);
        else expect(failed).toBeUndefined();
        if (verdictIgnoresParse(spec)) {
          const reason = `${name} only reads with these options`;
          expect(classifyIgnoringParse(name, spec, argv, words, start, reason)).toStrictEqual(
            classifyWithSpec(name, spec, argv, words, start, reason),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('finds tables whose verdict reads the parse', () => {
    expect(verdictIgnoresParse(BASIC_SPECS.get('ls')!)).toBe(true);
    const ignoring = SPECS.filter(([, spec]) => verdictIgnoresParse(spec)).map(([name]) => name);
    for (const name of ['sort', 'uniq', 'rg', 'xargs']) {
      if (BASIC_SPECS.has(name)) expect(ignoring).not.toContain(name);
    }
  });
});
