import { describe, expect, it } from 'vitest';
import { defineSpec } from './define-spec';
import { isParseFailure, lookupLong, parseOptions } from './parse-options';
import type { ParsedArgs } from './types';

const spec = defineSpec({
  short: 'abo:x::',
  long: 'all output= optional=? stable sort= compress-program=',
  danger: { '-o': 'write', '--output': 'write' },
});

function parsed(args: string[]): ParsedArgs {
  const result = parseOptions(spec, args);
  if (isParseFailure(result)) throw new Error(result.failure);
  return result;
}
const summary = (args: string[]) =>
  parsed(args).options.map(
    (option) => `${option.def.name}${option.value === undefined ? '' : `=${option.value}`}`,
  );

describe('parseOptions (getopt_long model)', () => {
  it('splits short clusters and gives the value to the first letter that takes one', () => {
    expect(summary(['-abo', 'x'])).toEqual(['-a', '-b', '-o=x']);
    expect(summary(['-aoFILE'])).toEqual(['-a', '-o=FILE']);
    expect(summary(['-o=FILE'])).toEqual(['-o==FILE']);
    expect(summary(['-oab'])).toEqual(['-o=ab']);
  });

  it('gives optional short values only when attached', () => {
    expect(summary(['-x', 'y'])).toEqual(['-x']);
    expect(parsed(['-x', 'y']).positionals).toEqual(['y']);
    expect(summary(['-xy'])).toEqual(['-x=y']);
  });

  it('reads long options with = or a separate value, and optional values only with =', () => {
    expect(summary(['--output=a', '--output', 'b'])).toEqual(['--output=a', '--output=b']);
    expect(summary(['--optional', 'v'])).toEqual(['--optional']);
    expect(summary(['--optional=v'])).toEqual(['--optional=v']);
  });

  it('resolves unique abbreviations, prefers exact names and refuses ambiguous ones', () => {
    expect(summary(['--out=x'])).toEqual(['--output=x']);
    expect(summary(['--co', 'sh'])).toEqual(['--compress-program=sh']);
    expect(lookupLong(spec, 's')).toBe('ambiguous');
    expect(lookupLong(spec, 'sort')?.toString()).toBeDefined();
    expect(isParseFailure(parseOptions(spec, ['--s=x']))).toBe(true);
  });

  it('stops at -- and treats - as an operand; permutes options after operands', () => {
    expect(parsed(['--', '-o', 'x']).positionals).toEqual(['-o', 'x']);
    expect(parsed(['-', '-a']).positionals).toEqual(['-']);
    expect(summary(['file', '-o', 'x'])).toEqual(['-o=x']);
    const posix = defineSpec({ short: 'o:', permute: false });
    const result = parseOptions(posix, ['file', '-o', 'x']);
    expect(!isParseFailure(result) && result.positionals).toEqual(['file', '-o', 'x']);
  });

  it('fails on unknown options, a missing value, or a value-less option given one', () => {
    for (const args of [['-q'], ['--nope'], ['-o'], ['--output'], ['--all=1']]) {
      expect(isParseFailure(parseOptions(spec, args)), args.join(' ')).toBe(true);
    }
  });

  it('in tolerant mode, treats a prefix of a dangerous long option as that option', () => {
    const tolerant = defineSpec({
      long: 'output= other',
      harmlessOptions: true,
      abbreviations: false,
      danger: { '--output': 'write' },
    });
    const result = parseOptions(tolerant, ['--unknown', '--ou=x', '-Z']);
    expect(!isParseFailure(result) && result.options.map((option) => option.def.name)).toEqual([
      '--unknown',
      '--output',
    ]);
  });

  it('refuses a run-time word that could become an option before --', () => {
    const glob = { value: '*', raw: '*', dynamic: true, glob: true, quoted: false };
    const plain = { value: 'f', raw: 'f', dynamic: false, glob: false, quoted: false };
    expect(isParseFailure(parseOptions(spec, ['*'], [glob]))).toBe(true);
    expect(isParseFailure(parseOptions(spec, ['-o', '*'], [plain, glob]))).toBe(true);
    expect(isParseFailure(parseOptions(spec, ['--', '*'], [plain, glob]))).toBe(false);
  });

  it('rejects a danger table naming an undeclared option', () => {
    expect(() => defineSpec({ short: 'a', danger: { '-b': 'write' } })).toThrow(/names no declared option/);
  });
});
