/**
 * The files a command runs as shell commands, as the command table tells: its `runsFiles`
 * (git's hooks, `.envrc`, a justfile, `package.json`'s scripts, `tox.ini`, standard input for
 * `ftp`) or the values of its `runs-file` options (`just -f FILE`, `sftp -b FILE`), relative to
 * the directories its `chdir` values name (`git -C sub commit`), moved by the settings it obeys
 * (`git -c core.hooksPath=h`), with the format each holds its commands in. And the commands a
 * file in such a format holds: a package.json's scripts, a tox.ini's `commands =`, an ftp
 * script's `!CMD` lines.
 */
import type { CompiledFact } from './compile';
import type { Reading } from './read-argv';
import type { RunsFormat } from './types';

/** A file a command runs. */
export interface FileRun {
  /** Normalized (`./x` → `x`); `-` is standard input. */
  path: string;
  /** How it holds its commands; absent for a shell script. */
  format?: RunsFormat;
  /** For `package-scripts`: the scripts that run, `pre`/`post` ones included. */
  scripts?: readonly string[];
}

/** `path` with `.` and empty segments dropped and `x/..` folded: `./a//b/../c` → `a/c`. */
export function normalizePath(path: string): string {
  if (path === '-' || !/(?:^|\/)\.{0,2}(?:\/|$)/.test(path)) return path;
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (segment !== '..' || !absolute) out.push(segment);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

/** `path` relative to `dir` (an absolute `path`, or standard input, stays as it is). */
function under(dir: string | undefined, path: string): string {
  if (dir === undefined || path === '-' || path.startsWith('/')) return normalizePath(path);
  return normalizePath(`${dir}/${path}`);
}

/**
 * `dir` and the directories above it, up to the working directory (`undefined`) for a relative
 * one (`a/b` → `a/b`, `a`, the working directory; `/x/y` → `/x/y`, `/x`, `/`): git, npm, tox,
 * just and direnv look for their files there too, from the nearest up.
 */
function upFrom(dir: string | undefined): (string | undefined)[] {
  if (dir === undefined) return [undefined];
  const out: (string | undefined)[] = [];
  let at = normalizePath(dir);
  for (;;) {
    out.push(at);
    const slash = at.lastIndexOf('/');
    if (at === '/' || at === '.' || at === '..' || at.endsWith('/..')) break;
    if (slash < 0) {
      out.push(undefined);
      break;
    }
    at = slash === 0 ? '/' : at.slice(0, slash);
  }
  return out;
}

/** The directory a reading's `chdir` values lead to, one after the other (`-C a -C b` → `a/b`). */
function chdirOf(reading: Reading): string | undefined {
  let dir: string | undefined;
  for (const option of reading.options) {
    if (option.def?.role !== 'chdir' || option.value === undefined) continue;
    dir = dir === undefined || option.value.startsWith('/') ? option.value : `${dir}/${option.value}`;
  }
  return dir;
}

/** The level's `movesRunsFiles` as lowercase key → directory replaced. */
function movesOf(level: CompiledFact): [string, string][] {
  return Object.entries(level.fact.movesRunsFiles ?? {}).map(([key, dir]) => [key.toLowerCase(), dir]);
}

/**
 * Settings `argv` makes for later runs of the same command (`git config core.hooksPath h`):
 * pairs of the directory replaced and the one that replaces it, in any reading.
 */
export function settingsMovedIn(readings: readonly Reading[], argv: readonly string[]): [string, string][] {
  const moved: [string, string][] = [];
  for (const reading of readings) {
    for (const level of reading.facts) {
      for (const [key, dir] of movesOf(level)) {
        for (let index = 1; index + 1 < argv.length; index++)
          if (argv[index]!.toLowerCase() === key) moved.push([dir, argv[index + 1]!]);
      }
    }
  }
  return moved;
}

/** Each name with its `pre` and `post` scripts (`build` → `prebuild`, `build`, `postbuild`). */
function withHooks(names: readonly string[]): string[] {
  return names.flatMap((name) => [`pre${name}`, name, `post${name}`]);
}

/**
 * The files `argv` runs, in any reading, given the directories moved by earlier commands of
 * the line (`moved`: directory replaced → replacements). A moved directory adds its
 * replacement beside the default: which one the run uses depends on settings the line may not
 * show, and checking both can only find more.
 */
export function filesRunIn(
  readings: readonly Reading[],
  argv: readonly string[],
  moved?: ReadonlyMap<string, readonly string[]>,
): FileRun[] {
  const out = new Map<string, FileRun>();
  for (const reading of readings) {
    const dir = chdirOf(reading);
    const innermost = reading.facts[reading.facts.length - 1]!;
    let format: RunsFormat | undefined;
    const names: string[] = [];
    const moves = new Map<string, string[]>();
    for (const [from, to] of moved ?? []) moves.set(from, [...to]);
    for (const level of reading.facts) {
      format = level.fact.runsFormat ?? format;
      const scripts = level.fact.runsScripts;
      if (Array.isArray(scripts)) names.push(...scripts);
      else if (scripts === 'operand' && level === innermost && reading.operands[0] !== undefined)
        names.push(argv[reading.operands[0]]!);
      else if (scripts === 'subcommand' && level === innermost && reading.unknownSubcommand !== undefined)
        names.push(reading.unknownSubcommand);
      // A setting given for this run only: `git -c core.hooksPath=h commit`.
      for (const [key, from] of movesOf(level)) {
        for (const option of reading.options) {
          const value = option.value;
          const equals = value === undefined ? -1 : value.indexOf('=');
          if (equals > 0 && value!.slice(0, equals).toLowerCase() === key) {
            const list = moves.get(from) ?? [];
            list.push(value!.slice(equals + 1));
            moves.set(from, list);
          }
        }
      }
    }
    const chosen = reading.options.filter((option) => option.def?.effects.includes('runs-file'));
    const paths: string[] = [];
    // A file named on the command line is relative to the directory changed to; a file the
    // command looks for is looked for there and above.
    let dirs: (string | undefined)[] = [dir];
    if (chosen.length > 0) {
      for (const option of chosen) if (option.value !== undefined) paths.push(option.value);
    } else {
      for (const level of reading.facts) paths.push(...(level.fact.runsFiles ?? []));
      dirs = upFrom(dir);
    }
    const scripts = format === 'package-scripts' ? withHooks(names) : undefined;
    for (const path of paths) {
      const variants = [path];
      for (const [from, replacements] of moves) {
        if (path !== from && !path.startsWith(`${from}/`)) continue;
        for (const to of replacements) if (to !== '') variants.push(to + path.slice(from.length));
      }
      for (const variant of variants) {
        for (const at of variant === path ? dirs : [dir]) {
          const file: FileRun = { path: under(at, variant) };
          if (format !== undefined) file.format = format;
          if (scripts !== undefined) file.scripts = scripts;
          out.set(`${file.path}\u0000${format ?? ''}\u0000${scripts?.join(',') ?? ''}`, file);
        }
      }
    }
  }
  return [...out.values()];
}

/**
 * The file a command writes settings into and the text it adds to it, as `"KEY": "VALUE"`
 * lines (`npm pkg set scripts.x='rm -rf y'` → `package.json`, `"scripts.x": "rm -rf y"`); a
 * value whose word is computed (`dynamic`) is left out: the line does not show it.
 */
export function settingsWrittenIn(
  readings: readonly Reading[],
  argv: readonly string[],
  dynamic: (index: number) => boolean,
): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const reading of readings) {
    const level = reading.facts[reading.facts.length - 1]!;
    const file = level.fact.writesSettings;
    if (file === undefined) continue;
    const lines: string[] = [];
    for (const index of reading.operands) {
      const word = argv[index]!;
      const equals = word.indexOf('=');
      if (equals > 0 && !dynamic(index))
        lines.push(`${JSON.stringify(word.slice(0, equals))}: ${JSON.stringify(word.slice(equals + 1))}`);
    }
    out.push({ path: under(chdirOf(reading), file), text: lines.join('\n') });
  }
  return out;
}

