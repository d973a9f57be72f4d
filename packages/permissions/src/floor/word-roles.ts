/**
 * Which words of a command are not reads of a path, all from the command table (decisions 0040,
 * 0045): operands of commands that print no content of what they name, and the words after a
 * subcommand that names files only (`git status -- .env`, `git log --oneline -- .env`, unless
 * an option prints content: `git log -p`); values, keys used and files only written (`curl
 * --data-raw`, `ssh -i KEY`, `-o IdentityFile=KEY`, `--kubeconfig F`, `openssl -key F -out F`,
 * a certificate `openssl x509 -in F` reads); destinations (`tee`, `dd of=`, the destination of
 * `cp/mv/install/rsync/scp`); the words of a command line an option holds, read as that
 * command's own (`rsync -e 'ssh -i KEY'`); and search patterns or program text (see
 * pattern-positions), excluded names included (`zip -x .env '*.pem'`). Everything else is a
 * potential read and is checked.
 */

import {
  atAnyLevel,
  commandFact,
  FLOOR_ROLE_NAMES,
  formattedReads,
  namesInAny,
  namesWhere,
  type Reading,
  readArgv,
  readCommand,
} from '../commands';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';
import { DATA_TOOLS, PATTERN_COMMANDS, patternWordIndexes } from './pattern-positions';

/**
 * Commands that never print, send or copy the content of the files their words name (the
 * table's `printsNoContent`): they touch a path's metadata, create it, count it or use a key
 * without printing it (`mkdir -p ~/.ssh`, `chmod 600 ~/.ssh/id_rsa`, `[ -f .env ]`, `ls ~/.ssh`,
 * `wc -l .env`, `ssh-keygen -f ~/.ssh/id_ed25519`, `tee .env`): none of their words is a read.
 * `cp`, `mv`, `ln`, `tar`, `scp`… are not: they move a secret somewhere it can be read from.
 * (`echo`, `printf`: their words are data, `DATA_TOOLS`.)
 */
const NON_READING: ReadonlySet<string> = namesWhere(
  (fact) => fact.printsNoContent === true && fact.operands?.[0] !== 'value',
);
/** Which words of the unwrapped argv are not read paths. */
export interface IndexSet {
  has(index: number): boolean;
}
const NONE: IndexSet = { has: () => false };
const ALL_BUT_COMMAND: IndexSet = { has: (index) => index > 0 };
/** Pattern/program words, non-read words, and where the unwrapped argv starts in argv. */
export interface WordRoles {
  programs: IndexSet;
  skip: IndexSet;
  offset: number;
  /** Files named inside option values (`curl -F 'f=@.env;type=…'` → `.env`): reads to check too. */
  reads: readonly string[];
}
const NO_READS: readonly string[] = Object.freeze([]);
const NOTHING_SKIPPED: WordRoles = { programs: NONE, skip: NONE, offset: 0, reads: NO_READS };

/** Roles of words the floor does not read as paths (patterns are `programs`, apart). */
const NOT_READ_ROLES: ReadonlySet<string> = new Set(['value', 'uses', 'certificate']);

/** A command line of plain words (no quote, expansion, glob, operator or redirect in it). */
const PLAIN_LINE = /^\s*[\w./~:=@,+%-]+(?:\s+[\w./~:=@,+%-]+)*\s*$/;

/**
 * The words a command line held in an option reads (`rsync -e 'ssh -i KEY -F CONFIG'` →
 * `CONFIG`), by the table's entry for its command, or `undefined` when the table cannot say:
 * the line is not plain words, names no entry, or is nested deeper than one level.
 */
function lineReads(line: string, depth: number): string[] | undefined {
  if (depth > 0 || !PLAIN_LINE.test(line)) return undefined;
  const words = line.trim().split(/\s+/);
  const name = commandWordBasename(words[0]!);
  if (NON_READING.has(name)) return [];
  const fact = commandFact(name);
  if (fact === undefined) return undefined;
  const skip = new Set<number>();
  const reads = TABLE_ROLE_NAMES.has(name)
    ? tableRoles(words, name, skip, readArgv(words, fact), depth + 1)
    : [];
  const patterns = patternWordIndexes(words, name);
  for (let index = 1; index < words.length; index++)
    if (!skip.has(index) && !patterns.has(index)) reads.push(words[index]!);
  return reads;
}

/** Index of the last subcommand word of a reading, or -1. */
function lastSubcommand(reading: Reading): number {
  for (let index = reading.kinds.length - 1; index >= 0; index--)
    if (reading.kinds[index] === 'subcommand') return index;
  return -1;
}

/**
 * The command table's part (`TABLE_ROLE_NAMES`): words that in every reading are a value or a
 * file only used, never read out (`curl --data-raw '@.env'`, `--cert key.pem`), a copier's
 * destination (`cp .env.example .env`: the last operand, unless `-t DIR` named it), a `KEY=FILE`
 * operand written (`dd of=.env`), and the files named inside read values, from every reading
 * (`curl -F 'f=@.env;type=…'`).
 */
