/**
 * Which words of a command are not reads of a path: operands of commands that print no content
 * of what they name, values and destinations (`tee`, `dd of=`, the destination of
 * `cp/mv/install/rsync/scp`, `curl --data-raw`), from the command table; output options
 * (`openssl -out`, `ssh -i`, `--kubeconfig`), zip's `-x` lists, rsync's `-e 'ssh -i KEY'` and
 * git's name-only subcommands, still by the rules here; and search patterns or program text
 * (see pattern-positions). Everything else is a potential read and is checked.
 */

import { atAnyLevel, FLOOR_ROLE_NAMES, formattedReads, namesWhere, readCommand } from '../commands';
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
/** Archivers and copiers whose `--exclude=PATTERN` names what they leave out (see `exclusionIndexes`). */
const EXCLUDERS = new Set(['tar', 'rsync', 'zip']);
/** rsync's short options that take the next word as their value (`-e CMD`, `-avf RULE`). */
const RSYNC_VALUE_SHORT = /^-[^-]*[efTBM]$/;
/** rsync's common long options that take no value (any other may be taking `--exclude` as its value). */
const RSYNC_LONG_FLAGS = new Set([
  '--archive',
  '--checksum',
  '--compress',
  '--delete',
  '--dry-run',
  '--human-readable',
  '--links',
  '--partial',
  '--perms',
  '--progress',
  '--quiet',
  '--recursive',
  '--stats',
  '--times',
  '--update',
  '--verbose',
]);

/** Whether rsync reads `word` as an option of its own, not as the value of the option `before`. */
function rsyncOptionAfter(before: string): boolean {
  if (!before.startsWith('-')) return true;
  if (before.startsWith('--')) return before.includes('=') || RSYNC_LONG_FLAGS.has(before);
  return !RSYNC_VALUE_SHORT.test(before);
}
/**
 * git subcommands that never print the content of the files they name (`git check-ignore .env`,
 * `git rm --cached .env`, `git status -- .env`, `git log --oneline -- .env`): checking whether a
 * secret was ever committed is not reading it. `git log` prints content with a patch option
 * (`-p`, `--patch`, `-u`, `-U3`, `--word-diff`, `-L`): then it is a read again.
 */
const GIT_NAME_ONLY = new Set(['check-ignore', 'rm', 'ls-files', 'status', 'log']);
const GIT_LOG_PATCH =
  /^(?:-[A-Za-z]*[puL]|-U\d*|--patch|--patch-with-stat|--patch-with-raw|--word-diff.*|--cc|--full-diff|--unified.*|--textconv|--ext-diff|-L.*|--line-range.*)$/;

/** True when `git SUB ARGS` only names files (see `GIT_NAME_ONLY`). */
function gitNamesOnly(inner: readonly string[]): boolean {
  const subcommand = inner[1] ?? '';
  if (!GIT_NAME_ONLY.has(subcommand)) return false;
  return subcommand !== 'log' || !inner.some((word, index) => index > 1 && GIT_LOG_PATCH.test(word));
}
const OPENSSL_CERTIFICATE_COMMANDS = new Set(['x509', 'req', 'crl', 'verify']);

/** Options whose value is a file the command writes or only uses (the word after them is not a read). */
const OUTPUT_OPTIONS: Record<string, ReadonlySet<string>> = {
  // Outputs, and keys/certificates openssl signs or verifies with but never prints.
  openssl: new Set([
    '-out',
    '-keyout',
    '-key',
    '-signkey',
    '-inkey',
    '-CAkey',
    '-cert',
    '-CAfile',
    '-CA',
    '-certfile',
  ]),
  // An identity file used to authenticate, never printed.
  ssh: new Set(['-i']),
  scp: new Set(['-i']),
  sftp: new Set(['-i']),
  // (curl's client certificate and key are the command table's: role `uses`.)
  // The kubeconfig a client logs in with (`kubectl config view --raw`, which prints it, is a
  // credential printer of its own).
  kubectl: new Set(['--kubeconfig']),
  helm: new Set(['--kubeconfig']),
  // The Maven settings a build logs in to repositories with (never printed).
  mvn: new Set(['-s', '--settings', '-gs', '--global-settings']),
  // Keystores and keys a tool signs or logs in with, variables a plan is made with.
  keytool: new Set(['-keystore', '-srckeystore', '-destkeystore']),
  bundletool: new Set(['--ks']),
  putty: new Set(['-i']),
  plink: new Set(['-i']),
  pscp: new Set(['-i']),
  psftp: new Set(['-i']),
  terraform: new Set(['-var-file']),
  tofu: new Set(['-var-file']),
};

