/**
 * The paths one simple command writes, as written (resolution is the caller's: the same
 * working directories as the secret floor's reads). Three roles:
 *
 * - `writes` — created, overwritten, truncated, linked, checked out over or changed in mode
 *   (write redirects, `cp`/`install`/`rsync` destinations, `tee`, `dd of=`, `truncate`,
 *   `chmod`, `sed -i`, `git checkout -- F`, `git config` writing `.git/config`, `crontab`,
 *   `curl -o`, editors, literal file names in an interpreter's inline program that writes);
 * - `removes` — moved away or deleted (`mv` sources, `rm`, `git rm`): a directory that holds
 *   a policy file counts as that file;
 * - `mentions` — operands of a command this table does not know: the caller counts them only
 *   when the classifier does not find the command read-only (they then ask, never deny).
 *
 * A destination may be a directory: `cp x DIR` writes `DIR/x` too, and both are listed.
 * The writers are read from the command table where it has their entries (decision 0038:
 * `cp`, `scp`, `rsync`, `mv`, `ln`, `install`, `tee`, `truncate`, `patch`, the editors, `rm`, … — the
 * words whose role is `write` or `remove`, in any reading); a few still from `WRITERS` below.
 * A command neither knows falls to `mentions`.
 */
import path from 'node:path';
import { readCommand, WRITER_NAMES } from '../commands';
import { isWriteRedirect } from '../engine/redirects';
import { inlinePrograms } from '../floor/interpreter-code';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

/** What a command writes (see the file comment). */
export interface WrittenPaths {
  writes: string[];
  removes: string[];
  mentions: string[];
}

/** How a known writer treats its operands. */
type Mode =
  /** Every operand is written. */
  | 'all'
  /** Every operand is removed. */
  | 'remove';

interface Writer {
  mode: Mode;
  /** Short options that take a value (the next word, or attached). */
  values?: string;
  /** Only with one of these short flags (in any cluster) or long options: `sed -i`, `perl -i`. */
  when?: { short: string; long: readonly string[] };
}

/**
 * Writers whose entries the command table does not have yet (touch, chmod …,
 * sed -i, perl -i: their entries belong to the floor's reads and to the interpreters); the others
 * are read from the table's `write` and `remove` roles (`tableWrites`).
 */
const WRITERS: ReadonlyMap<string, Writer> = new Map<string, Writer>([
  ['touch', { mode: 'all', values: 'rdt' }],
  ['chmod', { mode: 'all' }],
  ['chown', { mode: 'all' }],
  ['chgrp', { mode: 'all' }],
  ['setfacl', { mode: 'all', values: 'mMxX' }],
  ['sed', { mode: 'all', values: 'efl', when: { short: 'i', long: ['--in-place'] } }],
  ['gsed', { mode: 'all', values: 'efl', when: { short: 'i', long: ['--in-place'] } }],
  ['perl', { mode: 'all', values: 'eEIlmMx', when: { short: 'i', long: [] } }],
  ['ruby', { mode: 'all', values: 'eIrx', when: { short: 'i', long: [] } }],
  ['rmdir', { mode: 'remove' }],
  ['shred', { mode: 'remove', values: 'nsx' }],
]);

/** Commands whose operands are never written (besides what the classifier calls read-only). */
const NON_WRITERS = new Set(['echo', 'printf', 'mkdir', 'cd', 'pushd', 'test', '[', 'true', 'false']);

/** git subcommands that write their path operands over the working tree. */
const GIT_WRITES = new Set(['checkout', 'restore', 'apply', 'am']);
/** git subcommands that never write a path operand (the rest fall to `mentions`). */
const GIT_NON_WRITERS = new Set([
  'add',
  'commit',
  'diff',
  'log',
  'show',
  'status',
  'blame',
  'ls-files',
  'grep',
  'check-ignore',
  'check-attr',
  'hash-object',
  'annotate',
  'shortlog',
  'whatchanged',
  'difftool',
  'notes',
]);