/** A `"KEY": "VALUE"` pair of JSON strings. */
const JSON_PAIR = /"((?:[^"\\\n]|\\.)*)"\s*:\s*"((?:[^"\\\n]|\\.)*)"/g;

function jsonString(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** tox.ini's keys whose values are commands. */
const INI_COMMANDS = /^\s*commands(?:_pre|_post)?\s*[=:]\s?(.*)$/;

/** A command in an ftp/sftp/lftp script that runs the rest of its line in a shell: `!CMD`. */
const FTP_SHELL = /(?:^|;|&&|\|\|)\s*!(.*)$/;

/**
 * The shell commands `text`, a file in `format`, holds for a run (`scripts`: the package
 * scripts that run), one per line; empty when it holds none.
 */
export function commandsIn(text: string, format: RunsFormat, scripts?: readonly string[]): string[] {
  const commands: string[] = [];
  if (format === 'package-scripts') {
    const wanted = new Set(scripts ?? []);
    for (const match of text.matchAll(JSON_PAIR)) {
      const key = jsonString(match[1]!).replace(/^scripts\./, '');
      if (wanted.has(key)) commands.push(jsonString(match[2]!));
    }
    return commands;
  }
  const lines = text.split('\n');
  if (format === 'ini-commands') {
    for (let index = 0; index < lines.length; index++) {
      const match = INI_COMMANDS.exec(lines[index]!);
      if (match === null) continue;
      if (match[1]!.trim() !== '') commands.push(match[1]!);
      // Continuation lines are indented.
      while (index + 1 < lines.length && /^[ \t]+\S/.test(lines[index + 1]!))
        commands.push(lines[++index]!.trim());
    }
    return commands;
  }
  for (const line of lines) {
    const match = FTP_SHELL.exec(line);
    if (match !== null && match[1]!.trim() !== '') commands.push(match[1]!);
  }
  return commands;
}
