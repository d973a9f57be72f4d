/**
 * Inline programs given to interpreters (`python -c CODE`, `node -e CODE`, `ruby -e`,
 * `perl -e`, `php -r`, `lua -e`, `deno eval`, `bun -e`): which options take one is the
 * command table's (`commands/table/interpreters.ts`). The floor cannot run them, but it can
 * see the file names they mention (`open('.env')`), whole-environment reads
 * (`print(os.environ)`, `console.log(process.env)`, `p ENV`, `print %ENV`) and the literal
 * command lines they run (`os.system('env')`, `io.popen("cat .env")`). Reading one named
 * variable (`os.environ['HOME']`, `process.env.HOME`, `ENV['X']`) is fine. A program that
 * computes a name at run time (`'.e'+'nv'`, `chr(46)`, base64, `getattr`, a command line
 * built from variables) hides what it reads or runs: no prefix rule covers it
 * (`computedCode`), it is asked about.
 */
import {
  type InlineCode,
  inlineCode,
  interpreterName,
  LANGUAGES,
  RUN_CALLS,
  readCommand,
  SHELL_QUOTE_LANGUAGES,
} from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { ShellRedirect, SimpleCommand } from '../shell/types';

/** The interpreter family of a command name (no directory: `python3.12` → `python`), if any. */
export function interpreterFamily(name: string): string | undefined {
  const table = interpreterName(name);
  return table === undefined ? undefined : LANGUAGES.get(table);
}

/** One inline program: its text and the interpreter family that runs it. */
export type InlineProgram = InlineCode;

const NO_PROGRAMS: readonly InlineProgram[] = [];

/**
 * The inline program texts of an interpreter invocation, with the interpreter family, from
 * every reading of the argv (the command table's `code` words). `name` is the command name of
 * `argv[0]` when the caller already has it.
 */
