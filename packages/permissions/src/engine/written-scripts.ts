/**
 * Scripts written and run in one command line: `echo 'rm -rf x' > s.sh && bash s.sh`,
 * `cat > x.sh <<'EOF' … EOF` then `sh x.sh`, `printf 'curl …' > /tmp/a; . /tmp/a`,
 * `echo 'rm x' >> Makefile && make`, `echo 'os.system("rm x")' > t.py && python3 t.py`. The
 * file's content is on the command line, so the deny rules can check it. A file whose
 * content the line does not show (`cp a s.sh`, a file written by a program) stays what every
 * script file is to the engine: unseen, and asked about (the engine does not read files).
 */
import {
  COMMAND_TABLE,
  commandsIn,
  filesRunIn,
  INLINE_OPTION,
  interpreterName,
  normalizePath,
  programSource,
  type Reading,
  RUNS_FILES_NAMES,
  readCommand,
  SHELL_CODE_RUNNERS,
  SHOWN_OUTPUT,
  settingsMovedIn,
  settingsWrittenIn,
  shownWords,
  type FileRun as TableFileRun,
} from '../commands';
import { interpreterFamily } from '../floor/interpreter-code';
import { commandBasename } from '../rules/match-command-rule';
import { SIMPLE_ESCAPES } from '../shell/ansi-c';
import { SHELL_NAMES } from '../shell/command-word';
import { quoteShellWord } from '../shell/quote-shell-word';
import type { SimpleCommand } from '../shell/types';

/** A script file run by a command, with the text the same command line wrote into it. */
export interface WrittenScript {
  path: string;
  text: string;
  /** The command that runs it. */
  runner: SimpleCommand;
  /**
   * The text as a command line for the deny checks: the text itself for a shell script, an
   * inline-program call for an interpreter's (`python3 t.py` → `python3 -c TEXT`), so it gets
   * the checks `python3 -c` gets.
   */
  commandLine: string;
}

/**
 * A file a command runs (`-`: its standard input); `inline` is set when an interpreter runs it
 * (`'python3' -c`), `format` when the file holds its commands in another form (see `commandsIn`).
 */
interface FileRun extends TableFileRun {
  /** The interpreter word and its inline-program flag, quoted, to put before the text. */
  inline?: string;
}

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>']);

/** `./x` and `x` are one file. (Computed targets are never recorded as written.) */
const pathKey = normalizePath;

const ESCAPE = /\\(?:x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|0?[0-7]{1,3}|[abefnrtv\\])/g;

/** `text` with printf's (and `echo -e`'s) backslash escapes decoded: `\x72\x6d` is `rm`. */
export function decodeEscapes(text: string): string {
  return text.replace(ESCAPE, (sequence) => {
    const kind = sequence[1]!;
    if (kind === 'x' || kind === 'u' || kind === 'U')
      return String.fromCodePoint(Number.parseInt(sequence.slice(2), 16));
    if (kind >= '0' && kind <= '7') return String.fromCharCode(Number.parseInt(sequence.slice(1), 8) & 0xff);
    return SIMPLE_ESCAPES[kind] ?? sequence;
  });
}

/**
 * The text a command writes to its standard output, when the command line shows it (the
 * entry's `showsOutput`): the operands of `echo` / `printf`, or the literal here-doc or
 * here-string `cat` / `tee` copy. Undefined otherwise. Where printf or `echo -e` would decode
 * backslash escapes (`printf '\x72\x6d x'` writes `rm x`), the text holds both spellings: the
 * deny rules only look for what the text spells, so more spellings can only find more.
 */
function shownOutput(command: SimpleCommand): string | undefined {
  const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
  const name = commandBasename(argv[0] ?? '');
  const shows = SHOWN_OUTPUT.get(name);
  if (shows === 'operands') {
    const words = command.unwrapped.argv.length > 0 ? command.unwrapped.words : command.words;
    if (words.some((word) => word.dynamic)) return undefined;
    // Its own flags are not output (`echo -n`); each argument is also a line of its own, so
    // `printf '%s\n' 'rm x'` and `echo -e 'rm x'` show `rm x` as a command line.
    const fact = COMMAND_TABLE.get(name);
    const args = fact === undefined ? argv.slice(1) : shownWords(argv, fact);
    const text = args.length > 1 ? `${args.join(' ')}\n${args.join('\n')}` : (args[0] ?? '');
    if (!text.includes('\\')) return text;
    const decoded = decodeEscapes(text);
    return decoded === text ? text : `${text}\n${decoded}`;
  }
  if (shows === 'copies-input') {
    for (const redirect of command.redirects) {
      if (redirect.text !== undefined) return redirect.text;
    }
  }
  return undefined;
}

