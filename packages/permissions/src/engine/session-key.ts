/**
 * Session approval cache keys, by tool semantics: one key for every file write (a
 * "session" grant for writing covers all writes), the exact normalized command plus the
 * working directory for bash (`rm -rf build` in one repo is not `rm -rf build` in
 * another), the tool name for everything else.
 */
import { normalizeToolName } from '../rules/tool-name';
import { DEFAULT_SHELL_LIMITS, normalizeCommand } from '../shell';
import type { BlankRunRecord } from '../shell/analyze-shell';
import { normalizeWithBlankRuns } from '../shell/normalize-command';

/** The key shared by all file writes. */
export const fileWriteSessionKey = 'file-write';

/**
 * Key of a bash command: `bash:<cwd>\u0000<normalized command>`.
 *
 * @example
 * ```ts
 * bashSessionKey('git  status', '/repo'); // 'bash:/repo\u0000git status'
 * ```
 */
export function bashSessionKey(command: string, cwd: string | undefined): string {
  // Over the length cap `normalizeCommand` only trims the ends: no need to scan it all first.
  const normal =
    command.length <= DEFAULT_SHELL_LIMITS.maxLength && isNormal(command)
      ? command
      : normalizeCommand(command);
  return `bash:${cwd ?? ''}\u0000${normal}`;
}

/**
 * `bashSessionKey` for a command already parsed by `analyzeShellRecordingBlanks`: with a
 * complete record the normalized form comes from the recorded blank runs, not a second parse.
 */
export function bashSessionKeyOfParsed(
  command: string,
  cwd: string | undefined,
  blanks: BlankRunRecord,
): string {
  // A complete record is exactly what `normalizeCommand` would find, so no scan is needed
  // either (with no recorded runs, only the ends are looked at).
  if (!blanks.complete) return bashSessionKey(command, cwd);
  const runs = blanks.runs;
  return `bash:${cwd ?? ''}\u0000${normalizeWithBlankRuns(command, singleSpaces(command, runs) ? noRuns : runs)}`;
}

const noRuns: readonly number[] = Object.freeze([]);

/**
 * True when every run is one space, in order: replacing each with a space then gives the
 * command back, so only its ends need trimming (most agent commands: no pieces to join).
 */
function singleSpaces(command: string, runs: readonly number[]): boolean {
  let last = 0;
  for (let index = 0; index < runs.length; index += 2) {
    const start = runs[index]!;
    if (start < last || runs[index + 1] !== start + 1 || command.charCodeAt(start) !== 32) return false;
    last = start + 1;
  }
  return true;
}

/**
 * True when `normalizeCommand(command)` would return `command` unchanged: it only trims
 * blanks at the ends and collapses runs of blanks (space, tab, newline) between tokens, so a
 * command with no tab or newline, no double space and no blank at either end is already
 * normal. Saves a second parse for most agent commands (property-tested against
 * `normalizeCommand`).
 */
function isNormal(command: string): boolean {
  const length = command.length;
  if (length === 0) return true;
  if (command.charCodeAt(0) === 32 || command.charCodeAt(length - 1) === 32) return false;
  let previousSpace = false;
  for (let index = 0; index < length; index++) {
    const code = command.charCodeAt(index);
    if (code === 9 || code === 10) return false;
    const space = code === 32;
    if (space && previousSpace) return false;
    previousSpace = space;
  }
  return true;
}

/** Key of any other tool: `tool:<normalized name>`. */
export function toolSessionKey(tool: string): string {
  return `tool:${normalizeToolName(tool)}`;
}
