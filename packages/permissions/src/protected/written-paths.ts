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
 * - `trees` — written as trees, by a reading with the `recursive` effect (`cp -r x DIR`,
 *   `mv x DIR`, `git restore DIR`): a directory that holds a policy file counts as that file,
 *   as for removals and the file tools;
 * - `contentsInto` — the destinations a tree's contents are copied into (`cp -r x/. DIR`,
 *   `rsync -a x/ DIR`): also a directory above the settings, as for removals;
 * - `mentions` — words that may be written for all the command table can tell: every operand
 *   of a command it has no entry for, and the words of an entry it reads as `unknown` (an
 *   operand of a subcommand it does not know, the value of an option it does not list) or as
 *   program text (`pattern`: a sed or awk program may write a file it names). The caller
 *   counts them only when the classifier does not find the command read-only (they then ask,
 *   never deny).
 *
 * Every fact about a command is the command table's (decisions 0038, 0042): its `write` and
 * `remove` words in any reading (the union), the destination directory of a copier (`mv a b
 * DIR` writes `DIR/a`), `in-place` (`sed -i`: the files read are written back),
 * `keyOperands` (`dd of=F`) and `writesFiles` (`crontab`, `systemctl enable`, `git config`).
 */
import path from 'node:path';
import { classifyArgv } from '../classifier/classify-argv';
import { type Reading, readCommand, WRITE_CALLS } from '../commands';
import { isWriteRedirect } from '../engine/redirects';
import { inlinePrograms } from '../floor/interpreter-code';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';

/** What a command writes (see the file comment). */
export interface WrittenPaths {
  writes: string[];
  removes: string[];
  trees: string[];
  contentsInto: string[];
  mentions: string[];
}

/** Word kinds that may be written for all the table can tell (see `mentions`). */
const MAY_WRITE: ReadonlySet<string | undefined> = new Set(['unknown', 'pattern']);
/** Word kinds that are no word of the command's own to write (`option`: an option word). */
const NOT_OWN: ReadonlySet<string | undefined> = new Set([
  undefined,
  'option',
  'end-of-options',
  'subcommand',
]);

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

/** The words of `argv` after the command word that are neither options nor after-`--` options. */
function operandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (!(word.startsWith('-') && word.length > 1)) words.push(word);
  }
  return words;
}

/**
 * The files a `writesFiles` fact of the innermost entry read says the command writes: the
 * files an option given names instead of the default ones, unless an option says it writes
 * none; with `ifChanges`, only when the classifier does not find the command read-only. Added
 * to `into` (made when a first file is added), which it returns.
 */
function factFiles(
  argv: readonly string[],
  reading: Reading,
  into: Set<string> | undefined,
): Set<string> | undefined {
  const fact = reading.facts[reading.facts.length - 1]!.fact;
  const writes = fact.writesFiles;
  if (writes === undefined) return into;
  const named: string[] = [];
  for (const option of reading.options) {
    if (writes.unless?.includes(option.spelling)) return into;
    const file = writes.options?.[option.spelling];
    if (file === undefined) continue;
    if (file !== '=') named.push(file);
    else if (option.value !== undefined) named.push(option.value);
  }
  if (writes.ifChanges === true && classifyArgv(argv).classification === 'read-only') return into;
  for (const file of named.length > 0 ? named : writes.files) (into ??= new Set()).add(file);
  return into;
}

/**
 * What the command table says `argv` writes, removes and may write, in every reading (their
 * union: the protection takes any word some reading writes). A destination the last operand
 * or a `target-given` option names may be a directory: the other operands' names under it are
 * written too (`mv a b DIR` writes `DIR/a`, `DIR/b`). Most commands write nothing and leave
 * every word to a role: the sets are made when a first word goes into them, not per command.
 */