/** The operands of `argv` from `start`: words that are not options nor option values. */
function operands(
  argv: readonly string[],
  start: number,
  values = '',
): { words: string[]; options: string[] } {
  const words: string[] = [];
  const options: string[] = [];
  for (let i = start; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (word.startsWith('--')) {
      options.push(word);
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      options.push(word);
      // A cluster ending in a value-taking flag takes the next word (`-t DIR`, `-vt DIR`).
      for (let k = 1; k < word.length; k++) {
        if (values.includes(word[k]!)) {
          if (k === word.length - 1) options.push(argv[++i] ?? '');
          break;
        }
      }
      continue;
    }
    words.push(word);
  }
  return { words, options };
}

/** `-t DIR` / `--target-directory=DIR` of cp, mv, ln, install. */
function targetDirectory(options: readonly string[]): string | undefined {
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (option.startsWith('--target-directory=')) return option.slice('--target-directory='.length);
    if (/^-[A-Za-z]*t$/.test(option) && !option.startsWith('--')) return options[i + 1];
  }
  return undefined;
}

function hasFlag(options: readonly string[], short: string, long: readonly string[]): boolean {
  for (const option of options) {
    if (option.startsWith('--')) {
      const name = option.split('=')[0]!;
      if (long.includes(name)) return true;
    } else if (option.startsWith('-') && option.slice(1).includes(short)) return true;
  }
  return false;
}

/** The destination and each source's name under it (a destination may be a directory). */
function copyTargets(
  words: readonly string[],
  options: readonly string[],
): { writes: string[]; sources: string[] } {
  const directory = targetDirectory(options);
  const sources = directory === undefined ? words.slice(0, -1) : [...words];
  const destination = directory ?? words[words.length - 1];
  if (destination === undefined) return { writes: [], sources: [] };
  const writes = [destination];
  for (const source of sources) {
    const base = path.posix.basename(source);
    if (base !== '' && base !== '.' && base !== '..')
      writes.push(`${destination.replace(/\/+$/, '')}/${base}`);
  }
  return { writes, sources };
}

/** `git config` that writes: the file it writes. */
function gitConfigTarget(args: readonly string[]): string[] {
  const positional: string[] = [];
  let file = '.git/config';
  let writes = false;
  let reads = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === '--global') file = '~/.gitconfig';
    else if (word === '--system') file = '/etc/gitconfig';
    else if (word === '--local' || word === '--worktree') file = '.git/config';
    else if (word === '-f' || word === '--file') file = args[++i] ?? file;
    else if (word.startsWith('--file=')) file = word.slice('--file='.length);
    else if (
      /^--(?:add|unset|unset-all|replace-all|rename-section|remove-section|edit)$/.test(word) ||
      word === '-e'
    )
      writes = true;
    else if (
      /^--(?:get|get-all|get-regexp|get-urlmatch|list|get-color|get-colorbool)$/.test(word) ||
      word === '-l'
    )
      reads = true;
    else if (word === '--type' || word === '--default' || word === '--comment') i++;
    else if (!word.startsWith('-')) positional.push(word);
  }
  const sub = positional[0];
  if (
    sub === 'set' ||
    sub === 'unset' ||
    sub === 'rename-section' ||
    sub === 'remove-section' ||
    sub === 'edit'
  )
    writes = true;
  else if (sub === 'get' || sub === 'list') reads = true;
  else if (positional.length >= 2 && !reads) writes = true;
  return writes ? [file] : [];
}

/** Words of an inline program that name a file: string literals, and adjacent ones joined. */
function programLiterals(code: string): string[] {
  const literals: string[] = [];
  for (const match of code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)) {
    // Perl's and Ruby's open modes sit in front of the name: `">>.bashrc"`, `"+<x"`.
    const text = match[2]!.replace(/^\s*(?:\+?[<>]{1,2}|\|)\s*/, '');
    if (text !== '' && text.length < 4096) literals.push(text);
  }
  const joined: string[] = [];
  for (let i = 0; i + 1 < literals.length && i < 64; i++) {
    joined.push(`${literals[i]}/${literals[i + 1]}`.replace(/\/+/g, '/'));
    if (i + 2 < literals.length)
      joined.push(`${literals[i]}/${literals[i + 1]}/${literals[i + 2]}`.replace(/\/+/g, '/'));
  }
  return [...literals, ...joined];
}

