/**
 * Inline programs given to interpreters (`python -c CODE`, `node -e CODE`, `ruby -e`,
 * `perl -e`, `php -r`, `deno eval`, `bun -e`). The floor cannot run them, but it can see
 * the file names they mention (`open('.env')`) and whole-environment reads
 * (`print(os.environ)`, `console.log(process.env)`, `p ENV`, `print %ENV`). Reading one
 * named variable (`os.environ['HOME']`, `process.env.HOME`, `ENV['X']`) is fine.
 */

const CODE_FLAGS: Record<string, readonly string[]> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  ruby: ['-e'],
  perl: ['-e', '-E'],
  php: ['-r'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
};

const FIRST_LETTERS = new Set(['p', 'n', 'r', 'b', 'd']);

function interpreterFamily(word: string): string | undefined {
  const base = word.slice(word.lastIndexOf('/') + 1);
  if (!FIRST_LETTERS.has(base[0] ?? '')) return undefined;
  const match =
    /^(python|node|ruby|perl|php|bun|deno)[0-9.]*$/.exec(base) ?? /^(nodejs|pypy)[0-9.]*$/.exec(base);
  if (!match) return undefined;
  if (match[1] === 'nodejs') return 'node';
  if (match[1] === 'pypy') return 'python';
  return match[1];
}

/** The inline program texts of an interpreter invocation, with the interpreter family. */
export function inlinePrograms(argv: readonly string[]): { family: string; code: string }[] {
  const family = interpreterFamily(argv[0] ?? '');
  if (!family) return [];
  const flags = Object.hasOwn(CODE_FLAGS, family) ? CODE_FLAGS[family]! : [];
  const out: { family: string; code: string }[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (flags.includes(arg) && argv[i + 1] !== undefined) {
      out.push({ family, code: argv[i + 1]! });
      i++;
    } else if (arg.length > 2 && flags.some((flag) => flag.length === 2 && arg.startsWith(flag))) {
      out.push({ family, code: arg.slice(2) }); // `-cCODE`, `-eCODE`
    }
  }
  return out;
}

/** The string literals of program text (`open('.env')` → `.env`); bare identifiers such as `process.env` are not paths. */
export function codeTokens(code: string): string[] {
  return [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((token) => token !== '');
}

const WHOLE_ENVIRONMENT: Record<string, RegExp> = {
  python: /\bos\.environ\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b))|\bos\.getenv\(\s*\)/,
  node: /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bDeno\.env\.toObject\b/,
  bun: /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bBun\.env\b(?!\s*(?:\.|\[))/,
  deno: /\bDeno\.env\.toObject\b/,
  ruby: /\bENV\b(?!\s*(?:\[|\.fetch\b|\.key\?))/,
  perl: /%ENV\b|\bkeys\s+%?ENV\b/,
  php: /\$_ENV\b(?!\s*\[)|\bgetenv\(\s*\)|\$_SERVER\b(?!\s*\[)/,
};

/** True when program text reads the whole environment. */
export function readsWholeEnvironment(family: string, code: string): boolean {
  return Object.hasOwn(WHOLE_ENVIRONMENT, family) && WHOLE_ENVIRONMENT[family]!.test(code);
}
