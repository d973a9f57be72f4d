/**
 * The built-in floor: checks no rule can override, run on every simple command the parser
 * found (nested and opaque ones included). Order: dangerous assignments, secret reads,
 * environment dumps; the first violation is returned.
 */
import type { SimpleCommand } from '../shell/types';
import { checkAssignments } from './dangerous-variables';
import { checkEnvDump } from './env-dump';
import { checkFunctionExport, checkHiddenAssignments } from './hidden-assignments';
import { checkSecretReads } from './secret-reads';
import type { FloorViolation } from './types';

/**
 * Returns the first floor violation of `command`, or `undefined`.
 *
 * @example
 * const [command] = analyzeShell('LD_PRELOAD=/tmp/x.so ls').commands;
 * checkFloor(command)?.check; // 'dangerous-assignment'
 */
export function checkFloor(command: SimpleCommand): FloorViolation | undefined {
  const commandName = command.unwrapped.argv[0] ?? command.argv[0];
  return (
    checkAssignments(command.assignments, commandName) ??
    checkAssignments(command.unwrapped.assignments, commandName) ??
    checkHiddenAssignments(command) ??
    checkFunctionExport(command) ??
    checkSecretReads(command) ??
    checkEnvDump(command)
  );
}