/**
 * True when an inline program may write a file: a write call, an open mode that writes, a
 * shell-out (what it runs is not seen), a Perl/Ruby write open.
 */
const PROGRAM_WRITES =
  /\b(?:write\w*|append\w*|rename\w*|replace|remove\w*|unlink\w*|rmtree|copy\w*|move\w*|symlink\w*|link\w*|chmod\w*|chown\w*|truncate\w*|dump|touch|mkdir\w*|rm|system|exec\w*|spawn\w*|popen|subprocess|sysopen|createWriteStream|cp|mv)\b|open\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][rbt]*[wax+]|['"]\s*\+?>|\|\s*['"]/;

/**
 * What the command table says `argv` writes and removes, in every reading (their union: the
 * protection takes any word some reading writes). A destination the last operand or a
 * `target-given` option names may be a directory: the other operands' names under it are
 * written too (`mv a b DIR` writes `DIR/a`, `DIR/b`).
 */
function tableWrites(argv: readonly string[], name: string, found: WrittenPaths): void {
  const writes = new Set<string>();
  const removes = new Set<string>();
  for (const reading of readCommand(argv, 0, name) ?? []) {
    let destination: string | undefined;
    let destinationAt: number | undefined;
    for (const option of reading.options) {
      const role = option.def?.role;
      if (option.value === undefined || (role !== 'write' && role !== 'remove')) continue;
      (role === 'write' ? writes : removes).add(option.value);
      if (option.def!.effects.includes('target-given')) destination = option.value;
    }
    const last = reading.facts[reading.facts.length - 1]!.fact.lastOperand;
    if (destination === undefined && last !== undefined) {
      destinationAt = reading.operands.at(-1);
      if (destinationAt !== undefined) destination = argv[destinationAt];
      // A lone operand is the destination too (`install -d DIR`, `mv x`: what a copier writes).
      if (reading.operands.length === 1 && destination !== undefined && last === 'write')
        writes.add(destination);
    }
    for (const index of reading.operands) {
      const kind = reading.kinds[index];
      if (kind === 'write') writes.add(argv[index]!);
      else if (kind === 'remove') removes.add(argv[index]!);
    }
    if (destination === undefined) continue;
    const directory = destination.replace(/\/+$/, '');
    for (const index of reading.operands) {
      if (index === destinationAt) continue;
      const base = path.posix.basename(argv[index]!);
      if (base !== '' && base !== '.' && base !== '..') writes.add(`${directory}/${base}`);
    }
  }
  found.writes.push(...writes);
  found.removes.push(...removes);
}

/**
 * The paths `command` writes, removes or mentions (see the file comment). `name` is the
 * unwrapped command word's basename.
 */
export function writtenPaths(command: SimpleCommand, name: string): WrittenPaths {
  const found: WrittenPaths = { writes: [], removes: [], mentions: [] };
  for (const redirect of command.redirects) {
    if (redirect.operator.startsWith('<<')) continue;
    if (redirect.write && isWriteRedirect(redirect)) found.writes.push(redirect.target);
  }
  const argv = command.unwrapped.argv;
  if (argv.length === 0) return found;
  const fromTable = WRITER_NAMES.has(name);
  if (fromTable) tableWrites(argv, name, found);
  const writer = WRITERS.get(name);
  if (writer !== undefined) {
    const { words, options } = operands(argv, 1, writer.values);
    if (writer.when !== undefined && !hasFlag(options, writer.when.short, writer.when.long)) {
      if (name !== 'perl' && name !== 'ruby') found.mentions.push(...words);
      else addProgram(command, name, found);
      return found;
    }
    if (writer.mode === 'all') found.writes.push(...words);
    else found.removes.push(...words);
    if (name === 'perl' || name === 'ruby') addProgram(command, name, found);
    return found;
  }
  if (name === 'dd') {
    for (const word of argv.slice(1)) if (word.startsWith('of=')) found.writes.push(word.slice(3));
    return found;
  }
  if (name === 'git') return gitPaths(argv, found);
  if (name === 'crontab') {
    // Installing, editing or removing a crontab (anything but listing it) writes the spool.
    if (!argv.includes('-l')) found.writes.push('/var/spool/cron/crontabs');
    return found;
  }
  if (
    name === 'systemctl' &&
    argv.some((word) =>
      /^(?:enable|link|edit|preset|add-wants|add-requires|set-property|revert|reenable)$/.test(word),
    )
  ) {
    found.writes.push(argv.includes('--user') ? '~/.config/systemd/user' : '/etc/systemd/system');
    return found;
  }
  if (name === 'launchctl' && argv.some((word) => /^(?:load|bootstrap|enable|submit)$/.test(word))) {
    found.writes.push('~/Library/LaunchAgents');
    return found;
  }
  if (/^(?:npm|pnpm|yarn|bun)$/.test(name)) {
    const sub = argv.slice(1).filter((word) => !word.startsWith('-'));
    if ((sub[0] === 'config' && /^(?:set|delete|edit|rm)$/.test(sub[1] ?? '')) || sub[0] === 'set') {
      found.writes.push('~/.npmrc', '.npmrc', '~/.yarnrc.yml', '.yarnrc.yml');
    }
    return found;
  }
  if (name === 'curl' || name === 'wget') {
    for (let i = 1; i < argv.length; i++) {
      const word = argv[i]!;
      if (/^(?:-o|--output|-O|--output-document)$/.test(word) && !(name === 'curl' && word === '-O'))
        found.writes.push(argv[i + 1] ?? '');
      else if (/^--output(?:-document)?=/.test(word)) found.writes.push(word.slice(word.indexOf('=') + 1));
      else if (name === 'curl' && /^-o./.test(word)) found.writes.push(word.slice(2));
      else if (name === 'wget' && /^-O./.test(word)) found.writes.push(word.slice(2));
    }
    return found;
  }
  if (addProgram(command, name, found)) return found;
  if (!fromTable && !NON_WRITERS.has(name)) found.mentions.push(...operands(argv, 1).words);
  return found;
}

function gitPaths(argv: readonly string[], found: WrittenPaths): WrittenPaths {
  let index = 1;
  while (index < argv.length && argv[index]!.startsWith('-')) {
    // Global options with a value: `-C DIR` (the directory is the caller's), `-c k=v`.
    if (/^(?:-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/.test(argv[index]!)) index++;
    index++;
  }
  const sub = argv[index];
  if (sub === undefined) return found;
  const rest = argv.slice(index + 1);
  if (sub === 'config') found.writes.push(...gitConfigTarget(rest));
  else if (sub === 'mv') {
    const { words } = operands(rest, 0);
    found.writes.push(...copyTargets(words, []).writes);
    found.removes.push(...words.slice(0, -1));
  } else if (sub === 'rm') found.removes.push(...operands(rest, 0).words);
  else if (GIT_WRITES.has(sub)) found.writes.push(...operands(rest, 0, 'bBop').words);
  else if (!GIT_NON_WRITERS.has(sub)) found.mentions.push(...operands(rest, 0).words);
  return found;
}

/** Literal file names of an interpreter's inline program that writes; true when it is one. */
function addProgram(command: SimpleCommand, name: string, found: WrittenPaths): boolean {
  const programs = inlinePrograms(command.unwrapped.argv, name);
  if (programs.length === 0) return false;
  for (const { code } of programs) {
    if (PROGRAM_WRITES.test(code)) found.writes.push(...programLiterals(code));
  }
  return true;
}

/** `commandWordBasename` of the unwrapped command word (`''` for none). */
export function innerName(command: SimpleCommand): string {
  const head = command.unwrapped.argv[0];
  return head === undefined ? '' : commandWordBasename(head);
}