function tableWrites(argv: readonly string[], readings: readonly Reading[], found: WrittenPaths): void {
  let writes: Set<string> | undefined;
  let removes: Set<string> | undefined;
  let trees: Set<string> | undefined;
  let contentsInto: Set<string> | undefined;
  /**
   * Indexes some reading gives `unknown` or `pattern` (in the order first found), and per
   * index whether some reading gave it a role of its own (then it is no mention). With one
   * reading a word is one or the other, and no mark is needed.
   */
  let unclear: number[] | undefined;
  let marks: Uint8Array | undefined;
  let mentions: Set<string> | undefined;
  const several = readings.length > 1;
  for (const reading of readings) {
    const innermost = reading.facts[reading.facts.length - 1]!.fact;
    let destination: string | undefined;
    let destinationAt: number | undefined;
    for (const option of reading.options) {
      const role = option.def?.role;
      if (option.value === undefined) continue;
      if (role === 'write') (writes ??= new Set()).add(option.value);
      else if (role === 'remove') (removes ??= new Set()).add(option.value);
      else continue;
      if (option.def!.effects.includes('target-given')) destination = option.value;
    }
    const last = innermost.lastOperand;
    if (destination === undefined && last !== undefined) {
      destinationAt = reading.operands.at(-1);
      if (destinationAt !== undefined) destination = argv[destinationAt];
      // A lone operand is the destination too (`install -d DIR`, `mv x`: what a copier writes).
      if (reading.operands.length === 1 && destination !== undefined && last === 'write')
        (writes ??= new Set()).add(destination);
    }
    const inPlace = reading.effects.has('in-place');
    const keyed = innermost.keyOperands;
    for (const index of reading.operands) {
      const kind = reading.kinds[index];
      if (kind === 'write' || (inPlace && (kind === 'read' || kind === 'unknown')))
        (writes ??= new Set()).add(keyed === undefined ? argv[index]! : keyedValue(argv[index]!, keyed));
      else if (kind === 'remove')
        (removes ??= new Set()).add(keyed === undefined ? argv[index]! : keyedValue(argv[index]!, keyed));
    }
    // Operands, the words after a subcommand the table does not know and the values of options
    // it does not list: `unknown` (or program text) in this reading; a word another reading
    // knows (`mkdir -p DIR`: `-p` is a flag, or it takes DIR) is not a mention.
    for (let index = 1; index < argv.length; index++) {
      const kind = reading.kinds[index];
      if (MAY_WRITE.has(kind)) {
        if (!several) {
          (unclear ??= []).push(index);
          continue;
        }
        marks ??= new Uint8Array(argv.length);
        if ((marks[index]! & UNCLEAR) === 0) (unclear ??= []).push(index);
        marks[index]! |= UNCLEAR;
      } else if (several && !NOT_OWN.has(kind)) {
        marks ??= new Uint8Array(argv.length);
        marks[index]! |= KNOWN;
      }
    }
    // A subcommand the table does not know may be anything (`git stash x` pushes in old gits).
    if (reading.unknownSubcommand !== undefined) (mentions ??= new Set()).add(reading.unknownSubcommand);
    writes = factFiles(argv, reading, writes);
    const recursive = reading.effects.has('recursive');
    if (recursive) {
      for (const index of reading.operands)
        if (reading.kinds[index] === 'write') (trees ??= new Set()).add(argv[index]!);
      if (destination !== undefined) (trees ??= new Set()).add(destination);
    }
    if (destination === undefined) continue;
    const directory = destination.replace(/\/+$/, '');
    for (const index of reading.operands) {
      if (index === destinationAt) continue;
      if (recursive && copiesContents(argv[index]!)) (contentsInto ??= new Set()).add(destination);
      const base = path.posix.basename(argv[index]!);
      if (base !== '' && base !== '.' && base !== '..') (writes ??= new Set()).add(`${directory}/${base}`);
    }
  }
  if (unclear !== undefined)
    for (const index of unclear)
      if (marks === undefined || (marks[index]! & KNOWN) === 0) (mentions ??= new Set()).add(argv[index]!);
  if (mentions !== undefined) {
    if (writes !== undefined) for (const word of writes) mentions.delete(word);
    if (removes !== undefined) for (const word of removes) mentions.delete(word);
  }
  if (writes !== undefined) found.writes.push(...writes);
  if (removes !== undefined) found.removes.push(...removes);
  if (trees !== undefined) found.trees.push(...trees);
  if (contentsInto !== undefined) found.contentsInto.push(...contentsInto);
  if (mentions !== undefined) found.mentions.push(...mentions);
}

/**
 * Whether a recursive copy of `source` puts its contents, not the directory itself, in the
 * destination: `x/.`, `.`, `..`, and `x/` (rsync's spelling of "the contents of x"; GNU cp
 * copies `x/` as `x`, which this then overstates, on the safe side).
 */
function copiesContents(source: string): boolean {
  return /(?:^|\/)\.{1,2}$|\/$/.test(source);
}

/** `tableWrites`'s marks of a word index: some reading leaves it unclear, or gives it a role. */
const UNCLEAR = 1;
const KNOWN = 2;

/** `of=x` → `x`, when the entry gives the key a role (`keyOperands`); any other word as it is. */
function keyedValue(word: string, keys: Readonly<Record<string, string>>): string {
  const equals = word.indexOf('=');
  return equals > 0 && Object.hasOwn(keys, word.slice(0, equals)) ? word.slice(equals + 1) : word;
}

/**
 * The paths `command` writes, removes or mentions (see the file comment). `name` is the
 * unwrapped command word's basename; `readings`, the table's readings of the unwrapped argv
 * when the caller has them.
 */
export function writtenPaths(
  command: SimpleCommand,
  name: string,
  readings: readonly Reading[] | undefined = readCommand(command.unwrapped.argv, 0, name),
): WrittenPaths {
  const found: WrittenPaths = { writes: [], removes: [], trees: [], contentsInto: [], mentions: [] };
  for (const redirect of command.redirects) {
    if (redirect.operator.startsWith('<<')) continue;
    if (redirect.write && isWriteRedirect(redirect)) found.writes.push(redirect.target);
  }
  const argv = command.unwrapped.argv;
  if (argv.length === 0) return found;
  if (readings === undefined) found.mentions.push(...operandWords(argv));
  else tableWrites(argv, readings, found);
  addProgram(command, name, found);
  return found;
}

/**
 * Literal file names of an interpreter's inline program that may write a file: one that makes
 * a call or uses an open mode its language's entry lists (`writeCalls`: a write call, a mode
 * that writes, a shell-out whose command is not seen).
 */
function addProgram(command: SimpleCommand, name: string, found: WrittenPaths): void {
  for (const { family, code } of inlinePrograms(command.unwrapped.argv, name)) {
    if (WRITE_CALLS.get(family)?.test(code) === true) found.writes.push(...programLiterals(code));
  }
}

/** `commandWordBasename` of the unwrapped command word (`''` for none). */
export function innerName(command: SimpleCommand): string {
  const head = command.unwrapped.argv[0];
  return head === undefined ? '' : commandWordBasename(head);
}