/**
 * Words that only name what to leave out: `tar`/`rsync`/`zip --exclude=.env`, rsync's
 * `--exclude .env`, zip's `-x .env '*.pem'` (its list runs to the next option: zip leaves
 * out every word of it). Only where the option word cannot itself be another option's value:
 * tar's old-style `tar cf --exclude .env` archives `.env` into a file named `--exclude`, so
 * for tar only the `=` form counts; the separate forms count after an operand (zip) or an
 * option known to take no value (rsync). Patterns read from a file (`--exclude-from=.env`)
 * are a read of that file.
 */
function exclusionIndexes(inner: readonly string[], base: string, skip: Set<number>): void {
  for (let i = 1; i < inner.length; i++) {
    const word = inner[i]!;
    if (word === '--') return;
    if (word.startsWith('--exclude=')) {
      skip.add(i);
      continue;
    }
    const before = inner[i - 1]!;
    if (base === 'rsync' && word === '--exclude' && i > 1 && rsyncOptionAfter(before)) {
      skip.add(++i);
    } else if (
      base === 'zip' &&
      (word === '-x' || word === '--exclude') &&
      i > 1 &&
      !before.startsWith('-')
    ) {
      while (i + 1 < inner.length && !inner[i + 1]!.startsWith('-')) skip.add(++i);
    }
  }
}

/** An ssh identity-file setting: `IdentityFile=KEY`, `-oIdentityFile=KEY` (no other setting). */
const IDENTITY_SETTING = /^(?:-o)?identityfile[=\s]\s*[^\s]+$/i;

/**
 * True for an ssh command line that only logs in with an identity file: `ssh -i KEY`,
 * `ssh -p 2222 -o IdentityFile=KEY`. Every other word must be an option or a plain setting
 * (no path in it), so a config file (`-F FILE`) or anything else still counts as a read.
 */
function sshLoginOnly(line: string): boolean {
  const words = line.trim().split(/\s+/);
  if (commandWordBasename(words[0] ?? '') !== 'ssh') return false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (word === '-i' || (word === '-o' && IDENTITY_SETTING.test(words[index + 1] ?? ''))) index++;
    else if (!IDENTITY_SETTING.test(word) && !/^[\w=-]+$/.test(word)) return false;
  }
  return true;
}

/**
 * rsync's remote shell (`-e 'ssh -i KEY'`, `--rsh=…`): when it is ssh logging in with an
 * identity file, the key is used, not copied (see `sshLoginOnly`).
 */
function loginShellIndex(inner: readonly string[], skip: Set<number>): void {
  for (let i = 1; i < inner.length; i++) {
    const word = inner[i]!;
    if (word === '--') return;
    if (word.startsWith('--rsh=')) {
      if (sshLoginOnly(word.slice('--rsh='.length))) skip.add(i);
    } else if (word === '--rsh' || (RSYNC_VALUE_SHORT.test(word) && word.endsWith('e'))) {
      if (sshLoginOnly(inner[i + 1] ?? '')) skip.add(i + 1);
      i++;
    } else if (RSYNC_VALUE_SHORT.test(word)) {
      i++;
    }
  }
}

