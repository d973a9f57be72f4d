import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlinePrograms, interpreterFamily } from './interpreter-code';

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

/** `inlinePrograms` as first written: every word tested against every flag and cluster. */
function inlineProgramsAsWritten(argv: readonly string[], name: string) {
  const flagsOf: Record<string, readonly string[]> = {
    python: ['-c'],
    node: ['-e', '--eval', '-p', '--print'],
    ruby: ['-e'],
    perl: ['-e', '-E'],
    php: ['-r'],
    bun: ['-e', '--eval', '-p', '--print'],
    deno: ['eval'],
  };
  const clusters: Record<string, RegExp> = {
    python: /^-[a-zA-Z]+c$/,
    node: /^-[a-zA-Z]+[ep]$/,
    bun: /^-[a-zA-Z]+[ep]$/,
    ruby: /^-[a-zA-Z]+e$/,
    perl: /^-[a-zA-Z0-9]+[eE]$/,
  };
  const family = interpreterFamily(name);
  if (!family) return [];
  const flags = flagsOf[family] ?? [];
  const cluster = clusters[family];
  const out: { family: string; code: string }[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((flags.includes(arg) || cluster?.test(arg) === true) && argv[i + 1] !== undefined) {
      out.push({ family, code: argv[i + 1]! });
      i++;
    } else if (arg.length > 2 && flags.some((flag) => flag.length === 2 && arg.startsWith(flag))) {
      out.push({ family, code: arg.slice(2) });
    }
  }
  return out;
}

describe('inlinePrograms', () => {
  it('finds what testing every word finds', () => {
    const name = fc.constantFrom(
      'python3',
      'node',
      'nodejs',
      'ruby',
      'perl',
      'php',
      'bun',
      'deno',
      'pypy',
      'npm',
      'cat',
    );
    const word = fc.oneof(
      fc.constantFrom(
        '-c',
        '-e',
        '-E',
        '-p',
        '-r',
        '--eval',
        '--print',
        'eval',
        '-Bc',
        '-lne',
        '-pe',
        '-cprint(1)',
        '-eputs 1',
      ),
      fc.constantFrom('app.py', 'x', '', '-', '--', '-m', 'pytest', 'c', 'e', 'print(1)'),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(name, fc.array(word, { maxLength: 6 }), (command, args) => {
        const argv = [command, ...args];
        expect(inlinePrograms(argv, command), argv.join(' ')).toEqual(inlineProgramsAsWritten(argv, command));
      }),
      { numRuns: 5000 },
    );
  }, 60_000);
});
