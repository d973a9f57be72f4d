import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpreterFamily } from './interpreter-code';

/** The family by the names' pattern: an interpreter's name, then a version of digits and dots. */
function byPattern(name: string): string | undefined {
  const match =
    /^(python|node|ruby|perl|php|bun|deno)[0-9.]*$/.exec(name) ?? /^(nodejs|pypy)[0-9.]*$/.exec(name);
  if (!match) return undefined;
  if (match[1] === 'nodejs') return 'node';
  if (match[1] === 'pypy') return 'python';
  return match[1];
}

describe('interpreterFamily', () => {
  it('names the family with or without a version', () => {
    expect(interpreterFamily('python3.12')).toBe('python');
    expect(interpreterFamily('pypy3')).toBe('python');
    expect(interpreterFamily('nodejs18')).toBe('node');
    expect(interpreterFamily('node')).toBe('node');
    expect(interpreterFamily('perl5.36')).toBe('perl');
    expect(interpreterFamily('npm')).toBeUndefined();
    expect(interpreterFamily('python3a')).toBeUndefined();
    expect(interpreterFamily('3')).toBeUndefined();
    expect(interpreterFamily('')).toBeUndefined();
  });

  it('agrees with the pattern on any name', () => {
    const name = fc
      .tuple(
        fc.constantFrom(
          '',
          'python',
          'node',
          'nodejs',
          'pypy',
          'ruby',
          'perl',
          'php',
          'bun',
          'deno',
          'py',
          'd',
        ),
        fc.array(fc.constantFrom(...'0123456789.ajsx-/\n'.split('')), { maxLength: 6 }),
      )
      .map(([stem, tail]) => stem + tail.join(''));
    fc.assert(
      fc.property(fc.oneof(name, fc.string({ maxLength: 8 })), (text) => {
        expect(interpreterFamily(text), text).toBe(byPattern(text));
      }),
      { numRuns: 3000 },
    );
  });
});