/** Indexes of `inner` (the unwrapped argv) that are not reads of a path, by the floor's own rules. */
function notReadIndexes(inner: readonly string[], base: string): Set<number> {
  if (base === 'git' && gitNamesOnly(inner)) return new Set(inner.map((_, index) => index).slice(2));
  const skip = new Set<number>();
  if (EXCLUDERS.has(base)) {
    exclusionIndexes(inner, base, skip);
    if (base === 'rsync') loginShellIndex(inner, skip);
    return skip;
  }
  const outputs = Object.hasOwn(OUTPUT_OPTIONS, base) ? OUTPUT_OPTIONS[base] : undefined;
  if (outputs) {
    // openssl x509/req/crl/verify read certificates and requests: a private key given to
    // `-in` is refused, not printed (rsa, pkey, pkcs12, enc, asn1parse … would print it).
    const safeIn = base === 'openssl' && OPENSSL_CERTIFICATE_COMMANDS.has(inner[1] ?? '');
    inner.forEach((word, index) => {
      if (outputs.has(word) || (safeIn && word === '-in')) skip.add(index + 1);
      // `--kubeconfig=FILE`: a long option with its value attached.
      // (terraform spells its long options with one dash: `-var-file=prod.tfvars`.)
      else if (word.startsWith('-') && word.includes('=') && outputs.has(word.slice(0, word.indexOf('='))))
        skip.add(index);
      // ssh's `-o IdentityFile=KEY` (also `-oIdentityFile=KEY`) is `-i KEY` spelled as a setting.
      else if (base !== 'openssl' && IDENTITY_SETTING.test(word)) skip.add(index);
      else if (base !== 'openssl' && word === '-o' && IDENTITY_SETTING.test(inner[index + 1] ?? ''))
        skip.add(index + 1);
    });
  }
  return skip;
}

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
const NOT_READ_ROLES: ReadonlySet<string> = new Set(['value', 'uses']);

/**
 * The command table's part (`TABLE_ROLE_NAMES`): words that in every reading are a value or a
 * file only used, never read out (`curl --data-raw '@.env'`, `--cert key.pem`), a copier's
 * destination (`cp .env.example .env`: the last operand, unless `-t DIR` named it), a `KEY=FILE`
 * operand written (`dd of=.env`), and the files named inside read values, from every reading
 * (`curl -F 'f=@.env;type=…'`).
 */
function tableRoles(inner: readonly string[], base: string, skip: Set<number>): readonly string[] {
  const readings = readCommand(inner, 0, base);
  if (readings === undefined) return NO_READS;
  let common: Set<number> | undefined;
  const reads: string[] = [];
  for (const reading of readings) {
    const notRead = new Set<number>();
    reading.kinds.forEach((kind, index) => {
      if (kind !== undefined && NOT_READ_ROLES.has(kind)) notRead.add(index);
    });
    const level = reading.facts[reading.facts.length - 1]!.fact;
    const last = reading.operands[reading.operands.length - 1];
    if (copiesTo(level) && last !== undefined && reading.kinds[last] === 'write') notRead.add(last);
    if (level.keyOperands !== undefined)
      for (const index of reading.operands) if (reading.kinds[index] === 'write') notRead.add(index);
    for (const option of reading.options) {
      const def = option.def;
      if (def === undefined || option.value === undefined) continue;
      // An option word holding its value (`--data-raw=@.env`).
      if (option.valueIndex === option.index && NOT_READ_ROLES.has(def.role)) notRead.add(option.index);
      if (def.readFormat !== undefined) {
        reads.push(...formattedReads(option.value, def.readFormat));
      }
    }
    common = common === undefined ? notRead : new Set([...common].filter((index) => notRead.has(index)));
  }
  for (const index of common ?? []) skip.add(index);
  return reads;
}

/** Commands none of whose operands is read (one set: `readableWordCount` runs for every command). */
export const NO_READ_OPERANDS: ReadonlySet<string> = new Set([...NON_READING, ...DATA_TOOLS]);

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
 * (`FLOOR_ROLE_NAMES`), the last operand is a destination written (`cp`, `mv`, `rsync`), or an
 * operand is `KEY=FILE` (`dd`).
 */
const TABLE_ROLE_NAMES: ReadonlySet<string> = new Set([
  ...FLOOR_ROLE_NAMES,
  ...namesWhere(atAnyLevel((fact) => copiesTo(fact) || fact.keyOperands !== undefined)),
]);

/** Commands some of whose words are not read paths (all others take the fast path). */
const SPECIAL_COMMANDS: ReadonlySet<string> = new Set([
  ...NON_READING,
  ...TABLE_ROLE_NAMES,
  ...Object.keys(OUTPUT_OPTIONS),
  ...PATTERN_COMMANDS,
  ...EXCLUDERS,
]);

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
  const skip = notReadIndexes(inner, base);
  const reads = TABLE_ROLE_NAMES.has(base) ? tableRoles(inner, base, skip) : NO_READS;
  return { programs: patternWordIndexes(inner, base), skip, offset, reads };
}
