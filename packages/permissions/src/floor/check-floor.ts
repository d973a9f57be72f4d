/**
 * The built-in floor: checks no rule can override, run on every simple command the parser
 * found (nested and opaque ones included). Order: dangerous assignments, secret reads,
 * environment dumps; the first violation is returned.
 */

import { mayPrintCredential, memoByName } from '../commands';
import { hasPatternChar, mentionsSecretFragment } from '../secrets/secret-fragments';
import { analyzeShell } from '../shell';
import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';
import { printsCredential } from './credential-commands';
import { checkAssignments } from './dangerous-variables';
import { checkEnvDumpNamed, DUMP_COMMANDS } from './env-dump';
import {
  ASSIGNING_COMMANDS,
  checkDefaultAssignments,
  checkFunctionExportNamed,
  checkHiddenAssignmentsNamed,
} from './hidden-assignments';
import {
  type InlineProgram,
  inlinePrograms,
  interpreterFamily,
  programCommandLines,
  readsWholeEnvironment,
  stdinProgram,
} from './interpreter-code';
import {
  assignedSecretRead,
  checkArgv,
  checkSecretReadsNamed,
  firstWordMayNameSecret,
  roleName,
} from './secret-reads';
import type { FloorViolation } from './types';
import { NO_READ_OPERANDS, readableWordCount } from './word-roles';

// What the checks make of a command name (bits; a name may have several): it assigns
// variables by name, has a credential-printing rule, may dump the environment, has no
// operand that is read (see `readableWordCount`). Most names have none.
const ASSIGNS = 1;
const CREDENTIALS = 2;
const DUMPS = 4;
const NO_READ = 8;
// Bits `passesQuickly` adds for a command word: its name has no operand that is read and
// spells no secret fragment and no pattern character (`echo`, `ls`, `mkdir`; not `ssh-add` or
// `[`), is an interpreter's (`interpreterFamily`), has a `[` and is not `[` itself
// (`NAME[SUB]=…`). (Asked of the command words met, not of every name the table has when the
// module loads: the fragment search compiles its expression on first use, which a new process
// deciding `git status` never needs.)
const NO_READ_PLAIN = 16;
const INTERPRETER = 32;
const BRACKET = 64;

/**
 * The bits above `name` has (0 for most names), kept per name (`memoByName`). The sets it asks
 * are derived from the command table one name at a time (`namesWhere`), so a new process tests
 * the entries of the names it meets, not the whole table (a `*` name such as
 * `docker-credential-*` is matched by `mayPrintCredential`).
 */
const nameKind = memoByName(
  (name) =>
    (ASSIGNING_COMMANDS.has(name) ? ASSIGNS : 0) |
    (mayPrintCredential(name) ? CREDENTIALS : 0) |
    (DUMP_COMMANDS.has(name) ? DUMPS : 0) |
    (NO_READ_OPERANDS.has(name) ? NO_READ : 0),
);

/**
 * True when `checkFloor` surely finds nothing, by a shortcut for the common command: no
 * wrapper, a name that assigns nothing by name, and no read redirect or inline program that
 * may name a secret. Then every check passes when the parts that can still find something,
 * run here as the full checks run them, find nothing: the assignments themselves
 * (`checkHiddenAssignmentsNamed` and `checkFunctionExportNamed` only look at assigning
 * names), `checkDefaultAssignments`, `printsCredential` and `checkEnvDumpNamed` where the
 * name has a rule, the environment-reading test of programs, and the argv part of
 * `checkSecretReadsNamed` (whose unwrapped argv is argv itself, and whose prefilters pass
 * the programs, redirects and assigned `$(< file)`). False sends the command through the
 * full checks, which decide.
 */
