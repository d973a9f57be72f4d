/**
 * Recursive reads: commands that read whole directory trees — search them (`grep -r`, `ugrep -r`,
 * `rg -uu`, `git grep --no-index`, `ack`), compare them (`diff -r`), copy or archive them
 * (`cp -r`, `scp -r`, `rsync -a`, `tar c`, `zip -r`, `7z a`) or hand each file to another
 * command (`find DIR -exec`, `fd -x`). Each tree is one the command reads everything in, so a
 * tree that holds a secret (`~`, `~/.config`, `~/.kube`) is a secret read, and any other
 * tree may hold one (`.env` in a project): the engine never auto-allows it in read-only mode.
 *
 * Listing names (`ls -R`, `find` alone, `tree`, `du`, `rg --files`) is metadata, not content.
 * rg, ag and fd skip hidden and ignored files unless told otherwise (`--hidden`, `-uu`):
 * without such an option they are reported with `skipsHidden`, and keep their class.
 */

import { COMMAND_TABLE, type CompiledFact, commandFact, readArgv } from '../commands';

/** What a command reads recursively. */
export interface TreeRead {
  /** The words naming the trees (`.` when the command reads the working directory by default). */
  trees: string[];
  /** The walk skips hidden files and directories (rg, ag, fd by default). */
  skipsHidden: boolean;
}

interface Scan {
  /** Options given, long ones whole (`--hidden`, `--recursive=x` as `--recursive`), short ones one per letter (`-r`). */
  options: Set<string>;
  /** Words that are not options or option values, in order. */
  operands: string[];
}

/**
 * Splits `args` into options and operands. `shortValues` are the short options that take a
 * value (the rest of the cluster, or the next word); `longValues` the long ones that take the
 * next word when written without `=`.
 */
function scan(args: readonly string[], shortValues: string, longValues: ReadonlySet<string>): Scan {
  const options = new Set<string>();
  const operands: string[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (ended || word === '-' || !word.startsWith('-')) {
      operands.push(word);
      continue;
    }
    if (word === '--') {
      ended = true;
      continue;
    }
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const name = equals === -1 ? word : word.slice(0, equals);
      options.add(name);
      if (equals !== -1) options.add(`${name}=${word.slice(equals + 1)}`);
      else if (longValues.has(name)) {
        options.add(`${name}=${args[i + 1] ?? ''}`);
        i++;
      }
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      if (options.has(`-${letter}`)) options.add(`-${letter}${letter}`);
      options.add(`-${letter}`);
      if (shortValues.includes(letter)) {
        const value = k + 1 < word.length ? word.slice(k + 1) : args[++i];
        options.add(`-${letter}=${value ?? ''}`);
        break;
      }
    }
  }
  return { options, operands };
}

const NONE: ReadonlySet<string> = new Set();
const RG_LONG_VALUES = new Set([
  '--regexp',
  '--file',
  '--glob',
  '--iglob',
  '--type',
  '--type-not',
  '--type-add',
  '--max-count',
  '--after-context',
  '--before-context',
  '--context',
  '--max-columns',
  '--threads',
  '--replace',
  '--encoding',
  '--max-depth',
  '--max-filesize',
  '--sort',
  '--sortr',
  '--color',
  '--colors',
  '--path-separator',
  '--ignore-file',
  '--pre',
  '--pre-glob',
  '--engine',
]);

/** Operands after the pattern (none given: the working directory). */
function searchedTrees({ operands }: Scan, patternGiven: boolean): string[] {
  const trees = patternGiven ? operands : operands.slice(1);
  return trees.length === 0 ? ['.'] : trees;
}

/** Sources of a copy (`SRC… DEST`, or every operand with `-t DIR`). */
function sources(operands: readonly string[], targetGiven: boolean): string[] {
  return targetGiven ? [...operands] : operands.slice(0, -1);
}

function ripgrep(args: readonly string[]): TreeRead | undefined {
  const parsed = scan(args, 'efgtTmABCMjrEd', RG_LONG_VALUES);
  const { options } = parsed;
  // `rg --files` and `--type-list` print names, not content.
  if (options.has('--files') || options.has('--type-list')) return undefined;
  const hidden =
    options.has('--hidden') || options.has('-.') || options.has('-uu') || options.has('--unrestricted');
  const patternGiven = [...options].some((option) => /^(?:-e|-f|--regexp|--file)=/.test(option));
  return { trees: searchedTrees(parsed, patternGiven), skipsHidden: !hidden };
}

function silverSearcher(args: readonly string[]): TreeRead | undefined {
  const parsed = scan(args, 'ABCGmgp', new Set(['--ignore', '--file-search-regex', '--depth', '--pager']));
  const { options } = parsed;
  const hidden =
    options.has('--hidden') || options.has('-u') || options.has('--unrestricted') || options.has('-a');
  return { trees: searchedTrees(parsed, false), skipsHidden: !hidden };
}

