import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlinePrograms, interpreterFamily } from './interpreter-code';

/** The family by the names' pattern: an interpreter's name, then a version of digits and dots. */
function byPattern(name: string): string | undefined {
  const match =
    /^(python|node|ruby|perl|php|bun|deno|lua)[0-9.]*$/.exec(name) ??
    /^(nodejs|pypy|luajit)[0-9.]*$/.exec(name);
  if (!match) return undefined;
  if (match[1] === 'nodejs') return 'node';
  if (match[1] === 'pypy') return 'python';
  if (match[1] === 'luajit') return 'lua';
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
          'lua',
          'luajit',
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

/**
 * `inlinePrograms` as first written, before the command table: every word tested against
 * every code flag and cluster, wherever it stands.
 */
function inlineProgramsAsWritten(argv: readonly string[], name: string) {
  const flagsOf: Record<string, readonly string[]> = {
    python: ['-c'],
    node: ['-e', '--eval', '-p', '--print'],
    ruby: ['-e'],
    perl: ['-e', '-E'],
    php: ['-r'],
    bun: ['-e', '--eval', '-p', '--print'],
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
  it('reads the programs the command table names', () => {
    const codes = (...argv: string[]) => inlinePrograms(argv).map(({ code }) => code);
    expect(codes('python3', '-Bc', 'print(1)')).toEqual(['print(1)']);
    expect(codes('python3.12', '-cprint(2)')).toEqual(['print(2)']);
    expect(codes('node', '-pe', 'process.env')).toEqual(['process.env', 'e']);
    expect(codes('node', '--no-warnings', '--eval=1')).toEqual(['1']);
    expect(codes('perl', '-lne', 'print', 'x')).toEqual(['print']);
    expect(codes('php', '-R', 'echo $argn;')).toEqual(['echo $argn;']);
    expect(codes('lua5.4', '-e', 'print(1)')).toEqual(['print(1)']);
    expect(codes('deno', 'eval', '-p', '1+1')).toEqual(['1+1']);
    // What the table reads differently from a scan of every word: `-pie` is `-p -i` with the
    // backup suffix `e`, so `s/a/b/` is the script file; after `--` and as `-m`'s value a
    // `-c` is no option; `-W` takes a value.
    expect(codes('perl', '-pie', 's/a/b/')).toEqual([]);
    expect(codes('python3', '--', '-c', 'x')).toEqual([]);
    expect(codes('python3', '-m', '-c', 'x')).toEqual([]);
    expect(codes('python3', '-W', 'ignore', '-c', 'x')).toEqual(['x']);
    expect(codes('npm', '-e', 'x')).toEqual([]);
  });

  it("reads bun's options after a script, a `-` or a later `x`: only its first word is a subcommand", () => {
    for (const [argv, code] of [
      [['bun', 'app.py', '-pe', 'x'], 'x'],
      [['bun', '-', '-e', 'print(1)'], 'print(1)'],
      [['bun', 'pytest', '-pe', 'y'], 'y'],
      [['bun', '-e', 'pytest', '-pe', 'x'], 'x'],
      [['bun', '-e', '', 'x', '-lne', 'app.py'], 'app.py'],
    ] as const)
      expect(
        inlinePrograms(argv).map((program) => program.code),
        argv.join(' '),
      ).toContain(code);
  });

  it('finds every program a scan of every word finds, where no other option takes a value', () => {
    const name = fc.constantFrom(
      'python3',
      'node',
      'nodejs',
      'ruby',
      'perl',
      'php',
      'bun',
      'pypy',
      'npm',
      'cat',
    );
    // No `--`, and no option that takes a value other than a code option (`-m`, `-r`, `-W`).
    const word = fc.constantFrom(
      '-c',
      '-e',
      '-E',
      '-p',
      '--eval',
      '--print',
      '-Bc',
      '-lne',
      '-pe',
      '-cprint(1)',
      '-eputs 1',
      'app.py',
      'x',
      '',
      '-',
      'pytest',
      'c',
      'e',
      'print(1)',
    );
    fc.assert(
      fc.property(name, fc.array(word, { maxLength: 6 }), (command, args) => {
        const argv = [command, ...args];
        // php's `-c` and ruby's `-E` take a value (an ini path, an encoding).
        if (command === 'php' && args.some((arg) => arg.startsWith('-c'))) return;
        if (command === 'ruby' && args.includes('-E')) return;
        // `bun x PKG …` runs a package's program: its words are the program's, not bun's.
        if (command === 'bun' && args.find((arg) => !arg.startsWith('-')) === 'x') return;
        // `bun x …` runs a package: the later words are its own.
        // Bun reads `-pe` as `-p e`, so only a lone code option takes the next word.
        const firstOperand = args.find(
          (arg, i) =>
            !(arg.startsWith('-') && arg !== '-') &&
            !(i > 0 && /^(?:-[ep]|--(?:eval|print))$/.test(args[i - 1]!)),
        );
        if (command === 'bun' && firstOperand === 'x') return;
        // A program that starts with `-` right after a code option (`-e -eputs 1`): the scan
        // and the reader each take one of the two words as the program.
        if (
          args.some(
            (arg, i) =>
              i > 0 && arg.startsWith('-') && /^-[\w(]*[cepE]$|^--(?:eval|print)$/.test(args[i - 1]!),
          )
        )
          return;
        const found = inlinePrograms(argv, command).map(({ code }) => code);
        for (const { code } of inlineProgramsAsWritten(argv, command))
          expect(found, argv.join(' ')).toContain(code);
      }),
      { numRuns: 3000 },
    );
  }, 60_000);
});