function tableRoles(
  inner: readonly string[],
  base: string,
  skip: Set<number>,
  readings: readonly Reading[] | undefined = readCommand(inner, 0, base),
  depth = 0,
): string[] {
  if (readings === undefined) return [];
  let common: Set<number> | undefined;
  const reads: string[] = [];
  for (const reading of readings) {
    const notRead = new Set<number>();
    reading.kinds.forEach((kind, index) => {
      if (kind !== undefined && NOT_READ_ROLES.has(kind)) notRead.add(index);
    });
    const level = reading.facts[reading.facts.length - 1]!.fact;
    // A subcommand that names files only (`git status`, `git log` without `-p`): nothing after it
    // is read. Only right after the command word, as before: after a global option (`git -C
    // DIR rm .env`) every word stays checked.
    if (
      reading.facts.length > 1 &&
      level.printsNoContent === true &&
      !reading.effects.has('prints-content')
    ) {
      const at = lastSubcommand(reading);
      if (at === reading.facts.length - 1)
        for (let index = at + 1; index < inner.length; index++) notRead.add(index);
    }
    const last = reading.operands[reading.operands.length - 1];
    if (copiesTo(level) && last !== undefined && reading.kinds[last] === 'write') notRead.add(last);
    if (level.keyOperands !== undefined)
      for (const index of reading.operands) if (reading.kinds[index] === 'write') notRead.add(index);
    for (const option of reading.options) {
      const def = option.def;
      if (def === undefined || option.value === undefined || option.valueIndex === undefined) continue;
      const role = option.role ?? def.role;
      // An option word holding its value (`--data-raw=@.env`, `-oIdentityFile=KEY`).
      if (option.valueIndex === option.index && NOT_READ_ROLES.has(role)) notRead.add(option.index);
      // A file only written (`openssl -out key.pem`).
      if (def.writeOnly === true && role === 'write') notRead.add(option.valueIndex);
      if (def.readFormat !== undefined) {
        reads.push(...formattedReads(option.value, def.readFormat));
      }
      // A command line it runs, read as that command's words (`rsync -e 'ssh -i KEY'`).
      if (role === 'script' && def.format === undefined) {
        const lineRead = lineReads(option.value, depth);
        if (lineRead !== undefined) {
          notRead.add(option.valueIndex);
          reads.push(...lineRead);
        }
      }
    }
    common = common === undefined ? notRead : new Set([...common].filter((index) => notRead.has(index)));
  }
  for (const index of common ?? []) skip.add(index);
  return reads;
}

/** Commands none of whose operands is read (one set: `readableWordCount` runs for every command). */
export const NO_READ_OPERANDS: ReadonlySet<string> = namesInAny(NON_READING, DATA_TOOLS);

/**
 * True for a copier (`cp`, `mv`, `install`, `rsync`, `scp`): its last operand is a destination
 * written from the operands before it, which it reads or moves. Not `ln`, whose every operand
 * is written (`ln -s ~/.ssh/id_rsa x` makes the key readable under another name).
 */
function copiesTo(fact: { lastOperand?: string; operands?: readonly string[] }): boolean {
  return fact.lastOperand === 'write' && fact.operands?.[0] !== 'write';
}

/**
 * Commands whose words the floor reads with the table: some option value is no path
 * (`FLOOR_ROLE_NAMES`), the last operand is a destination written (`cp`, `mv`, `rsync`), an
 * operand is `KEY=FILE` (`dd`), or a subcommand names files only (`git status`).
 */
const TABLE_ROLE_NAMES: ReadonlySet<string> = namesInAny(
  FLOOR_ROLE_NAMES,
  namesWhere(atAnyLevel((fact) => copiesTo(fact) || fact.keyOperands !== undefined)),
  namesWhere((fact) =>
    Object.values(fact.subcommands ?? {}).some(atAnyLevel((sub) => sub.printsNoContent === true)),
  ),
);

/** Commands some of whose words are not read paths (all others take the fast path). */
const SPECIAL_COMMANDS: ReadonlySet<string> = namesInAny(NON_READING, TABLE_ROLE_NAMES, PATTERN_COMMANDS);

/** True when `inner` is the tail of `argv` (wrappers removed from the front, nothing else changed). */
export function isTailOf(inner: readonly string[], argv: readonly string[]): boolean {
  const offset = argv.length - inner.length;
  if (offset < 0) return false;
  for (let i = 0; i < inner.length; i++) {
    if (argv[offset + i] !== inner[i]) return false;
  }
  return true;
}

/**
 * How many leading words of argv may be read paths or name files: all of them, except for
 * commands none of whose operands does (`mkdir`, `chmod`, `ls`, `test`, … and `echo`,
 * `printf`), where the scan stops after the command word. A cheap bound for the per-word
 * prefilter in front of `wordRoles`: `echo` with a long message is the most common command
 * agents run.
 */
export function readableWordCount(command: SimpleCommand, base: string): number {
  if (!NO_READ_OPERANDS.has(base)) return command.argv.length;
  const inner = command.unwrapped.argv;
  if (!isTailOf(inner, command.argv)) return command.argv.length;
  return command.argv.length - inner.length + 1;
}

/**
 * The roles of `command`'s words; commands outside the special list take a constant fast
 * path. `base` is the command name of the unwrapped argv when the caller already has it.
 */
export function wordRoles(
  command: SimpleCommand,
  base: string = commandWordBasename(command.unwrapped.argv[0] ?? ''),
): WordRoles {
  if (!SPECIAL_COMMANDS.has(base)) return NOTHING_SKIPPED;
  const inner = command.unwrapped.argv;
  // Cannot tell which word is which when the unwrapped argv is not argv's tail: check them all.
  if (!isTailOf(inner, command.argv)) return NOTHING_SKIPPED;
  const offset = command.argv.length - inner.length;
  if (NON_READING.has(base)) return { programs: NONE, skip: ALL_BUT_COMMAND, offset, reads: NO_READS };
  const skip = new Set<number>();
  const reads = TABLE_ROLE_NAMES.has(base) ? tableRoles(inner, base, skip) : NO_READS;
  return { programs: patternWordIndexes(inner, base), skip, offset, reads };
}
