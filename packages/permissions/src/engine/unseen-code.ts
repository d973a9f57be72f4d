/**
 * Commands that run code the engine cannot read. While the user has deny rules for the
 * shell, such a command is denied rather than asked about: otherwise `$(printf rm) -rf x`,
 * `echo cm0gLXJmIHg= | base64 -d | sh` or `eval "$CMD"` would walk around `Bash(rm:*)`
 * with a single click. Without deny rules they are merely opaque (ask).
 */

import { isInterpreterOrWrapper } from '../classifier';
import { classifySedScript } from '../classifier/sed-script';
import {
  ALIAS_EXPANDING_NAMES,
  ALIAS_NAMES,
  ALL_SHELL_NAMES,
  AWK_NAMES,
  INTERPOLATING_LANGUAGES,
  interpreterName,
  LINE_RUNNERS,
  LOGIN_SHELL_NAMES,
  namesWhere,
  PLACEHOLDER_NAMES,
  PROCESS_APIS,
  type ProgramSource,
  placeholderOf,
  programSource,
  type Reading,
  RUN_CALLS,
  readCommand,
  readingExpandsAliases,
  readsCommandsOnStdin,
  SHELL_CODE_RUNNERS,
  SHELL_QUOTE_LANGUAGES,
  SHELL_STARTER_NAMES,
  SHELL_STARTING_REASONS,
  STDIN_COMMAND_NAMES,
  STDIN_FILE,
  startsShellOnStdin,
  unguessed,
} from '../commands';
import { inlinePrograms } from '../floor/interpreter-code';
import { commandBasename } from '../rules/match-command-rule';
import { isAssignment } from '../shell/fallback-scan';
import type { ShellRedirect, ShellWord, SimpleCommand } from '../shell/types';
import { readsScriptFromStdin } from '../shell/unwrap';
import { DYNAMIC_WORD_STOP } from '../shell/wrapper-step';
import { isCommandRunner } from './hidden-commands';
import { literalStdin } from './redirects';
import { unwrappedDiffers } from './shell-rules';

/** Shells of every language, and the multi-call binaries that start one: the command table's. */
const shells = ALL_SHELL_NAMES;
/** Text processors whose program can run commands it builds from the data (`system($0)`, `e`). */
const seds = namesWhere((fact) => fact.programLanguage === 'sed');
const descriptorFile = /^\/(dev\/stdin|dev\/fd\/\d+|proc\/self\/fd\/\d+)$/;

type Inline = Extract<ProgramSource, { from: 'inline' }>;
type Stdin = Extract<ProgramSource, { from: 'stdin' }>;

/**
 * Where a shell or interpreter named `name` takes its program from (`programSource`, from the
 * command table): the first program given inline and the first read from standard input, in
 * the readings with no guess (`unguessed`: an option the table does not list takes no value, as
 * the engine always read them here).
 */
function programOf(argv: readonly string[], name: string): { inline?: Inline; stdin?: Stdin } {
  const table = shells.has(name) ? name : interpreterName(name);
  const found: { inline?: Inline; stdin?: Stdin } = {};
  for (const reading of (table === undefined ? undefined : readCommand(argv, 0, table)) ?? []) {
    if (!unguessed(reading)) continue;
    const source = programSource(argv, reading);
    if (source?.from === 'inline') found.inline ??= source;
    else if (source?.from === 'stdin') found.stdin ??= source;
  }
  return found;
}

/** A shell, or a language interpreter of the command table (`python3.12`, `nodejs`, `tclsh`). */
function isShellLike(name: string): boolean {
  return shells.has(name) || interpreterName(name) !== undefined;
}

/**
 * True when a command named `name` can run code that is not in the command itself (a shell,
 * an interpreter, `eval`, `source`, a reader of command lines on standard input, awk and sed),
 * turn alias expansion on (`shopt`, `set`) or define an alias: only those can get a reason from
 * `unseenCodeReason` besides a computed or filled-in command word (runners and wrappers reach
 * it through `mayHideCommands` and unwrapping). All from the command table.
 */
export function mayRunUnseenCode(name: string): boolean {
  return (
    SHELL_CODE_RUNNERS.has(name) ||
    isShellLike(name) ||
    STDIN_COMMAND_NAMES.has(name) ||
    AWK_NAMES.has(name) ||
    seds.has(name) ||
    ALIAS_EXPANDING_NAMES.has(name) ||
    ALIAS_NAMES.has(name)
  );
}