function fd(args: readonly string[]): TreeRead | undefined {
  const parsed = scan(
    args,
    'edtExXjcS',
    new Set(['--exec', '--exec-batch', '--extension', '--type', '--exclude']),
  );
  const { options, operands } = parsed;
  const runs = [...options].some((option) => /^(?:-x|-X|--exec|--exec-batch)(?:=|$)/.test(option));
  if (!runs) return undefined;
  const hidden =
    options.has('-H') || options.has('--hidden') || options.has('-u') || options.has('--unrestricted');
  const trees = operands.slice(1);
  return { trees: trees.length === 0 ? ['.'] : trees, skipsHidden: !hidden };
}

/**
 * Commands `find -exec` may run on every file without reading it out: they touch metadata,
 * move or delete (`-exec rm {} ;`, `-exec chmod 644 {} +`, `-exec ls -l {} ;`).
 */
const FIND_NON_READERS = new Set([
  'ls',
  'stat',
  'du',
  'wc',
  'file',
  'rm',
  'rmdir',
  'mv',
  'chmod',
  'chown',
  'chgrp',
  'touch',
  'echo',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'test',
  '[',
  'mkdir',
  'ln',
  'setfacl',
  'getfacl',
  'shred',
]);

/**
 * `find DIR… -exec CMD {} ;`: each file found is handed to a command that reads it. A
 * selection by name (`-name '*.py'`, `-path`, `-regex`) reads only what it names: a pattern
 * that could name a secret is the floor's word check's to deny (`find . -name '.env*'`).
 */
function find(args: readonly string[]): TreeRead | undefined {
  let reads = false;
  for (let i = 0; i < args.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(args[i]!)) continue;
    // The command run, behind `sudo`/`doas`/`env` and their options.
    let k = i + 1;
    while (k < args.length && /^(?:sudo|doas|env|command|-.*)$/.test(args[k]!)) k++;
    const run = (args[k] ?? '').replace(/^.*\//, '');
    if (!FIND_NON_READERS.has(run)) reads = true;
  }
  if (!reads) return undefined;
  if (args.some((word) => /^-(?:i?name|i?path|i?wholename|i?regex)$/.test(word))) return undefined;
  const trees: string[] = [];
  for (const word of args) {
    if (word.startsWith('-') || word === '(' || word === '!') break;
    trees.push(word);
  }
  return { trees: trees.length === 0 ? ['.'] : trees, skipsHidden: false };
}

function diff(args: readonly string[]): TreeRead | undefined {
  const parsed = scan(
    args,
    'xXFIDSCUL',
    new Set(['--exclude', '--exclude-from', '--label', '--from-file', '--to-file']),
  );
  const { options, operands } = parsed;
  if (!(options.has('-r') || options.has('--recursive'))) return undefined;
  // `-q`/`--brief` reports which files differ, not what is in them.
  if (options.has('-q') || options.has('--brief')) return undefined;
  return { trees: operands, skipsHidden: false };
}

function copy(args: readonly string[], valueShorts: string, recursiveShorts: string): TreeRead | undefined {
  const parsed = scan(args, valueShorts, new Set(['--target-directory', '--exclude', '--rsh', '--filter']));
  const { options, operands } = parsed;
  const recursive =
    [...recursiveShorts].some((letter) => options.has(`-${letter}`)) ||
    options.has('--recursive') ||
    options.has('--archive');
  if (!recursive) return undefined;
  const targetGiven = options.has('-t') || options.has('--target-directory');
  return { trees: sources(operands, targetGiven), skipsHidden: false };
}

/** `tar c…`: every operand is archived whole; `-C DIR` makes later operands relative to DIR. */
function tar(args: readonly string[]): TreeRead | undefined {
  if (args.length === 0) return undefined;
  const first = args[0]!;
  const oldStyle = !first.startsWith('-');
  const creates = (letters: string) => /[cru]/.test(letters);
  let archiveValues = 0;
  if (oldStyle) {
    if (!creates(first)) return undefined;
    archiveValues = (first.match(/[fCbTXLgNV]/g) ?? []).length;
  } else if (
    !args.some((word) => /^--(?:create|append|update)$/.test(word) || /^-[A-Za-z]*[cru][A-Za-z]*$/.test(word))
  ) {
    return undefined;
  }
  const trees: string[] = [];
  let directory = '';
  for (let i = oldStyle ? 1 : 0; i < args.length; i++) {
    const word = args[i]!;
    if (archiveValues > 0) {
      archiveValues--;
      continue;
    }
    if (word === '-C' || word === '--directory') {
      directory = args[++i] ?? '';
      continue;
    }
    if (word.startsWith('--directory=')) {
      directory = word.slice('--directory='.length);
      continue;
    }
    if (word.startsWith('--')) {
      if (
        /^--(?:file|exclude|exclude-from|files-from|use-compress-program|to-command|owner|group|mode|mtime|transform|xform|label|format|newer)$/.test(
          word,
        )
      )
        i++;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      // A cluster whose value-taking letter comes last takes the next word (`-cf out.tar`, `-C dir`).
      const valueLetter = /[fbTXLgNV]$/.test(word) ? 1 : 0;
      if (word.endsWith('C')) {
        directory = args[++i] ?? '';
        continue;
      }
      i += valueLetter;
      continue;
    }
    trees.push(directory === '' || word.startsWith('/') ? word : `${directory}/${word}`);
  }
  return { trees, skipsHidden: false };
}