function passesQuickly(command: SimpleCommand, names: FloorNames | undefined): boolean {
  const { argv, unwrapped, assignments } = command;
  const head = argv[0];
  if (unwrapped.argv !== argv) return false;
  // What the command word alone tells: where its last `/` is (for its name, and for whether
  // `roleName` keeps that name), and its name's kind with the bits below. The same word as the
  // last command's (`echo` of `echo 1; echo 2`) tells the same. Every test in this function
  // only answers false, so their order does not matter.
  let slash: number;
  let name: string;
  let kind: number;
  if (head === undefined) {
    // Only assignments and redirects: `env` as a wrapper with no command would dump.
    if (unwrapped.wrappers.length > 0) return false;
    slash = -1;
    name = '';
    kind = nameKind(name);
  } else if (names !== undefined && head === names.head) {
    slash = names.slash;
    name = names.name;
    kind = names.kind;
  } else {
    slash = -1;
    let bracket = false;
    for (let i = 0; i < head.length; i++) {
      const code = head.charCodeAt(i);
      if (code === 47) slash = i;
      else if (code === 91) bracket = true;
    }
    // `commandWordBasename(head)`.
    name = slash === -1 ? head : head.slice(slash + 1);
    kind = nameKind(name);
    if ((kind & NO_READ) !== 0 && !mentionsSecretFragment(name) && !hasPatternChar(name))
      kind |= NO_READ_PLAIN;
    if (interpreterFamily(name) !== undefined) kind |= INTERPRETER;
    // `NAME[SUB]=…` as the command word (`[ -f x ]` is not one).
    if (bracket && head !== '[') kind |= BRACKET;
    if (names !== undefined) {
      names.head = head;
      names.slash = slash;
      names.name = name;
      names.kind = kind;
    }
  }
  if ((kind & (BRACKET | ASSIGNS)) !== 0) return false;
  if (
    (assignments.length > 0 || unwrapped.assignments.length > 0) &&
    (checkAssignments(assignments, head) !== undefined ||
      checkAssignments(unwrapped.assignments, head) !== undefined ||
      assignedSecretRead(assignments) !== undefined ||
      assignedSecretRead(unwrapped.assignments) !== undefined)
  ) {
    return false;
  }
  // `programsOf` finds no program for a name that is no interpreter's.
  const programs = (kind & INTERPRETER) !== 0 ? programsOf(command, name) : NO_PROGRAMS;
  for (let i = 0; i < programs.length; i++) {
    const { family, code } = programs[i]!;
    if (mentionsSecretFragment(code) || readsWholeEnvironment(family, code)) return false;
    if (programCommandLines(family, code).length > 0) return false;
  }
  if ((kind & CREDENTIALS) !== 0 && printsCredential(command, name)) return false;
  if ((kind & DUMPS) !== 0 && checkEnvDumpNamed(command, name, programs) !== undefined) return false;
  if (mayAssignDefault(command) && checkDefaultAssignments(command) !== undefined) return false;
  // The redirect part of `checkSecretReadsNamed`.
  const redirects = command.redirects;
  for (let i = 0; i < redirects.length; i++) {
    const { target, dynamic, read, operator } = redirects[i]!;
    if (
      read &&
      !operator.startsWith('<<') &&
      (mentionsSecretFragment(target) || (dynamic && hasPatternChar(target)))
    )
      return false;
  }
  if (head === undefined) return true;
  // The argv part of `checkSecretReadsNamed`, as it runs it (the rest passed above). For a
  // bare name with the NO_READ_PLAIN bit (`echo`, the most common command) the only word it
  // reads is the name itself (see below), which spells no fragment or pattern: nothing to find.
  if ((kind & NO_READ_PLAIN) !== 0 && slash === -1) return true;
  const roles = slash === -1 ? name : roleName(head, name);
  // `readableWordCount(command, roles)`: for the name itself it is 1, since a name with the
  // NO_READ bit is in its list and the unwrapped argv is argv itself (checked above).
  const count = (kind & NO_READ) === 0 ? argv.length : roles === name ? 1 : readableWordCount(command, roles);
  const first = firstWordMayNameSecret(command, count);
  return first === -1 || checkArgv(command, roles, first) === undefined;
}

const NO_PROGRAMS: readonly InlineProgram[] = [];

/**
 * What `passesQuickly` worked out from the last command word it saw (see there), for the
 * next command with the same word. One per evaluation (owned by its `HandedLines`), never
 * shared between calls.
 */