// A path under the home directory, `~/.bashrc` or `$HOME/.local/bin/env`: the command cannot
// change HOME (the floor denies assigning it), so the word names a file there, as fixed as a
// literal path — unless it climbs out with `..` or (with HOME=/ in a container) into
// `/dev` or `/proc`, where a descriptor is (`~/../../dev/stdin`).
const HOME_PATH = /^(?:~|\$HOME|\$\{HOME\})(\/[\w.@%+,:=/-]*)?$/;

/** True when a word's value is only known at run time (a home-relative path does not count). */
function computed(word: ShellWord): boolean {
  if (!word.dynamic) return false;
  // Double quotes change nothing in such a path (`"$HOME/.cargo/env"`, `"$HOME"/x`): the
  // characters HOME_PATH allows mean the same in or out of them.
  const home = HOME_PATH.exec(word.raw.includes('"') ? word.raw.replaceAll('"', '') : word.raw);
  if (home === null) return true;
  const rest = home[1] ?? '';
  return /(?:^|\/)\.\.(?:\/|$)/.test(rest) || /^\/+(?:dev|proc)(?:\/|$)/.test(rest);
}

/**
 * True when the script a shell reads on standard input is a literal here-doc or here-string:
 * then it is seen, not hidden — the parser lists its commands like any others (`bash <<'EOF'`),
 * each reading the rest of it (a `python3` line in it is a program on standard input). An
 * interpreter's program stays unseen: no search for words can follow code that builds the
 * command it runs (`os.system('r' + 'm -rf x')`).
 */
function scriptVisible(name: string, command: SimpleCommand): boolean {
  if (!shells.has(name) || literalStdin(command) === undefined) return false;
  const inner = command.unwrapped;
  return commandBasename(inner.argv[0] ?? '') === name && readsScriptFromStdin(inner.words);
}

/** True when something is piped or redirected into the command's standard input. */
function fedStdin(command: SimpleCommand): boolean {
  if (command.context === 'pipeline' || command.readsPipe) return true;
  for (const redirect of command.redirects) {
    if (redirect.read || redirect.operator.startsWith('<<') || duplicatesIntoStdin(redirect)) return true;
  }
  return false;
}

/** `<&3`, `0<&3`: standard input becomes another descriptor (`exec 3<<<'rm x'; bash <&3`). */
function duplicatesIntoStdin(redirect: ShellRedirect): boolean {
  return (
    redirect.operator === '<&' && (redirect.fd === undefined || redirect.fd === 0) && redirect.target !== '-'
  );
}

/**
 * Why `argv` runs code that is not visible in the command, or undefined. `words` (aligned
 * with `argv`) tells which words are computed at run time.
 */