const NO_RUNS: readonly FileRun[] = [];
/**
 * What `filesRun` returns for a command word that runs no file whatever its arguments (the
 * name alone says so): an empty list like `NO_RUNS`, told apart by identity.
 */
const RUNS_NOTHING: readonly FileRun[] = [];

/** The builtins that run a script file in the current shell (`runsShellCode: 'file'`: `source`, `.`). */
const SOURCES = new Set([...SHELL_CODE_RUNNERS].flatMap(([name, runs]) => (runs === 'file' ? [name] : [])));

/**
 * The first characters of the names `filesRun` looks for past interpreters and paths (shells,
 * `source`, `.`): any other name runs no file, known without a lookup.
 */
const RUNNER_FIRST = new Uint8Array(128);
for (const name of [...SHELL_NAMES, ...SOURCES]) RUNNER_FIRST[name.charCodeAt(0)] = 1;

/**
 * The script files `command` runs: an interpreter's or a shell's script operand,
 * `source`/`.`, a path run directly, and what the command table says (make's makefiles too)
 * (`readings`, read for names in `RUNS_FILES_NAMES`; `moved`: directories moved by earlier
 * commands, see `filesRunIn`).
 */
function filesRun(
  argv: readonly string[],
  readings: readonly Reading[] | undefined,
  moved: ReadonlyMap<string, readonly string[]> | undefined,
): readonly FileRun[] {
  const word = argv[0];
  if (word === undefined) return NO_RUNS;
  const name = commandBasename(word);
  const family = interpreterFamily(name);
  const flag = family === undefined ? undefined : INLINE_OPTION.get(family);
  if (flag !== undefined) return interpreterScripts(argv, name, flag);
  // The basename is the word itself exactly when the word has no `/`.
  if (name !== word) return [{ path: pathKey(word) }];
  // The command table's: git's hooks, direnv's `.envrc`, a justfile, npm's scripts, tox,
  // ftp's standard input. (Never `RUNS_NOTHING`: whether they run a file depends on their
  // arguments.)
  if (readings !== undefined) {
    const files = filesRunIn(readings, argv, moved);
    return files.length === 0 ? NO_RUNS : files;
  }
  const first = name.length === 0 ? 0x80 : name.charCodeAt(0);
  if (first >= 0x80 || RUNNER_FIRST[first] !== 1) return RUNS_NOTHING;
  if (SOURCES.has(name)) return sourcedScripts(argv, name);
  if (SHELL_NAMES.has(name)) return shellScripts(argv, name);
  return RUNS_NOTHING;
}

/**
 * The script file `source`/`.` runs: its first operand in any reading of its entry (`. --
 * s.sh` too); the word after it when its entry reads none (`. -x s.sh`: bash refuses the
 * option, but the name is checked all the same).
 */
function sourcedScripts(argv: readonly string[], name: string): readonly FileRun[] {
  let runs: FileRun[] | undefined;
  const add = (word: string | undefined) => {
    if (word === undefined) return;
    const path = pathKey(word);
    if (!runs?.some((run) => run.path === path)) (runs ??= []).push({ path });
  };
  add(argv[1]);
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const at = reading.operands[0];
    if (at !== undefined) add(argv[at]);
  }
  return runs ?? NO_RUNS;
}

/**
 * The script file an interpreter runs (`python3 -u t.py`), in any reading of its entry: the
 * first operand, unless a program given inline comes before it (`python3 -c CODE x`, `deno
 * eval CODE`) or it is standard input (`-`). Its text is checked as that interpreter's inline
 * program (`flag`: the entry's option that takes one, `INLINE_OPTION`).
 */