function zip(args: readonly string[]): TreeRead | undefined {
  const { options, operands } = scan(
    args,
    'bnxiItPO',
    new Set(['--exclude', '--include', '--password', '--temp-path']),
  );
  if (!(options.has('-r') || options.has('-R') || options.has('--recurse-paths'))) return undefined;
  return { trees: operands.slice(1), skipsHidden: false };
}

function sevenZip(args: readonly string[]): TreeRead | undefined {
  if (args[0] !== 'a') return undefined;
  const operands = args.slice(1).filter((word) => !word.startsWith('-'));
  return { trees: operands.slice(1), skipsHidden: false };
}

/**
 * The trees a command of the command table reads (grep and its family, ugrep, `git grep` and
 * `git diff --no-index`): the operands read by every reading with a `recursive` effect,
 * together (the floor takes the union). A reading with no file operand reads the working
 * directory.
 */
function tableTreeRead(argv: readonly string[], name: string): TreeRead | undefined {
  const fact = commandFact(name);
  if (fact === undefined) return undefined;
  const trees = new Set<string>();
  let skipsHidden = true;
  for (const reading of readArgv(argv, fact)) {
    const level = reading.facts[reading.facts.length - 1]!;
    if (!reading.effects.has('recursive') || !level.fact.operands?.includes('read')) continue;
    if (!level.fact.skipsHidden || reading.effects.has('shows-hidden')) skipsHidden = false;
    let any = false;
    for (const index of reading.operands) {
      const kind = reading.kinds[index];
      if (kind === 'read' || kind === 'unknown') {
        trees.add(argv[index]!);
        any = true;
      }
    }
    if (!any) trees.add('.');
  }
  return trees.size === 0 ? undefined : { trees: [...trees], skipsHidden };
}

/** The trees `argv` (a command without wrappers) reads recursively, or `undefined`. */
export function treeReadOf(argv: readonly string[], name: string): TreeRead | undefined {
  // The common cases, without copying the words: find reads trees only with an `-exec`-like action.
  if (name === 'find' && !argv.some((word) => word.startsWith('-exec') || word.startsWith('-ok')))
    return undefined;
  const args = argv.slice(1);
  switch (name) {
    case 'rg':
      return ripgrep(args);
    case 'ag':
      return silverSearcher(args);
    case 'ack':
    case 'ack-grep':
      return { trees: searchedTrees(scan(args, 'ABCm', NONE), false), skipsHidden: false };
    case 'fd':
    case 'fdfind':
      return fd(args);
    case 'find':
      return find(args);
    case 'diff':
      return diff(args);
    case 'cp':
      return copy(args, 'tS', 'rRa');
    case 'scp':
      return copy(args, 'cFiJloPS', 'r');
    case 'rsync':
      return copy(args, 'efTBM', 'ra');
    case 'tar':
    case 'bsdtar':
    case 'gtar':
      return tar(args);
    case 'zip':
      return zip(args);
    case '7z':
    case '7za':
    case '7zz':
      return sevenZip(args);
    default:
      return tableTreeRead(argv, name);
  }
}

/** True when a table entry may read its operands recursively (`-r`, `--no-index`, `rgrep`). */
function readsTrees(compiled: CompiledFact): boolean {
  const { fact } = compiled;
  const recursive =
    (fact.implies ?? []).includes('recursive') ||
    Object.values(fact.effects ?? {}).some((effects) => effects.includes('recursive')) ||
    (fact.numeric ?? []).includes('recursive');
  if (recursive && fact.operands?.includes('read')) return true;
  return [...(compiled.subcommands?.values() ?? [])].some(readsTrees);
}

/** The command names `treeReadOf` knows (any other has no recursive read). */
export const TREE_READERS: ReadonlySet<string> = new Set([
  // The command table's: every name whose entry (or a subcommand of it) reads operands and
  // may read them recursively.
  ...COMMAND_TABLE.entries.filter(({ compiled }) => readsTrees(compiled)).flatMap(({ names }) => names),
  'rg',
  'ag',
  'ack',
  'ack-grep',
  'fd',
  'fdfind',
  'find',
  'diff',
  'cp',
  'scp',
  'rsync',
  'tar',
  'bsdtar',
  'gtar',
  'zip',
  '7z',
  '7za',
  '7zz',
]);