function unseenIn(
  argv: readonly string[],
  words: readonly ShellWord[],
  command: SimpleCommand,
  ownInput = true,
): string | undefined {
  const word = argv[0];
  if (word === undefined) return undefined;
  if (words[0]?.dynamic) return `the command word ${JSON.stringify(word)} is computed at run time`;
  const context = command.context;
  if ((context === 'xargs' || context === 'find-exec') && word.includes('{}')) {
    return `the command word ${JSON.stringify(word)} is filled in at run time`;
  }
  const name = commandBasename(word);
  // `source`, `.`, `eval`: the builtins that run shell code (`runsShellCode`).
  if (SHELL_CODE_RUNNERS.has(name)) {
    // `source FILE` runs a file like `bash FILE` does: not hidden code, just another program —
    // unless the "file" is a descriptor (`. /dev/stdin <<< '…'`) or computed.
    for (let index = 1; index < words.length; index++) {
      if (computed(words[index]!)) return `${name} runs text computed at run time`;
    }
    if (argv[1] !== undefined && descriptorFile.test(argv[1]))
      return `${name} runs a program read from a file descriptor`;
    return undefined;
  }
  if (!isShellLike(name)) return undefined;
  // A program read from a descriptor (`bash /dev/stdin`, `python3 x.py /dev/fd/3`) is unseen.
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    // Every descriptor path starts with `/`: a one-character test spares the regex for most words.
    if (arg.charCodeAt(0) === 0x2f && descriptorFile.test(arg))
      return `${name} runs a program read from a file descriptor`;
  }
  // A shell or interpreter given no program inline, as a module or as a script operand reads
  // it from standard input — which is hidden when something is piped or redirected into it
  // (`... | sh`, `sh < file`, `bash -s`, `python3 -`): the command table's `stdinProgram`.
  const { inline, stdin } = programOf(argv, name);
  if (
    stdin !== undefined &&
    (stdin.explicit || fedStdin(command)) &&
    !(ownInput && scriptVisible(name, command)) &&
    // With noexec nothing runs, not even a later `set +n` — unless standard input is duplicated
    // from another descriptor (`<&2`), which may be a terminal and make the shell interactive.
    !(stdin.syntaxOnly && !command.redirects.some((redirect) => redirect.operator === '<&'))
  ) {
    return `${name} reads its program from standard input`;
  }
  if (inline !== undefined && (context === 'xargs' || context === 'find-exec')) {
    // `xargs sh -c` takes its script from the input; `xargs -I{} sh -c {}` and
    // `find -exec sh -c {} \;` run a file name or an input line as the script. (A `{}`
    // after the script is only its `$0`: `find -exec sh -c 'echo "$0"' {} \;` is fine.)
    const script = inline.text;
    if (script === undefined || script.trimStart().startsWith('{}')) {
      return `the program run by ${name} is filled in at run time`;
    }
  }
  const programAt = inline?.at;
  for (let index = 1; index < argv.length; index++) {
    if (words[index] !== undefined && computed(words[index]!) && !argv[index]!.startsWith('-')) {
      if (programAt !== undefined && index > programAt && dataGlob(words[index]!, argv[index - 1]!)) continue;
      return `${name} runs a program named at run time`;
    }
  }
  return undefined;
}

// A file-name glob with a literal first and last character (`src/*.c`, `data/*.json`).
const DATA_GLOB = /^[\w./][\w./*?[\]-]*[\w.]$/;

/**
 * True when `word`, after an inline program (`perl -pi -e '…' src/*.c`), can only expand to
 * the names of data files: a glob with no expansion of variables or commands, starting with
 * a literal (so no name it matches starts with `-` and becomes an option, or with `|`, `<`,
 * `>`, `+` or a blank, which Perl's `<>` opens as a pipe or in another mode) and ending
 * with one (no match ends with `|`, a pipe from a command in Perl). After an option
 * (`-e *.pl`, `--require *.js`) it may be code, and stays computed.
 */
function dataGlob(word: ShellWord, before: string): boolean {
  return word.glob && !before.startsWith('-') && DATA_GLOB.test(word.raw);
}

/**
 * Why this simple command runs code the engine cannot see (checked on the command as
 * written and once unwrapped), or undefined.
 *
 * @example
 * ```ts
 * unseenCodeReason(analyzeShell('echo cm0= | base64 -d | sh').commands[2]!); // 'sh reads its program from standard input'
 * ```
 */
export function unseenCodeReason(command: SimpleCommand): string | undefined {
  const reason =
    unseenIn(command.argv, command.words, command) ??
    (unwrappedDiffers(command)
      ? unseenIn(command.unwrapped.argv, command.unwrapped.words, command)
      : undefined) ??
    computedBehindWrapper(command) ??
    replacedByXargs(command);
  if (reason !== undefined) return reason;
  // The command that runs, and its name, for the checks that read it.
  const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  const name = commandBasename(argv[0] ?? '');
  return (
    aliasRunsArguments(command, argv, name) ??
    (inputArrives(command) ? commandsFromStdin(command) : undefined) ??
    builtCommand(argv, name)
  );
}

// The calls that run a command line or program are the interpreters' `runCalls` in the
// command table (`RUN_CALLS`). A literal argument is searched for denied commands like the
// rest of the program (`hidden-commands.ts`); any other argument is built at run time — from
// the input (`awk '{system($0)}'`, `perl -ne 'system $_'`) or by code (`os.system('r' + 'm
// x')`) — and cannot be seen.
// Backquotes and `qx`/`%x`, where they run shell commands (`SHELL_QUOTE_LANGUAGES`).
const SHELL_QUOTE = /`([^`]*)`|\bqx\s*([^\w\s])|%x([{([<|])/g;
const STRING = /^\s*(?:'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*")/;
// Options after the command: `shell=True`, `check=False`, `{ stdio: 'inherit' }`.
const KEYWORD = /^\s*(?:\w+\s*=\s*(?:True|False|None|true|false|\d+)\b|\{[^{}()`$]*\})/;