export function inlinePrograms(
  argv: readonly string[],
  name: string = commandWordBasename(argv[0] ?? ''),
): readonly InlineProgram[] {
  const table = interpreterName(name);
  if (table === undefined || argv.length < 2) return NO_PROGRAMS;
  const readings = readCommand(argv, 0, table);
  return readings === undefined ? NO_PROGRAMS : inlineCode(argv, readings, LANGUAGES.get(table)!);
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
  python: /\bos\.environb?\b(?!\s*(?:\[|\.get\b|\.setdefault\b|\.pop\b))|\bos\.getenv\(\s*\)/,
  node: /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))|\bprocess\s*\[\s*['"`]env['"`]\s*\](?!\s*(?:\.|\[|\?\.))|\bDeno\.env\.toObject\b/,
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

/** A string literal without escapes or interpolation, for the languages' quoting alike. */
const PLAIN_STRING = String.raw`(?:'[^'\\\n]*'|"[^"\\\n$]*"|\`[^\`\\\n$]*\`)`;

/**
 * How a language joins strings, between two literals: `'.e'+'nv'`, `".e"."nv"`, `".e".."nv"`,
 * Python's adjacent literals (`'.e' 'nv'`). Nothing else needs two literals joined.
 */
const JOINED_LITERALS: Readonly<Record<string, RegExp>> = (() => {
  const join = (operator: string) => new RegExp(`${PLAIN_STRING}\\s*${operator}\\s*${PLAIN_STRING}`);
  return {
    python: join(String.raw`\+?`),
    node: join(String.raw`\+`),
    bun: join(String.raw`\+`),
    deno: join(String.raw`\+`),
    ruby: join(String.raw`\+?`),
    perl: join(String.raw`\.`),
    php: join(String.raw`\.`),
    lua: join(String.raw`\.\.`),
  };
})();

/**
 * Reflection, dynamic evaluation and import, and renaming what the floor looks for: a name
 * given to these is looked up or run at run time (`getattr(os, x)`, `eval(s)`,
 * `Object.const_get(n)`, `import os as o`). Computing a string alone is harmless until it
 * reaches one of these or a call of `NAMING_CALLS`.
 */
const COMPUTING: Record<string, RegExp> = {
  python:
    /\b(?:getattr|setattr|delattr|vars|globals|locals|eval|exec|compile|__import__|importlib|import_module|marshal|pickle)\b|__dict__|__builtins__|__class__|__subclasses__|__globals__|\bimport\s+(?:os|subprocess|pathlib|io)\s+as\b|\bfrom\s+(?:os|subprocess|pathlib|io|pty)\s+import\b|=\s*os\s*(?:[;\n]|$)/,
  node: /\b(?:eval|Function|Reflect|globalThis|global|Proxy)\b|\bimport\s*\(|\b(?:process|this|module|require|Deno|Bun)\s*\[|\{[^{}]*\}\s*=\s*(?:process|Deno|Bun|require\s*\(\s*['"`]child_process['"`]\s*\))|=\s*(?:process|Deno)\s*(?:[;,\n)]|$)/,
  ruby: /\b(?:send|__send__|public_send|const_get|instance_variable_get|class_eval|instance_eval|module_eval|eval|binding|define_method|Marshal)\b|(?<![.\w])method\s*\(|\bObject\s*\.\s*const/,
  perl: /\beval\b|&\s*\{|\*\s*\{|\$\s*\{\s*["'$]|\bno\s+strict\b|\$ENV\s*\{\s*(?!\w+\s*\}|'[^'$\\]*'\s*\}|"[^"$\\]*"\s*\})/,
  php: /\b(?:eval|assert|create_function|call_user_func(?:_array)?|constant|extract|parse_str)\b|\$\$|\$\{|\$\w+\s*\(|\$_(?:ENV|SERVER)\s*\[\s*(?!'[^'$\\]*'\s*\]|"[^"$\\]*"\s*\])/,
  lua: /\b(?:load|loadstring|dofile|loadfile|rawget|getfenv|setfenv|debug|_G|_ENV)\b/,
};
// Bun and Deno run JavaScript too.
COMPUTING.bun = COMPUTING.node!;
COMPUTING.deno = COMPUTING.node!;

/**
 * Calls whose first argument names what they read, load or run (a file, a variable, a module,
 * a command line): computed when it is not a plain literal (`open(x)`, `getenv($name)`,
 * `open(chr(46)+'env')`, `io.popen(cmd)`). A literal with an escape (`'\x2eenv'`) is not plain.
 */
const NAMING_CALLS: Record<string, RegExp> = {
  python:
    /\b(?:open|io\.open|Path|getenv|environb?\.(?:get|pop|setdefault)|os\.(?:open|system|popen|exec\w*|spawn\w*|listdir|scandir|walk)|subprocess\.\w+|pty\.spawn|glob\.i?glob)\s*\(|\bos\.environb?\s*\[/g,
  node: /\b(?:readFileSync|readFile|createReadStream|openSync|readTextFile(?:Sync)?|readdirSync|require|execSync|execFileSync|spawnSync|execFile|spawn|fork|Bun\.file|Bun\.spawn(?:Sync)?|Deno\.run|Deno\.Command|Deno\.env\.get)\s*\(|\bprocess\.env\s*\[/g,
  ruby: /(?:\b(?:File\.(?:read|open|readlines|foreach|binread|new)|IO\.(?:read|readlines|foreach|popen|binread)|Open3\.\w+|ENV\.fetch|Dir\.glob)|(?<![.\w])(?:open|load|system|exec|spawn))\b\s*\(?|\bENV\s*\[/g,
  perl: /(?<![.\w$@%&])(?:open|sysopen|system|exec)\b\s*\(?/g,
  php: /\b(?:file_get_contents|fopen|file|readfile|highlight_file|show_source|parse_ini_file|getenv|system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec|glob|scandir|opendir)\s*\(|\b(?:include|require)(?:_once)?\b\s*\(?/g,
  lua: /\b(?:io\.open|io\.lines|io\.popen|os\.execute|os\.getenv|require)\s*\(?/g,
};
// Bun and Deno run JavaScript too.
NAMING_CALLS.bun = NAMING_CALLS.node!;
NAMING_CALLS.deno = NAMING_CALLS.node!;

/** Options that may come first in a call instead of a name: Perl's file handle, a mode. */
const HANDLE_FIRST = /^\s*(?:my\s+)?(?:\$\w+|[A-Z_][A-Z0-9_]*)\s*,/;

/** A call's literal arguments: plain literals (or lists of them) and commas, up to the call's end. */
const LITERAL_ARGUMENTS = new RegExp(
  String.raw`^\s*(?:\[\s*(?:${PLAIN_STRING}\s*,?\s*)*\]|${PLAIN_STRING}|\d+\b|\])(?:\s*,\s*(?:\[\s*(?:${PLAIN_STRING}\s*,?\s*)*\]|${PLAIN_STRING}|\{[^{}()$]*\}|\w+\s*[=:]\s*[\w'"]+|\w+))*\s*(?:[),;\n\]]|$|\bor\b|\|\|)`,
);

/**
 * Why `code` computes a name at run time (one of the constructs above), or undefined when
 * every name it reads, loads or runs is written out. Only the program text is read, never run.
 */
export function computedCode(family: string, code: string): string | undefined {
  if (JOINED_LITERALS[family]?.test(code)) return 'joins string literals into a name';
  const computing = COMPUTING[family]?.exec(code);
  if (computing) return `computes a name or code at run time (${computing[0].trim()})`;
  const calls = NAMING_CALLS[family];
  if (calls === undefined) return undefined;
  calls.lastIndex = 0;
  for (let match = calls.exec(code); match !== null; match = calls.exec(code)) {
    let rest = code.slice(match.index + match[0].length);
    if (match[0].endsWith('[')) {
      // A subscript: `os.environ[NAME]`, `process.env[k]`.
      if (!new RegExp(`^\\s*${PLAIN_STRING}\\s*\\]`).test(rest))
        return `reads ${match[0]}…] by a computed name`;
      continue;
    }
    if (family === 'perl' || family === 'ruby') {
      // Perl's `open(F, '<', 'x')`, `open my $f, 'x'`: the handle first.
      const handle = HANDLE_FIRST.exec(rest);
      if (handle !== null && /\bopen$|\bsysopen$/.test(match[0].replace(/\s*\(?$/, '')))
        rest = rest.slice(handle[0].length);
    }
    if (!LITERAL_ARGUMENTS.test(rest))
      return `${match[0].replace(/\s*\(?$/, '')} takes a name computed at run time`;
  }
  return undefined;
}

/** Backquotes and `qx`/`%x` where they run shell commands (`SHELL_QUOTE_LANGUAGES`: Perl, Ruby, PHP). */
const SHELL_QUOTED = /`([^`]*)`|\bqx\s*\{([^}]*)\}|\bqx\s*\(([^)]*)\)|%x\{([^}]*)\}|%x\(([^)]*)\)/g;
const LITERAL = new RegExp(`^\\s*(${PLAIN_STRING})`);
const LIST = new RegExp(`^\\s*\\[((?:\\s*${PLAIN_STRING}\\s*,?)*)\\s*\\]`);

/** The literals of a list (`['cat', '.env']` → `cat .env`). */
function listWords(list: string): string[] {
  return [...list.matchAll(new RegExp(PLAIN_STRING, 'g'))].map((match) => match[0].slice(1, -1));
}

/**
 * The literal command lines program text runs (`os.system('env')`, `io.popen("cat .env")`,
 * `subprocess.run(['cat', '.env'])`, `` `env` ``), for the floor to check as shell commands:
 * the calls are the interpreter's `runCalls` in the command table.
 * One built at run time is `computedCode`'s.
 */
export function programCommandLines(family: string, code: string): string[] {
  const calls = RUN_CALLS.get(family);
  if (calls === undefined) return [];
  const lines: string[] = [];
  calls.lastIndex = 0;
  for (let match = calls.exec(code); match !== null; match = calls.exec(code)) {
    const rest = code.slice(match.index + match[0].length);
    const list = LIST.exec(rest);
    if (list !== null) {
      lines.push(listWords(list[1]!).join(' '));
      continue;
    }
    const literal = LITERAL.exec(rest);
    if (literal === null) continue;
    let line = literal[1]!.slice(1, -1);
    // `spawn('cat', ['.env'])`, `execFile('cat', ['.env'])`: the argv after the program.
    const args = LIST.exec(rest.slice(literal[0].length).replace(/^\s*,/, ''));
    if (args !== null) line = [line, ...listWords(args[1]!)].join(' ');
    lines.push(line);
  }
  if (SHELL_QUOTE_LANGUAGES.has(family)) {
    for (const match of code.matchAll(SHELL_QUOTED)) {
      const text = match.slice(1).find((group) => group !== undefined);
      if (text !== undefined) lines.push(text);
    }
  }
  return lines;
}

/** What `computedInlineCode` found: why, and the program. */
export interface ComputedCode {
  reason: string;
  code: string;
}

/**
 * The first inline program of `command` (an option's or a literal here-doc's) that computes a
 * name at run time (`computedCode`), or undefined. No prefix rule covers such a command
 * (`Bash(python3:*)` does not allow `python3 -c "open('.e'+'nv')"`): it is asked about.
 */
export function computedInlineCode(command: SimpleCommand): ComputedCode | undefined {
  const head = command.unwrapped.argv[0];
  if (head === undefined) return undefined;
  const name = commandWordBasename(head);
  if (interpreterName(name) === undefined) return undefined;
  const programs = inlinePrograms(command.unwrapped.argv, name);
  const fromStdin = command.redirects.length > 0 ? stdinProgram(command, name) : undefined;
  for (const { family, code } of fromStdin === undefined ? programs : [...programs, fromStdin]) {
    const reason = computedCode(family, code);
    if (reason !== undefined) return { reason: `${name}'s program ${reason}`, code };
  }
  return undefined;
}