function interpreterScripts(argv: readonly string[], name: string, flag: string): readonly FileRun[] {
  const table = interpreterName(name);
  let runs: FileRun[] | undefined;
  for (const reading of (table === undefined ? undefined : readCommand(argv, 0, table)) ?? []) {
    const at = reading.operands[0];
    if (at === undefined || argv[at] === '-' || reading.kinds[at] === 'code') continue;
    if (reading.options.some((option) => option.def?.role === 'code' && option.index < at)) continue;
    const path = pathKey(argv[at]!);
    if (runs?.some((run) => run.path === path)) continue;
    (runs ??= []).push({ path, inline: `${quoteShellWord(argv[0]!)} ${flag}` });
  }
  return runs ?? NO_RUNS;
}

/**
 * The script file a shell runs (`bash -eo pipefail s.sh`), in any reading of its entry: the
 * script operand (`programSource`), unless the shell only checks its syntax (`bash -n s.sh`).
 * A script given inline (`-c`) or read on standard input (`-s`, `-`) is no file.
 */
function shellScripts(argv: readonly string[], name: string): readonly FileRun[] {
  let runs: FileRun[] | undefined;
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const source = programSource(argv, reading);
    if (source?.from !== 'operand' || reading.effects.has('syntax-only')) continue;
    const path = pathKey(argv[source.at]!);
    if (!runs?.some((run) => run.path === path)) (runs ??= []).push({ path });
  }
  return runs ?? NO_RUNS;
}

/**
 * The files a copier of its input (`showsOutput: 'copies-input'`) writes it into, in any reading
 * of its entry: its `write` operands (`tee a b`), each appended to when a reading says so (`tee
 * -a`: `appends`), or `undefined` for none.
 */
function copiedInto(argv: readonly string[], name: string): [string, boolean][] | undefined {
  let targets: [string, boolean][] | undefined;
  for (const reading of readCommand(argv, 0, name) ?? []) {
    const append = reading.effects.has('appends');
    for (const at of reading.operands) {
      if (reading.kinds[at] !== 'write') continue;
      const path = pathKey(argv[at]!);
      const known = targets?.find(([target]) => target === path);
      if (known === undefined) (targets ??= []).push([path, append]);
      else if (append) known[1] = true;
    }
  }
  return targets;
}

/**
 * The scripts a command line writes and then runs, found as its commands are read in order
 * (`read`), with the text the line shows going into each. A file the line writes without
 * showing what (`ls > s.sh`) is left out: it is unseen, as any script file is.
 */
export class ScriptWrites {
  /**
   * With `listedOnce`, a command identical to one read before (same words, redirections and
   * context) is skipped, as the fallback scan's list holds such a command once: input over
   * the length cap is decided on its commands as scanned and, in `evaluateBashDetailed`, on
   * that list, and the two must agree. Only commands that write or run a file are keyed (the
   * others change nothing here), and the text a pipe feeds into `tee`/`cat` is not followed:
   * the command before it in the list may not be the one before it on the line (a repeat is
   * left out of the list), so such a file counts as written unseen and, when run, as a script
   * that could not be checked (`overflow`).
   */
  constructor(private readonly listedOnce = false) {}

  private commandKeys: Set<string> | undefined;
  private written: Map<string, string | typeof PIPED | undefined> | undefined;
  private previous: SimpleCommand | undefined;
  /**
   * The last command word that runs no file whatever its arguments and is not `tee`: a command
   * with that word and no redirection writes and runs nothing, known without reading it again
   * (`echo 1; echo 2; …`).
   */
  private idleHead: string | undefined;
  /** Scripts already returned (path, interpreter, text): a script run again is checked once. */
  private seen: Set<string> | undefined;
  /** The text each run (path, as run by which interpreter) had when last looked at. */
  private lastReturned: Map<string, string> | undefined;
  /** Characters of script text returned so far (see `MAX_SCRIPT_TEXT`). */
  private textLength = 0;
  /**
   * More distinct scripts than `MAX_SCRIPTS`, or more text than `MAX_SCRIPT_TEXT`, were run,
   * or (with `listedOnce`) a file a pipe wrote: the caller cannot check them all and must not
   * treat the rest as checked.
   */
  overflow = false;