/** One string literal (or a `[…]` list of them) at the start of `text`, or undefined. */
function literalItem(text: string, interpolates: boolean): string | undefined {
  const list = /^\s*\[/.exec(text);
  if (list) {
    let rest = text.slice(list[0].length);
    for (;;) {
      const item = literalItem(rest, interpolates);
      if (item === undefined) return undefined;
      rest = item.replace(/^\s*,/, '');
      const close = /^\s*\]/.exec(rest);
      if (close) return rest.slice(close[0].length);
    }
  }
  const match = STRING.exec(text) ?? KEYWORD.exec(text);
  if (!match) return undefined;
  const literal = match[0].trim();
  if (interpolates && literal.startsWith('"') && /\$|#\{/.test(literal)) return undefined;
  return text.slice(match[0].length);
}

/** True when the arguments after a run call (`(` already read or not) are all literals. */
function literalArguments(text: string, interpolates: boolean): boolean {
  let rest = text;
  for (let count = 0; count < 64; count++) {
    const after = literalItem(rest, interpolates);
    if (after === undefined) return false;
    const comma = /^\s*,/.exec(after);
    if (!comma) return /^\s*(?:[);]|$|\n)/.test(after);
    rest = after.slice(comma[0].length);
  }
  return false;
}

/**
 * True when the program text runs a command it builds at run time (see `RUN_CALLS`): a run call
 * with an argument that is no literal — nor, in a language that interpolates (`interpolates`), a
 * double-quoted string with a variable in it — where a language's run calls need a process API
 * (`processApi`: JavaScript's `exec(` is also a regular expression's), only with one.
 */