export class FloorNames {
  head: string | undefined = undefined;
  slash = -1;
  name = '';
  /** `nameKind(name)` with the bits `passesQuickly` adds. */
  kind = 0;
}

/**
 * False when `checkDefaultAssignments` surely finds nothing: it only reads a word, assignment
 * value or redirect target that has an expansion and spells `${` (the same tests, in index
 * loops; most commands have none).
 */
function mayAssignDefault(command: SimpleCommand): boolean {
  const { words, assignments, redirects } = command;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.dynamic && word.raw.includes('${')) return true;
  }
  for (let i = 0; i < assignments.length; i++) {
    const assignment = assignments[i]!;
    if (assignment.dynamic && assignment.value.includes('${')) return true;
  }
  for (let i = 0; i < redirects.length; i++) {
    const redirect = redirects[i]!;
    if (redirect.dynamic && redirect.target.includes('${')) return true;
  }
  return false;
}

/** The interpreter programs of a command: inline ones, and one from a literal here-doc. */
function programsOf(command: SimpleCommand, name: string): readonly InlineProgram[] {
  let programs = inlinePrograms(command.unwrapped.argv, name);
  // Rare: no allocation otherwise.
  if (command.redirects.length > 0) {
    const fromStdin = stdinProgram(command, name);
    if (fromStdin) programs = [...programs, fromStdin];
  }
  return programs;
}

/**
 * Returns the first floor violation of `command`, or `undefined`.
 *
 * @example
 * const [command] = analyzeShell('LD_PRELOAD=/tmp/x.so ls').commands;
 * checkFloor(command)?.check; // 'dangerous-assignment'
 */
export function checkFloor(command: SimpleCommand): FloorViolation | undefined {
  return passesQuickly(command, undefined) ? undefined : checkFloorFully(command);
}

/**
 * `checkFloor`, told what the evaluation's last command word was found to be (`names`, which
 * it updates): one evaluation's commands often share their word.
 */
export function checkFloorNamed(command: SimpleCommand, names: FloorNames): FloorViolation | undefined {
  return passesQuickly(command, names) ? undefined : checkFloorFully(command);
}

/** `checkFloor` without its shortcut: every check runs (exported for the shortcut's tests). */
export function checkFloorFully(command: SimpleCommand): FloorViolation | undefined {
  const innerHead = command.unwrapped.argv[0];
  const outerHead = command.argv[0];
  // Every check keys on the command name (wrappers removed, or as written): work it out once.
  const innerName = innerHead === undefined ? '' : commandWordBasename(innerHead);
  const outerName =
    outerHead === undefined ? '' : outerHead === innerHead ? innerName : commandWordBasename(outerHead);
  const assigningCommand = innerHead ?? outerHead;
  // Both the secret-read and the env-dump check look inside interpreter programs; one read
  // from a literal here-doc is checked like an inline one.
  const programs = programsOf(command, innerName);
  return (
    checkAssignments(command.assignments, assigningCommand) ??
    checkAssignments(command.unwrapped.assignments, assigningCommand) ??
    checkHiddenAssignmentsNamed(command, outerName, innerName) ??
    checkFunctionExportNamed(command, outerName, innerName) ??
    checkDefaultAssignments(command) ??
    checkSecretReadsNamed(command, innerName, programs) ??
    checkEnvDumpNamed(command, innerName, programs) ??
    checkProgramCommands(programs)
  );
}

/**
 * The floor on the literal command lines inline programs run (`os.system('env')`,
 * `io.popen("cat .env")`, `` `env` ``): each is read as shell and checked like a command of
 * its own. A command line built at run time is never allowed by a prefix rule instead
 * (`computedInlineCode`).
 */
function checkProgramCommands(programs: readonly InlineProgram[]): FloorViolation | undefined {
  for (let i = 0; i < programs.length; i++) {
    const { family, code } = programs[i]!;
    for (const line of programCommandLines(family, code)) {
      for (const inner of analyzeShell(line).commands) {
        const found = checkFloor(inner);
        if (found) return found;
      }
    }
  }
  return undefined;
}
