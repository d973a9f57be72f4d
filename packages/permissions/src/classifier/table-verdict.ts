/**
 * The read-only classifier's verdict from the command table (decision 0039): the command is
 * read by the one argv reader, and it is read-only only if EVERY reading is — an argv the
 * table can read two ways (an option it does not list may or may not take the next word) is
 * read-only only if both ways are. A reading is not read-only when a word in it writes, runs
 * a program or reads what the command line does not show (a `write`, `command` or `script`
 * role, a `writes`, `runs`, `reads-listed` or `reads-options` effect), when the entry read
 * last is not on the allowlist (`readOnly`), when an option it does not list may do anything
 * (`listed-options`), or when a run-time word (a glob, `$X`) could become an option. What the
 * table cannot say as facts — a verb or operand that makes a subcommand write (`git branch
 * NAME`) — is in `table-checks.ts`.
 */
import {
  type CompiledFact,
  listedInputAt,
  type OptionDef,
  type OptionUse,
  type Reading,
  type Role,
  remoteContactAt,
  valueEffectsOf,
} from '../commands';
import type { ShellWord } from '../shell/types';
import { couldExpandToFlag } from './flag-expansion';
import { TABLE_CHECKS } from './table-checks';
import type { ClassificationResult } from './types';
import { mutating, readOnly, unknown } from './verdict';

/** Roles of a word that make a command more than a reader. */
const ACTING_ROLES: ReadonlySet<Role> = new Set<Role>(['write', 'remove', 'command', 'script']);

/** The effects of one option use: its own, and those of its value. */
function optionEffects(def: OptionDef, value: string | undefined): readonly string[] {
  if (value === undefined) return def.effects;
  const more = valueEffectsOf(def, value);
  return more === undefined ? def.effects : [...def.effects, ...more];
}

/** Which entry of the reading each argv index belongs to (the one a subcommand word opened). */
function levelAt(reading: Reading, start: number, index: number): CompiledFact {
  let level = 0;
  for (let i = start + 1; i < index; i++) if (reading.kinds[i] === 'subcommand') level++;
  return reading.facts[Math.min(level, reading.facts.length - 1)]!;
}

/**
 * The long option a prefix abbreviates among those of `level` that write, run something or
 * read what the command line does not show (`tree --from` for `--fromfile`).
 */
function actingPrefix(level: CompiledFact, word: string): OptionDef | undefined {
  if (!word.startsWith('--')) return undefined;
  const eq = word.indexOf('=');
  const name = word.slice(2, eq < 0 ? undefined : eq);
  if (name === '') return undefined;
  for (const [full, def] of level.long) {
    if (full.startsWith(name) && (ACTING_ROLES.has(def.role) || def.effects.some(isHidden))) return def;
  }
  return undefined;
}

function isActing(effect: string): boolean {
  return effect === 'writes' || effect === 'runs';
}

