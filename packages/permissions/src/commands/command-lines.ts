/**
 * The command lines the command table says an argv holds, from every reading: `script` values in
 * their format (`ugrep --filter=txt:CMD`, `git clone -u CMD`, `tar --to-command=CMD`, `vim -c
 * '!CMD'`), `script` operands (`trap CMD EXIT`; with the words after them where the role
 * repeats: `git bisect run rm -rf x`), `+CMD` operands (`plusCommands`: `less '+!CMD'`), an
 * lftp command string's `!CMD`, words in a `commandWords` format (`perl -pe '' 'CMD|'`, `git
 * clone 'ext::CMD'`), and the settings whose value is a command line
 * (`git -c core.pager=CMD log`, `git config alias.x '!CMD'`, `npm config set script-shell CMD`).
 * The search for hidden commands parses each as shell and checks it like any command; a deny
 * rule matches if any reading holds a denied command.
 */
import type { CompiledFact } from './compile';
import { commandsIn } from './files-run';
import type { Reading, WordKind } from './read-argv';
import type { ScriptFormat } from './types';

/** ssh's `-o Key=Value` settings that hold a command line, with the command line. */
const SSH_COMMAND_OPTION = /^(?:ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)\s*[=\s]\s*(.*)$/is;
/** A debugger command that runs a shell command: gdb's `shell CMD`/`!CMD`, lldb's `platform shell CMD`. */
const DEBUGGER_SHELL = /^\s*(?:(?:platform\s+)?shell\b|!)\s*(.*)$/s;
/** Perl's two-argument `open` of `CMD|` or `|CMD`: a pipe from or to a shell command. */
const PIPE_OPEN = /^\s*\||\|\s*$/;
const PIPE_ENDS = /^\s*\||\|\s*$/g;
/** A socat address that runs a program or a shell command line (`EXEC:CMD`, `SYSTEM:CMD`). */
const SOCAT_RUNS = /^(?:exec|system|shell):(.*)$/is;

/**
 * An fzf action that runs a command line, then its delimiter: an opening bracket, another
 * character of fzf's list that also closes it, or `:` (the command runs to the end).
 */
