/**
 * Inline programs given to interpreters (`python -c CODE`, `node -e CODE`, `ruby -e`,
 * `perl -e`, `php -r`, `deno eval`, `bun -e`). The floor cannot run them, but it can see
 * the file names they mention (`open('.env')`) and whole-environment reads
 * (`print(os.environ)`, `console.log(process.env)`, `p ENV`, `print %ENV`). Reading one
 * named variable (`os.environ['HOME']`, `process.env.HOME`, `ENV['X']`) is fine.
 */
import { commandWordBasename } from '../shell/command-word';
import type { ShellRedirect, SimpleCommand } from '../shell/types';

const CODE_FLAGS: Record<string, readonly string[]> = {
  python: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  ruby: ['-e'],
  perl: ['-e', '-E'],
  php: ['-r'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
};

/** Interpreter names without a version, and the family each belongs to. */
const FAMILIES: ReadonlyMap<string, string> = new Map([
  ['python', 'python'],
  ['node', 'node'],
  ['ruby', 'ruby'],
  ['perl', 'perl'],
  ['php', 'php'],
  ['bun', 'bun'],
  ['deno', 'deno'],
  ['nodejs', 'node'],
  ['pypy', 'python'],
]);

/** The interpreter family of a command name (no directory: `python3.12` → `python`), if any. */
export function interpreterFamily(name: string): string | undefined {
  const first = name.charCodeAt(0);
  // p, n, r, b, d: the first letters of every interpreter name; most commands stop here.
  if (first !== 112 && first !== 110 && first !== 114 && first !== 98 && first !== 100) return undefined;
  // The name is an interpreter's followed by a version made of digits and dots. No
  // interpreter's name ends in either, so the name without its trailing ones is that name.
  let end = name.length;
  while (end > 0 && isVersionChar(name.charCodeAt(end - 1))) end--;
  return FAMILIES.get(end === name.length ? name : name.slice(0, end));
}

/** An ASCII digit or `.`. */
function isVersionChar(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46;
}

/** One inline program: its text and the interpreter family that runs it. */
export interface InlineProgram {
  family: string;
  code: string;
}

const NO_PROGRAMS: readonly InlineProgram[] = [];

// A cluster of short options ending in the code flag also takes the program as the next
// word: `perl -lne CODE`, `perl -le CODE`, `node -pe CODE`, `python3 -Bc CODE`.
const CODE_CLUSTERS: Record<string, RegExp> = {
  python: /^-[a-zA-Z]+c$/,
  node: /^-[a-zA-Z]+[ep]$/,
  bun: /^-[a-zA-Z]+[ep]$/,
  ruby: /^-[a-zA-Z]+e$/,
  perl: /^-[a-zA-Z0-9]+[eE]$/,
};

/**
 * Families whose code flags and cluster expression (`^-…`, no alternatives) all start with
 * `-` (all but deno's `eval`): for them a word that does not is no code flag.
 */
const DASHED_FAMILIES: ReadonlySet<string> = new Set(
  Object.keys(CODE_FLAGS).filter(
    (family) =>
      CODE_FLAGS[family]!.every((flag) => flag.startsWith('-')) &&
      (!Object.hasOwn(CODE_CLUSTERS, family) ||
        (CODE_CLUSTERS[family]!.source.startsWith('^-') && !CODE_CLUSTERS[family]!.source.includes('|'))),
  ),
);

/**
 * The inline program texts of an interpreter invocation, with the interpreter family.
 * `name` is the command name of `argv[0]` when the caller already has it.
 */
export function inlinePrograms(
  argv: readonly string[],
  name: string = commandWordBasename(argv[0] ?? ''),
): readonly InlineProgram[] {
  const family = interpreterFamily(name);
  if (!family) return NO_PROGRAMS;
  const flags = Object.hasOwn(CODE_FLAGS, family) ? CODE_FLAGS[family]! : [];
  const cluster = Object.hasOwn(CODE_CLUSTERS, family) ? CODE_CLUSTERS[family] : undefined;
  const dashed = DASHED_FAMILIES.has(family);
  // Most interpreter commands run a script (`python3 app.py --port 8000`): no list for them.
  let out: InlineProgram[] | undefined;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    // `-` is 45: no flag, cluster or attached flag matches a word without it (see above).
    if (dashed && arg.charCodeAt(0) !== 45) continue;
    if ((flags.includes(arg) || cluster?.test(arg) === true) && argv[i + 1] !== undefined) {
      (out ??= []).push({ family, code: argv[i + 1]! });
      i++;
    } else if (arg.length > 2 && flags.some((flag) => flag.length === 2 && arg.startsWith(flag))) {
      (out ??= []).push({ family, code: arg.slice(2) }); // `-cCODE`, `-eCODE`
    }
  }
  return out ?? NO_PROGRAMS;
}

/**
 * The program an interpreter reads from a literal here-doc or here-string
 * (`python3 <<'EOF'` … `EOF`, `node <<< 'code'`): no script operand, and the last redirect of
 * standard input holds text the parser could read. The floor checks it like a `-c` program.
 */
export function stdinProgram(command: SimpleCommand, name: string): InlineProgram | undefined {
  const family = interpreterFamily(name);
  if (!family) return undefined;
  const argv = command.unwrapped.argv;
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== '-' && !arg.startsWith('-')) return undefined; // a script file (or a value)
  }
  let last: ShellRedirect | undefined;
  for (const redirect of command.redirects) {
    if ((redirect.fd === undefined || redirect.fd === 0) && redirect.operator.startsWith('<'))
      last = redirect;
  }
  return last?.text === undefined ? undefined : { family, code: last.text };
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