function buildsCommand(family: string, code: string): boolean {
  const calls = RUN_CALLS.get(family);
  if (calls === undefined) return false;
  const processApi = PROCESS_APIS.get(family);
  if (processApi !== undefined && !processApi.test(code)) return false;
  const interpolates = INTERPOLATING_LANGUAGES.has(family);
  for (const match of code.matchAll(calls)) {
    if (!literalArguments(code.slice((match.index ?? 0) + match[0].length), interpolates)) return true;
  }
  if (!SHELL_QUOTE_LANGUAGES.has(family)) return false;
  for (const match of code.matchAll(SHELL_QUOTE)) {
    if (match[1] === undefined || /\$|#\{/.test(match[1])) return true;
  }
  return false;
}

/** True when a string literal of an awk program holds `$` or a backquote: shell expansions. */
function expandedString(program: string): boolean {
  for (const match of program.matchAll(/"(?:[^"\\]|\\.)*"/g)) {
    if (/[$`]/.test(match[0])) return true;
  }
  return false;
}

/**
 * The programs of an awk or sed command line (`awk '{…}' f`, `sed -e S -e T`, gawk's `--source`),
 * read off the command table's `pattern` words, or `'stdin'` when a program file is standard
 * input or a descriptor (`awk -f -`). None when they come from files.
 */
function programTexts(argv: readonly string[], name: string): string[] | 'stdin' {
  const texts: string[] = [];
  for (const reading of readCommand(argv, 0, name) ?? []) {
    if (!unguessed(reading)) continue;
    for (const option of reading.options) {
      const def = option.def;
      if (def === undefined || option.value === undefined) continue;
      if (def.role === 'pattern') texts.push(option.value);
      else if (def.role === 'read' && def.effects.includes('pattern-given') && STDIN_FILE.test(option.value))
        return 'stdin';
    }
    for (const index of reading.operands) if (reading.kinds[index] === 'pattern') texts.push(argv[index]!);
  }
  return texts;
}

/**
 * Why an inline program runs a command the engine cannot see — one it builds at run time,
 * often from its input: `awk '{system($0)}'`, `awk '{print | cmd}'`, `sed 's/^/rm /e'`,
 * `perl -ne 'system $_'`, `python3 -c "os.system(sys.argv[1])"` — or undefined.
 */
function builtCommand(argv: readonly string[], name: string): string | undefined {
  if (AWK_NAMES.has(name)) {
    // `awk -f -`, `awk -f /dev/stdin`: the program is whatever arrives on standard input.
    const programs = programTexts(argv, name);
    if (programs === 'stdin') return `${name} reads its program from standard input`;
    for (const program of programs) {
      const reason = awkBuildsCommand(name, program);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }
  if (seds.has(name)) {
    const scripts = programTexts(argv, name);
    for (const script of scripts === 'stdin' ? [] : scripts) {
      if (classifySedScript(script).kind === 'exec') return `${name} runs its input as commands (e)`;
    }
    return undefined;
  }
  for (const { family, code } of inlinePrograms(argv, name)) {
    if (buildsCommand(family, code)) return `${name} runs a command its program builds at run time`;
  }
  return undefined;
}

/** Why an awk program runs a command it builds at run time, or undefined. */
function awkBuildsCommand(name: string, program: string): string | undefined {
  // String literals are what a literal `system("…")` or `print | "sort"` names: set them aside.
  const code = program.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  if (
    /\bsystem\s*\((?!\s*""\s*\))/.test(code) ||
    // `print | "sh"`: the data becomes the shell's commands.
    /\|&?\s*"\s*(?:\/\S*\/)?(?:sh|bash|zsh|dash|ksh)\b/.test(program) ||
    /\bprintf?\b[^;{}\n]*(?<!\|)\|(?!\|)&?\s*(?!"")[^\s|]/.test(code) ||
    // `cmd | getline` runs cmd: a command of its own only when cmd is one literal string
    // (`"date" | getline d`), not one built with fields (`"whois " $2 | getline`).
    /(?<!(?:^|[{;(\n]|&&|\|\||\bif\s*\(|\bwhile\s*\()\s*""\s*)\|&?\s*getline\b/.test(code)
  ) {
    return `${name} runs a command its program builds at run time`;
  }
  // A literal command line the shell expands when it runs: `system("$RM x")`,
  // `print | "`cmd`"`, `"$X" | getline`.
  if (/\bsystem\s*\(|(?<!\|)\|&?\s*""|""\s*\|(?!\|)/.test(code) && expandedString(program)) {
    return `${name} runs a command line whose words the shell expands at run time`;
  }
  return undefined;
}

/**
 * An alias whose text runs its arguments (`alias r=sudo`, `alias e='env '`): where aliases
 * expand (`sh -c`), `r rm -rf x` runs rm under a name no rule knows; so does any alias
 * ending in a blank, which expands the next word as an alias too. Turning alias expansion
 * on (`shopt -s expand_aliases`, `set -o posix`) lets any alias do that.
 */
function aliasRunsArguments(
  command: SimpleCommand,
  argv: readonly string[],
  word: string,
): string | undefined {
  // `shopt -s expand_aliases`, `set -o posix`: the entries' `expandsAliases`.
  if (
    ALIAS_EXPANDING_NAMES.has(word) &&
    readCommand(argv, 0, word)?.some((reading) => readingExpandsAliases(reading, argv))
  ) {
    return 'aliases defined in the command would expand into commands no rule sees';
  }
  // `bash -c` (how commands run) expands no aliases; a script given to `sh -c` or run
  // after `shopt -s expand_aliases` may. (`alias`: the entry's `definesAliases`.)
  if (
    !ALIAS_NAMES.has(word) ||
    (command.context !== 'shell-string' && command.context !== 'wrapper-argument')
  )
    return undefined;
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index]!;
    const equals = arg.indexOf('=');
    if (equals <= 0) continue;
    const value = arg.slice(equals + 1);
    const head = value.trim().split(/\s+/)[0] ?? '';
    const name = commandBasename(head);
    // A language interpreter runs its program, not its arguments: `alias py=python3` is fine.
    const runs =
      (isInterpreterOrWrapper(head) && interpreterName(name) === undefined) || isCommandRunner(name);
    if (/\s$/.test(value) || runs) {
      return `the alias ${JSON.stringify(arg.slice(0, equals))} runs the words after it as a command`;
    }
  }
  return undefined;
}

/**
 * `xargs -I STR` puts each input line where STR is (the entry's `placeholders`): in the command
 * word (`xargs -I% %`) or as a shell's script (`xargs -I% sh -c %`), the input is what runs.
 * (`{}`, the usual string, is caught on the command xargs runs; another one only the xargs
 * command itself knows.) Every reading of its options counts.
 */
function replacedByXargs(command: SimpleCommand): string | undefined {
  // The last wrapper first: it is not xargs for nearly every command. (Length first too:
  // reading index -1 of an array is a slow property lookup, not an element read.)
  const wrappers = command.unwrapped.wrappers;
  if (wrappers.length === 0) return undefined;
  const runner = wrappers[wrappers.length - 1]!;
  if (!PLACEHOLDER_NAMES.has(runner)) return undefined;
  const argv = command.argv;
  const at = argv.findIndex((arg) => commandBasename(arg) === runner);
  if (at < 0) return undefined;
  const inner = command.unwrapped.argv;
  const word = inner[0] ?? '';
  const name = commandBasename(word);
  for (const reading of readCommand(argv, at, runner) ?? []) {
    const replace = placeholderOf(reading);
    if (replace === undefined) continue;
    if (word.includes(replace)) return `the command word ${JSON.stringify(word)} is filled in at run time`;
    if (!isShellLike(name)) continue;
    const inline = programOf(inner, name).inline;
    const script = inline?.text;
    if (inline !== undefined && (script === undefined || script.trimStart().startsWith(replace))) {
      return `the program run by ${word} is filled in at run time`;
    }
  }
  return undefined;
}

/**
 * True when the command's standard input surely carries data: it reads a pipe (after the
 * first member) or a redirected file, here-doc or here-string. (`fedStdin` also counts the
 * first member of a pipeline, on the safe side for shells and interpreters.)
 */
function inputArrives(command: SimpleCommand): boolean {
  if (command.readsPipe) return true;
  for (const redirect of command.redirects) {
    if (
      (redirect.fd === undefined || redirect.fd === 0) &&
      (redirect.read || redirect.operator.startsWith('<'))
    )
      return true;
  }
  return false;
}

/**
 * True when a wrapper was left with no command and starts a shell of its own (`sudo -s`, `su`,
 * `chroot DIR`, `script`): its opaque reason is one the wrappers' `withoutCommand` facts give.
 */
function startsShell(reason: string): boolean {
  for (const starts of SHELL_STARTING_REASONS) if (reason.includes(` ${starts}`)) return true;
  return false;
}

/**
 * The first word at or after `from` that is no option, `--`, subcommand word or option value in
 * `reading`.
 */
function firstOperandOf(argv: readonly string[], reading: Reading, from: number): number {
  let at = from;
  for (; at < argv.length; at++) {
    const kind = reading.kinds[at];
    if (kind === 'option' || kind === 'end-of-options' || kind === 'subcommand') continue;
    if (reading.options.some((option) => option.valueIndex === at && option.index !== at)) continue;
    break;
  }
  return at;
}

/**
 * True when some reading of `ssh …` (a `loginShell` entry or subcommand, `name`) names no
 * command: ssh then runs a login shell, which reads its commands from standard input — unless an
 * option opens none (`no-program`: `-N`, `-W`, `-O`, `-s`). OpenSSH reads options after the host
 * as well (`ssh host -p 22`). A subcommand that logs in (`gcloud compute ssh VM`) reads its
 * options anywhere: it names a command when an operand follows the host (`-- CMD`) or an option
 * gives one (`--command=CMD`).
 */
function runsLoginShell(argv: readonly string[], name: string): boolean {
  const noShell = (reading: Reading) => reading.effects.has('no-program');
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const level = reading.facts.findIndex((fact) => fact.fact.loginShell === true);
    if (level < 0) continue;
    // No host at all (`ssh -o X=1 < f`): counted too, as a login the line may yet make.
    const host = firstOperandOf(argv, reading, 1);
    if (noShell(reading)) continue;
    if (level > 0) {
      const command =
        firstOperandOf(argv, reading, host + 1) < argv.length ||
        reading.options.some((option) => (option.role ?? option.def?.role) === 'script');
      if (!command) return true;
      continue;
    }
    for (const rest of readCommand(argv, host, name) ?? []) {
      if (!noShell(rest) && firstOperandOf(argv, rest, host + 1) >= argv.length) return true;
    }
  }
  return false;
}
const plainWord = (value: string): ShellWord => ({
  value,
  raw: value,
  dynamic: false,
  glob: false,
  quoted: false,
});

/**
 * Something fed into the standard input of `command` (a pipe, a redirect, a here-doc) that
 * becomes commands: the shell a wrapper starts (`… | sudo -s`, `su <<EOF`), every line
 * of `… | parallel`, the command lines `at`/`batch`, `crontab -` and `make -f -` read there
 * (`stdinCommands`, `runs-file`), and a shell at the far end of
 * a runner or inside a `-c` script (`… | ssh host`, `ssh host bash <<EOF`,
 * `docker exec -i c sh < x`, `bash -c 'sh' <<< x`).
 */
function commandsFromStdin(command: SimpleCommand): string | undefined {
  const unwrapped = command.unwrapped;
  // (`./script` is a program of the project, not util-linux `script`: the parser says no shell
  // starts there, `namesProjectFile`.)
  if (unwrapped.opaqueReason !== undefined && startsShell(unwrapped.opaqueReason)) {
    return `${unwrapped.opaqueReason} that reads its commands from standard input`;
  }
  if (unwrapped.argv.length === 0) {
    // `… | parallel`: a runner of input lines (`linesWithoutCommand`) given no command.
    const runner = unwrapped.wrappers[unwrapped.wrappers.length - 1];
    if (runner === undefined || !LINE_RUNNERS.has(runner)) return undefined;
    const until = LINE_RUNNERS.get(runner);
    if (until !== undefined && command.argv.some((arg) => arg.startsWith(until))) return undefined;
    return `${runner} runs each line of its input as a command`;
  }
  const argv = unwrapped.argv;
  const name = commandBasename(argv[0]!);
  // The jobs of `at`, the crontab `crontab -` installs, the makefile of `make -f -`: in any reading.
  if (
    STDIN_COMMAND_NAMES.has(name) &&
    readCommand(argv, 0, name)?.some((reading) => readsCommandsOnStdin(reading, argv))
  )
    return `${name} runs the command lines it reads from standard input`;
  // `… | screen`, `… | poetry shell`: given no command, a shell that reads standard input.
  if (
    SHELL_STARTER_NAMES.has(name) &&
    readCommand(argv, 0, name)?.some((reading) => startsShellOnStdin(reading, argv))
  )
    return `${name} starts a shell that reads its commands from standard input`;
  // A shell's `-c` script shares the shell's standard input: `bash -c 'sh' <<< 'rm x'`.
  const script = shells.has(name) && programOf(argv, name).inline !== undefined;
  if (!script && !isCommandRunner(name)) return undefined;
  if (LOGIN_SHELL_NAMES.has(name) && runsLoginShell(argv, name)) {
    return `${name} runs a login shell that reads its commands from standard input`;
  }
  // The runner's words as the remote side splits them (`ssh h 'bash -s'` runs `bash -s`):
  // a shell or interpreter among them that reads its program from standard input. A script
  // given as an option's attached value is read as its value (`--command=bash`).
  const attachedScripts = new Map<number, string>();
  for (const reading of readCommand(argv, 0, name) ?? []) {
    for (const option of reading.options) {
      if ((option.role ?? option.def?.role) !== 'script') continue;
      if (option.valueIndex === option.index && option.value !== undefined)
        attachedScripts.set(option.index, option.value);
    }
  }
  const tokens: string[] = [];
  for (let index = 1; index < argv.length && tokens.length < 256; index++) {
    const word = attachedScripts.get(index) ?? argv[index]!;
    for (const token of word.split(/\s+/)) if (token !== '') tokens.push(token);
  }
  for (let index = 0; index < tokens.length; index++) {
    if (!isShellLike(commandBasename(tokens[index]!))) continue;
    const rest = tokens.slice(index);
    const reason = unseenIn(rest, rest.map(plainWord), command, false);
    if (reason) return `${name} runs ${tokens[index]}, and ${reason}`;
  }
  return undefined;
}

/**
 * A wrapper the parser stopped at because a word where an option or the command belongs is
 * computed at run time (`nohup $RM x`, `sudo -u root /bin/r? x`): that word may be the
 * command that really runs. (Assignments and whole command lines are checked as such.)
 */
function computedBehindWrapper(command: SimpleCommand): string | undefined {
  if (!command.unwrapped.opaqueReason?.includes(DYNAMIC_WORD_STOP)) return undefined;
  for (let index = 1; index < command.words.length; index++) {
    const word = command.words[index]!;
    const value = command.argv[index]!;
    if (!word.dynamic || isAssignment(value) || /\s/.test(value)) continue;
    return `the command run by ${JSON.stringify(command.argv[0])} may be ${JSON.stringify(word.raw)}, computed at run time`;
  }
  return undefined;
}