  /** Reads the next command; returns the written scripts it runs that were not returned before. */
  read(command: SimpleCommand): WrittenScript[] | undefined {
    // Commands xargs or find build from their input are not followed: their words are not
    // all on the line, and the fallback scan lists them out of text order (at its segment's
    // start), so following them would make the decision depend on the listing's order.
    if (command.context === 'xargs' || command.context === 'find-exec') return undefined;
    const redirects = command.redirects;
    const head = command.unwrapped.argv[0] ?? command.argv[0];
    if (redirects.length === 0 && head !== undefined && head === this.idleHead) {
      // What the steps below come to for it: no run, no target.
      if (!this.listedOnce) this.previous = command;
      return undefined;
    }
    const argv = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : command.argv;
    const base = head === undefined ? '' : commandBasename(head);
    const readings = RUNS_FILES_NAMES.has(base) ? readCommand(argv, 0, base) : undefined;
    const runs = filesRun(argv, readings, this.moved);
    // Most commands write no file: nothing is allocated for them.
    let targets: [string, boolean][] | undefined;
    for (let index = 0; index < redirects.length; index++) {
      const redirect = redirects[index]!;
      if (!redirect.write || redirect.dynamic || !WRITE_OPERATORS.has(redirect.operator)) continue;
      if (redirect.fd !== undefined && redirect.fd !== 1) continue;
      (targets ??= []).push([pathKey(redirect.target), redirect.operator.endsWith('>>')]);
    }
    // `tee FILE`: a command that copies its input (`showsOutput`) into its `write` operands.
    const copies = SHOWN_OUTPUT.get(base) === 'copies-input';
    const copiedTo = copies ? copiedInto(argv, base) : undefined;
    // `filesRun` reads the same word: `head` when the unwrapped argv has one, else the argv's.
    // A copier is never idle: its next use may name a file (`tee` alone, then `tee s.sh`).
    if (runs === RUNS_NOTHING && redirects.length === 0 && !copies) this.idleHead = head;
    if (copiedTo !== undefined) (targets ??= []).push(...copiedTo);
    if (this.listedOnce) {
      // Whether a command writes or runs a file depends only on what its key holds (and on
      // the directories moved so far), so a repeat of a skipped command is skipped too, on
      // the list and on the line alike.
      if (runs.length === 0 && targets === undefined && readings === undefined) return undefined;
      let key = `${command.context}\u0000${this.movedCount}\u0000${command.argv.join('\u0000')}`;
      for (const redirect of command.redirects) key += `\u0001${redirect.operator}\u0000${redirect.target}`;
      const keys = (this.commandKeys ??= new Set());
      if (keys.has(key)) return undefined;
      keys.add(key);
    }
    let found: WrittenScript[] | undefined;
    const previous = this.previous;
    if (runs.length > 0) {
      for (const { path, inline, format, scripts } of runs) {
        const text = path === '-' ? this.stdinText(command, previous) : this.written?.get(path);
        if (text === undefined) continue;
        if (text === PIPED) {
          this.overflow = true;
          continue;
        }
        let commandLine = inline === undefined ? text : `${inline} ${quoteShellWord(text)}`;
        if (format !== undefined) {
          // Nothing of the file runs (no such script, no `commands =`): nothing to check.
          const commands = commandsIn(text, format, scripts);
          if (commands.length === 0) continue;
          commandLine = commands.join('\n');
        }
        // The same file run the same way, unchanged since last time (`bash s.sh` again): no
        // key needed. (Run by another interpreter, the same text is checked again.)
        const run = `${path}\u0000${inline ?? ''}\u0000${format ?? ''}\u0000${scripts?.join(',') ?? ''}`;
        const last = (this.lastReturned ??= new Map());
        if (last.get(run) === text) continue;
        last.set(run, text);
        const key = `${run}\u0000${text}`;
        const seen = (this.seen ??= new Set());
        if (seen.has(key)) continue;
        if (seen.size >= MAX_SCRIPTS || this.textLength + text.length > MAX_SCRIPT_TEXT) {
          this.overflow = true;
          continue;
        }
        seen.add(key);
        this.textLength += text.length;
        (found ??= []).push({ path, text, runner: command, commandLine });
      }
    }
    if (!this.listedOnce) this.previous = command;
    if (readings !== undefined) this.settings(command, argv, readings);
    if (targets === undefined) return found;
    // `echo 'rm x' | tee s.sh`, `printf … | cat > s.sh`: what they copy is the output before the pipe.
    const copiesPipe = command.readsPipe === true && copies;
    let text: string | typeof PIPED | undefined = shownOutput(command);
    if (text === undefined && copiesPipe)
      text = this.listedOnce ? PIPED : previous === undefined ? undefined : shownOutput(previous);
    const map = (this.written ??= new Map());
    for (const [path, append] of targets) {
      // Truncating replaces what was known; appending keeps it (an unseen part added to a
      // file does not take away the seen part, and the deny rules only look for what is seen).
      // Appending to a file a pipe wrote keeps it unchecked.
      const before = append ? map.get(path) : undefined;
      map.set(
        path,
        before === undefined || text === PIPED
          ? text
          : text === undefined || before === PIPED
            ? before
            : `${before}\n${text}`,
      );
    }
    return found;
  }