/** The verdict an option gives in `reading`, or undefined when it only reads. */
function optionVerdict(
  label: string,
  argv: readonly string[],
  option: OptionUse,
  def: OptionDef,
  reading: Reading,
): ClassificationResult | undefined {
  // A letter of a bundled first word (`tar xf`) is blamed by its own spelling (`-x`): a rule
  // that spells the bundle out (`Bash(tar xf:*)`) covers no other letter of it.
  const word = argv[option.index]!;
  const written = word.charCodeAt(0) === 0x2d ? word : def.spelling;
  if (ACTING_ROLES.has(def.role)) {
    const what = def.role === 'write' ? 'writes a file' : 'runs another program';
    return mutating(`${label} ${def.spelling} ${what}`, written);
  }
  for (const effect of optionEffects(def, option.value)) {
    if (effect === 'writes') return mutating(`${label} ${def.spelling} changes files or state`, written);
    if (effect === 'runs') return mutating(`${label} ${def.spelling} runs another program`, written);
    if (effect === 'reads-listed' || effect === 'reads-options') {
      const result: ClassificationResult = {
        ...unknown(
          `${label} ${def.spelling} reads what its input or a list file names, which the command line does not show`,
          written,
        ),
        prefixExcluded: true,
      };
      if (def.role === 'read' && option.value !== undefined && option.value !== '-')
        result.reads = [option.value];
      // An option without a value that makes the operands lists (`tree --fromfile a b`).
      else if (def.takes === 'none' && reading.operands.length > 0)
        result.reads = reading.operands.map((index) => argv[index]!);
      return result;
    }
  }
  return undefined;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * True when a wrapper that takes `NAME=value` words before its command (`unwrap.assignments`)
 * is given only those where its command belongs, and a lone `-` before them where it takes
 * one (`dashOperands`): no command runs (`env -i X=1` prints the environment).
 */
function onlyAssignments(argv: readonly string[], reading: Reading, level: CompiledFact): boolean {
  const unwrap = level.fact.unwrap;
  if (unwrap?.assignments !== true) return false;
  let i = reading.commandAt!;
  if (unwrap.dashOperands === true) while (argv[i] === '-') i++;
  for (; i < argv.length; i++) if (!ASSIGNMENT.test(argv[i]!)) return false;
  return true;
}

/**
 * In `find`'s words (an `operandsFirst` entry), the index of one the command does not take: an
 * option that must come before the operands (`-L`) given after one or after the expression
 * began, or a word of the expression that is neither a primary, a primary's value nor `)`.
 */
function strayWord(
  argv: readonly string[],
  start: number,
  reading: Reading,
  first: readonly string[],
): number | undefined {
  const values = new Set<number>();
  const options = new Map<number, OptionUse>();
  for (const option of reading.options) {
    options.set(option.index, option);
    if (option.valueIndex === undefined) continue;
    values.add(option.valueIndex);
    if (option.def?.second !== undefined) values.add(option.valueIndex + 1);
  }
  let begun = false;
  for (let i = start + 1; i < argv.length; i++) {
    const kind = reading.kinds[i];
    if (kind === 'option') {
      const spelling = options.get(i)?.def?.spelling;
      if (spelling !== undefined && first.includes(spelling)) {
        if (begun) return i;
      } else begun = true;
    } else if (reading.operands.includes(i)) begun = true;
    else if (kind === 'unknown' && argv[i] !== ')' && !values.has(i)) return i;
  }
  return undefined;
}

/** The verdict of one reading of `argv` (the command word at `start`). */
function readingVerdict(
  argv: readonly string[],
  words: readonly ShellWord[] | undefined,
  start: number,
  reading: Reading,
): ClassificationResult {
  const innermost = reading.facts[reading.facts.length - 1]!;
  const label = innermost.path;
  // Run-time words before the end of options (`--`, or the first operand where options stop).
  if (words !== undefined) {
    let ended = false;
    let level = 0;
    for (let i = start + 1; i < argv.length; i++) {
      const kind = reading.kinds[i];
      if (kind === 'end-of-options') {
        ended = true;
        continue;
      }
      if (!ended && couldExpandToFlag(words[i]))
        return unknown(`${label}: a run-time word (glob or expansion) could expand to an option`, argv[i]);
      if (kind === 'subcommand') {
        level++;
        ended = false;
      } else if (
        kind !== 'option' &&
        reading.operands.includes(i) &&
        reading.facts[Math.min(level, reading.facts.length - 1)]!.fact.permute === false
      )
        ended = true;
    }
  }
  for (const option of reading.options) {
    const level = levelAt(reading, start, option.index);
    if (option.def !== undefined) {
      const verdict = optionVerdict(level.path, argv, option, option.def, reading);
      if (verdict !== undefined) return verdict;
      continue;
    }
    const written = argv[option.index]!;
    if (level.fact.readOnly === 'any-option') {
      const acting = actingPrefix(level, written);
      if (acting !== undefined) {
        const verdict = optionVerdict(level.path, argv, option, acting, reading);
        if (verdict !== undefined) return verdict;
      }
      continue;
    }
    // An entry off the allowlist is not read-only whatever its options (decided below).
    if (level.fact.readOnly === undefined) continue;
    return unknown(`${level.path}: unrecognized option ${written}`, written);
  }
  const check = TABLE_CHECKS.get(reading.facts[Math.min(1, reading.facts.length - 1)]!.path);
  const checked = check?.(argv, start, reading);
  if (checked !== undefined) return checked;
  // A (sub)command that contacts a remote (`git remote show origin`: ssh, credential helpers):
  // not read-only, and not covered by a prefix rule that stops before its word.
  if (innermost.fact.contactsRemote !== undefined) {
    const at = remoteContactAt(reading, start);
    if (at !== undefined)
      return {
        ...unknown(`${label} contacts the remote (network, ssh, credential helpers)`, argv[at]),
        prefixExcluded: true,
      };
  }
  // An operand naming a list of more (`listOperands`): what it reads is not on the line.
  if (innermost.fact.listOperands !== undefined && reading.effects.has('reads-listed')) {
    const at = listedInputAt(reading, argv, start);
    if (at !== undefined)
      return {
        ...unknown(
          `${label} ${argv[at]} reads the names listed in a file, which the command line does not show`,
          argv[at],
        ),
        prefixExcluded: true,
      };
  }
  // An operand naming a file of more options (`optionFiles`: binutils' `nm @opts`, which can
  // hold `--plugin`): what they do is not on the line.
  const optionFiles = innermost.fact.optionFiles;
  if (optionFiles !== undefined && reading.effects.has('reads-options')) {
    const at = reading.operands.find((index) => argv[index]!.startsWith(optionFiles));
    if (at !== undefined)
      return {
        ...unknown(
          `${label} ${argv[at]} reads more options from a file, which the command line does not show`,
          argv[at],
        ),
        prefixExcluded: true,
      };
  }
  if (reading.unknownSubcommand !== undefined)
    return unknown(
      `${label} ${reading.unknownSubcommand} is not a known read-only subcommand`,
      reading.unknownSubcommand,
    );
  if (innermost.fact.mutates) return mutating(`${label} changes the files it names`, argv[start]);
  if (innermost.fact.readOnly === undefined) {
    const sub = reading.kinds.lastIndexOf('subcommand');
    return sub < 0
      ? unknown(`${label} is not on the read-only allowlist`, argv[start])
      : unknown(`${label} is not a known read-only subcommand`, argv[sub]);
  }
  if ((reading.commandAt !== undefined && !onlyAssignments(argv, reading, innermost)) || reading.anyLaterWord)
    return unknown(`${label} runs another command`, argv[reading.commandAt ?? start]);
  for (const index of reading.operands) {
    const kind = reading.kinds[index];
    if (kind !== undefined && ACTING_ROLES.has(kind as Role))
      return mutating(`${label} writes or runs what ${argv[index]} names`, argv[index]);
    if (kind === 'unknown' && innermost.fact.operands?.some((role) => ACTING_ROLES.has(role)))
      return unknown(`${label}: too many ways to read its arguments`, argv[index]);
  }
  const first = innermost.fact.operandsFirst;
  if (first !== undefined) {
    const stray = strayWord(argv, start, reading, first);
    if (stray !== undefined)
      return unknown(`${label}: ${argv[stray]} is not a known primary here`, argv[stray]);
  }
  return readOnly(`${label} only reads with these options`);
}

/**
 * The verdict on `argv` (the command word at `start`) from `readings`, every reading of it:
 * read-only only if every reading is; otherwise a mutating reading's verdict before an
 * unknown one's (the safe direction for prefix rules, which never cover a write flag).
 */
export function classifyReadings(
  argv: readonly string[],
  words: readonly ShellWord[] | undefined,
  start: number,
  readings: readonly Reading[],
): ClassificationResult {
  let result: ClassificationResult | undefined;
  for (const reading of readings) {
    const verdict = readingVerdict(argv, words, start, reading);
    if (verdict.classification === 'mutating') return verdict;
    if (
      result === undefined ||
      (result.classification === 'read-only' && verdict.classification !== 'read-only')
    )
      result = verdict;
  }
  return result ?? unknown('no reading');
}

/** True when an option definition writes, runs or reads what the command line does not show. */
function definesAction(def: OptionDef): boolean {
  if (ACTING_ROLES.has(def.role) || def.effects.some(isHidden)) return true;
  for (const effects of def.valueEffects.values()) if (effects.some(isHidden)) return true;
  for (const [, effects] of def.valuePatterns ?? []) if (effects.some(isHidden)) return true;
  return false;
}

function isHidden(effect: string): boolean {
  return isActing(effect) || effect === 'reads-listed' || effect === 'reads-options';
}

/**
 * True when no reading of the entry's argv can be other than read-only but for a run-time
 * word that could become an option: it allows any option, lists none that writes or runs, has
 * no operand that does, no check, no subcommand and runs no command (`cat`, `head`, `ps`).
 * Its verdict needs no reading (`classifyQuiet`).
 */
export function isQuiet(fact: CompiledFact): boolean {
  const facts = fact.fact;
  if (facts.readOnly !== 'any-option' || facts.subcommands !== undefined || facts.wrapper !== undefined)
    return false;
  if (TABLE_CHECKS.has(fact.path) || facts.operands?.some((role) => ACTING_ROLES.has(role))) return false;
  if (
    facts.contactsRemote !== undefined ||
    facts.listOperands !== undefined ||
    facts.optionFiles !== undefined
  )
    return false;
  for (const def of fact.short.values()) if (definesAction(def)) return false;
  for (const def of fact.long.values()) if (definesAction(def)) return false;
  return true;
}

/**
 * The verdict on `argv` for an entry where `isQuiet` holds: read-only unless a run-time word
 * before the end of options (`--`, or the first operand of a command that does not permute)
 * could become an option.
 */
export function classifyQuiet(
  argv: readonly string[],
  words: readonly ShellWord[] | undefined,
  fact: CompiledFact,
  name: string,
): ClassificationResult {
  if (words !== undefined) {
    const permute = fact.fact.permute !== false;
    for (let i = 1; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg === '--') break;
      if (couldExpandToFlag(words[i]))
        return unknown(`${name}: a run-time word (glob or expansion) could expand to an option`, arg);
      if (!permute && (arg.length < 2 || arg.charCodeAt(0) !== 0x2d)) break;
    }
  }
  return readOnly(`${name} only reads with these options`);
}
