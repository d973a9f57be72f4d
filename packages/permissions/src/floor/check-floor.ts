/**
 * The built-in floor: checks no rule can override, run on every simple command the parser
 * found (nested and opaque ones included). Order: dangerous assignments, secret reads,
 * environment dumps; the first violation is returned.
 */

import { commandWordBasename } from '../shell/command-word';
import type { SimpleCommand } from '../shell/types';
import { checkAssignments } from './dangerous-variables';
import { checkEnvDumpNamed } from './env-dump';
import {
  checkDefaultAssignments,
  checkFunctionExportNamed,
  checkHiddenAssignmentsNamed,
} from './hidden-assignments';
import { inlinePrograms, stdinProgram } from './interpreter-code';
import { checkSecretReadsNamed } from './secret-reads';
import type { FloorViolation } from './types';

/**
 * Returns the first floor violation of `command`, or `undefined`.
 *
 * @example
 * const [command] = analyzeShell('LD_PRELOAD=/tmp/x.so ls').commands;
 * checkFloor(command)?.check; // 'dangerous-assignment'
 */
export function checkFloor(command: SimpleCommand): FloorViolation | undefined {
  const innerHead = command.unwrapped.argv[0];
  const outerHead = command.argv[0];
  // Every check keys on the command name (wrappers removed, or as written): work it out once.
  const innerName = innerHead === undefined ? '' : commandWordBasename(innerHead);
  const outerName =
    outerHead === undefined ? '' : outerHead === innerHead ? innerName : commandWordBasename(outerHead);
  const assigningCommand = innerHead ?? outerHead;
  // Both the secret-read and the env-dump check look inside interpreter programs.
  let programs = inlinePrograms(command.unwrapped.argv, innerName);
  // A program read from a literal here-doc is checked like an inline one (rare: no allocation otherwise).
  if (command.redirects.length > 0) {
    const fromStdin = stdinProgram(command, innerName);
    if (fromStdin) programs = [...programs, fromStdin];
  }
  return (
    checkAssignments(command.assignments, assigningCommand) ??
    checkAssignments(command.unwrapped.assignments, assigningCommand) ??
    checkHiddenAssignmentsNamed(command, outerName, innerName) ??
    checkFunctionExportNamed(command, outerName, innerName) ??
    checkDefaultAssignments(command) ??
    checkSecretReadsNamed(command, innerName, programs) ??
    checkEnvDumpNamed(command, innerName, programs)
  );
}