  /** Directories moved by settings so far (`git config core.hooksPath h`), and how many moves. */
  private moved: Map<string, string[]> | undefined;
  private movedCount = 0;

  /**
   * What a command of the table sets for later commands: a moved directory (`git config
   * core.hooksPath h`), settings written into a file (`npm pkg set scripts.x=CMD`, kept beside
   * what the file held).
   */
  private settings(command: SimpleCommand, argv: readonly string[], readings: readonly Reading[]): void {
    for (const [from, to] of settingsMovedIn(readings, argv)) {
      const moved = (this.moved ??= new Map());
      const list = moved.get(from) ?? [];
      if (list.includes(to)) continue;
      list.push(to);
      moved.set(from, list);
      this.movedCount++;
    }
    const words = command.unwrapped.argv.length > 0 ? command.unwrapped.words : command.words;
    for (const { path, text } of settingsWrittenIn(
      readings,
      argv,
      (index) => words[index]?.dynamic === true,
    )) {
      const map = (this.written ??= new Map());
      const before = map.get(path);
      if (text === '' || before === PIPED) continue;
      map.set(path, before === undefined ? text : `${before}\n${text}`);
    }
  }

  /**
   * The text `command` reads on its standard input, when the line shows it: a here-document
   * or here-string, a file the line wrote (`< cmds.txt`), or what the command before it in a
   * pipe prints (`echo '!rm x' | sftp -b - host`).
   */
  private stdinText(
    command: SimpleCommand,
    previous: SimpleCommand | undefined,
  ): string | typeof PIPED | undefined {
    const redirects = command.redirects;
    for (let index = redirects.length - 1; index >= 0; index--) {
      const redirect = redirects[index]!;
      if (redirect.fd !== undefined && redirect.fd !== 0) continue;
      if (redirect.operator.startsWith('<<')) return redirect.text;
      if (redirect.operator === '<')
        return redirect.dynamic ? undefined : this.written?.get(pathKey(redirect.target));
    }
    if (command.readsPipe !== true) return undefined;
    if (this.listedOnce) return PIPED;
    return previous === undefined ? undefined : shownOutput(previous);
  }
}

/** A file's content, over the length cap, when a pipe wrote it (see `ScriptWrites`). */
const PIPED: unique symbol = Symbol('written from a pipe');

/** Distinct written scripts checked per command line (a script run again counts once). */
export const MAX_SCRIPTS = 256;
/**
 * Characters of written-script text checked per command line, all scripts together: a line
 * that appends to a script and runs it again and again must not make the check quadratic.
 */
export const MAX_SCRIPT_TEXT = 256 * 1024;

/**
 * `ScriptWrites` over a whole list of commands, in order: each distinct script once, and
 * whether there were more than `MAX_SCRIPTS` of them.
 */
export function scriptsWrittenThenRun(
  commands: readonly SimpleCommand[],
  listedOnce = false,
): {
  scripts: WrittenScript[];
  overflow: boolean;
} {
  const writes = new ScriptWrites(listedOnce);
  let scripts: WrittenScript[] | undefined;
  for (const command of commands) {
    const found = writes.read(command);
    if (found) (scripts ??= []).push(...found);
  }
  return { scripts: scripts ?? [], overflow: writes.overflow };
}