const KEY_ACTION =
  /(?:^|[,:+])(?:execute(?:-silent|-multi)?|become|reload(?:-sync)?|preview|change-preview|(?:bg-)?transform(?:-[a-z-]+)?)([([{<~!@#$%^&*;/|:])/g;
const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** The command lines an fzf `--bind` value's actions run (see `KEY_ACTION`), one a line. */
function keyActionLines(value: string): string | undefined {
  const lines: string[] = [];
  for (const match of value.matchAll(KEY_ACTION)) {
    const open = match[1]!;
    const start = match.index + match[0].length;
    const end = open === ':' ? -1 : value.indexOf(CLOSING[open] ?? open, start);
    lines.push(end < 0 ? value.slice(start) : value.slice(start, end));
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

/** A word as shell text that reads back as that word: quoted unless it is plain. */
function quotedWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** A `script` value in its format: ugrep's `--filter=EXTS:CMD,…`, an editor's `!CMD`. */
export function scriptOf(value: string, format: ScriptFormat | undefined): string | undefined {
  switch (format) {
    case 'after-colon': {
      const colon = value.indexOf(':');
      return colon < 0 ? undefined : value.slice(colon + 1);
    }
    case 'after-bang': {
      const bang = value.indexOf('!');
      return bang < 0 ? undefined : value.slice(bang + 1);
    }
    case 'exec-action':
      return value.startsWith('exec=') ? value.slice('exec='.length) : undefined;
    case 'ssh-option':
      return SSH_COMMAND_OPTION.exec(value)?.[1];
    case 'debugger':
      return DEBUGGER_SHELL.exec(value)?.[1];
    case 'pipe-open':
      return PIPE_OPEN.test(value) ? value.replace(PIPE_ENDS, '') : undefined;
    case 'ext-transport':
      return value.startsWith('ext::') ? value.slice('ext::'.length).replace(/% /g, ' ') : undefined;
    case 'socat-address':
      return SOCAT_RUNS.exec(value)?.[1];
    case 'comma-argv':
      return value.split(',').map(quotedWord).join(' ');
    case 'program':
      return quotedWord(value);
    case 'key-actions':
      return keyActionLines(value);
    default:
      return value;
  }
}

const keyPatterns = new WeakMap<readonly string[], RegExp>();

/** A test for the keys `keys` lists (`*` stands for one or more characters; no case). */
function keyPattern(keys: readonly string[]): RegExp {
  let pattern = keyPatterns.get(keys);
  if (pattern === undefined) {
    const source = keys
      .map((key) =>
        key
          .split('*')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+'),
      )
      .join('|');
    pattern = new RegExp(`^(?:${source})$`, 'i');
    keyPatterns.set(keys, pattern);
  }
  return pattern;
}

/**
 * The command line a setting `key` = `value` holds for `top` (the reading's outermost entry):
 * an alias (`aliasSettings`) runs `!CMD` in a shell or the command's own subcommand line, a key
 * of `keys` runs its value (without a leading `!`).
 */
function settingLine(
  top: CompiledFact,
  keys: readonly string[] | undefined,
  key: string,
  value: string,
): string | undefined {
  const alias = top.fact.aliasSettings;
  if (alias !== undefined && key.length > alias.length && key.toLowerCase().startsWith(alias))
    return value.startsWith('!') ? value.slice(1) : `${top.path} ${value}`;
  if (keys !== undefined && keyPattern(keys).test(key)) return value.replace(/^!/, '');
  return undefined;
}

/** Words of a reading that are the command's own syntax, never a `commandWords` word. */
const NOT_WORDS: ReadonlySet<WordKind> = new Set(['option', 'subcommand', 'end-of-options', 'program']);

/** A variable set for a command: its name and value. */
export interface Variable {
  readonly name: string;
  readonly value: string;
}

/**
 * The command lines `readings` of `argv` hold (see the module's comment), each once, and the
 * values of `variables` set for the command that the entry says hold one (`commandEnv`).
 */
export function commandLinesIn(
  readings: readonly Reading[],
  argv: readonly string[],
  variables: readonly Variable[] = [],
): string[] {
  const found = new Set<string>();
  for (const reading of readings) {
    if (variables.length > 0)
      for (const level of reading.facts) {
        const names = level.fact.commandEnv;
        if (names !== undefined)
          for (const variable of variables) if (names.includes(variable.name)) found.add(variable.value);
      }
    const top = reading.facts[0]!;
    let keys: readonly string[] | undefined;
    for (const level of reading.facts) keys = level.fact.commandSettings ?? keys;
    for (const option of reading.options) {
      const def = option.def;
      if (option.value === undefined || def === undefined) continue;
      // An lftp command string: its `!CMD` commands run in a shell.
      if (def.readFormat === 'ftp-commands')
        for (const line of commandsIn(option.value, 'ftp-commands')) found.add(line);
      if (def.setting) {
        const equals = option.value.indexOf('=');
        const line =
          equals > 0
            ? settingLine(top, keys, option.value.slice(0, equals), option.value.slice(equals + 1))
            : undefined;
        if (line !== undefined) found.add(line);
      }
      if (def.role !== 'script') continue;
      const script = scriptOf(option.value, def.format);
      if (script !== undefined) found.add(script);
    }
    // A `script` operand is a command line (`trap CMD EXIT`); when `script` is the last role,
    // which repeats, the words from the first one on are one (`git bisect run rm -rf x`).
    const innermost = reading.facts[reading.facts.length - 1]!.fact;
    const script = reading.operands.findIndex((at) => reading.kinds[at] === 'script');
    if (script >= 0 && innermost.operands?.[innermost.operands.length - 1] === 'script')
      found.add(
        reading.operands
          .slice(script)
          .map((at) => argv[at]!)
          .join(' '),
      );
    else if (script >= 0)
      for (const at of reading.operands) if (reading.kinds[at] === 'script') found.add(argv[at]!);
    // `vim '+!CMD'`: an operand that is a command of the program.
    const plus = innermost.plusCommands;
    if (plus !== undefined)
      for (const at of reading.operands) {
        const word = argv[at]!;
        const script = word.startsWith('+') ? scriptOf(word.slice(1), plus) : undefined;
        if (script !== undefined) found.add(script);
      }
    // `perl -pe '' 'CMD|'`, `git clone 'ext::CMD'`: any word but an option, in the entry's format.
    let words: ScriptFormat | undefined;
    for (const level of reading.facts) words = level.fact.commandWords ?? words;
    if (words !== undefined)
      for (let at = 0; at < argv.length; at++) {
        const kind = reading.kinds[at];
        if (kind === undefined || NOT_WORDS.has(kind)) continue;
        const script = scriptOf(argv[at]!, words);
        if (script !== undefined) found.add(script);
      }
    // Settings stored from the operands, `KEY VALUE` or `KEY=VALUE`: each operand is tried as
    // a key (`git config set KEY VALUE`: `set` is no key).
    const stores = innermost.setsCommandSettings;
    if (stores !== undefined) {
      const operands = reading.operands;
      for (let at = 0; at < operands.length; at++) {
        const word = argv[operands[at]!]!;
        const equals = word.indexOf('=');
        const key = equals < 0 ? word : word.slice(0, equals);
        if (equals < 0 && innermost.assignedSettings) continue;
        const value = equals < 0 ? argv[operands[at + 1] ?? -1] : word.slice(equals + 1);
        const line = value === undefined ? undefined : settingLine(top, stores, key, value);
        if (line !== undefined) found.add(line);
      }
    }
  }
  return [...found];
}
