/**
 * Session approval cache keys, by tool semantics: one key for every file write (a
 * "session" grant for writing covers all writes), the exact normalized command plus the
 * working directory for bash (`rm -rf build` in one repo is not `rm -rf build` in
 * another), the tool name for everything else.
 */
import { isMcpToolName, normalizeToolName } from '../rules/tool-name';
import { DEFAULT_SHELL_LIMITS, normalizeCommand } from '../shell';
import type { BlankRunRecord } from '../shell/analyze-shell';
import { normalizeWithBlankRuns } from '../shell/normalize-command';

/** No blank runs to replace: `normalizeWithBlankRuns` then only trims the ends. */
const noRuns: readonly number[] = Object.freeze([]);

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
    command.length <= DEFAULT_SHELL_LIMITS.maxLength && isNormalWithinEnds(command)
      ? normalizeWithBlankRuns(command, noRuns)
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

/**
 * True when replacing each run with a space, then trimming, gives the command trimmed: every
 * run is one space, in order, except a run at the very start (its space is trimmed, as the
 * blanks it replaces would be: indented script lines sent alone) and one at the very end
 * that starts with a space (trimmed too; a backslash before it keeps that same space). Then
 * only the command's ends need trimming (most agent commands: no pieces to join).
 */
function singleSpaces(command: string, runs: readonly number[]): boolean {
  let last = 0;
  for (let index = 0; index < runs.length; index += 2) {
    const start = runs[index]!;
    const end = runs[index + 1]!;
    if (start < last) return false;
    last = end;
    if (start === 0) continue;
    if (command.charCodeAt(start) !== 32) return false;
    if (end !== start + 1 && end !== command.length) return false;
  }
  return true;
}

/**
 * True when `normalizeCommand(command)` is `command` with its ends trimmed: it only trims
 * blanks at the ends and collapses runs of blanks (space, tab, newline) between tokens, so
 * with no tab or newline anywhere and no double space between the first and the last
 * non-blank character, the only runs are at the ends, which trimming removes whether or not
 * they were runs (a backslash before the end keeps one space either way). The same when the
 * parse fails or the input is rejected: then `normalizeCommand` only trims. Saves a second
 * parse for most agent commands, and for indented script lines the parser rejects (`    fi`)
 * (property-tested against `normalizeCommand`).
 */
function isNormalWithinEnds(command: string): boolean {
  const length = command.length;
  let start = 0;
  while (start < length && command.charCodeAt(start) === 32) start++;
  let end = length;
  while (end > start && command.charCodeAt(end - 1) === 32) end--;
  let previousSpace = false;
  for (let index = start; index < end; index++) {
    const code = command.charCodeAt(index);
    if (code === 9 || code === 10) return false;
    const space = code === 32;
    if (space && previousSpace) return false;
    previousSpace = space;
  }
  return true;
}

/**
 * Key of any other tool: `tool:<normalized name>`; an MCP tool keys on its exact name (a grant
 * for `mcp__github__create_issue` is not one for `mcp__githubcreate__issue`).
 */
export function toolSessionKey(tool: string): string {
  return isMcpToolName(tool) ? `tool:${tool}` : `tool:${normalizeToolName(tool)}`;
}
