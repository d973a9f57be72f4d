/**
 * Session approval cache keys, by tool semantics: one key for every file write (a
 * "session" grant for writing covers all writes), the exact normalized command plus the
 * working directory for bash (`rm -rf build` in one repo is not `rm -rf build` in
 * another), the tool name for everything else.
 */
import { normalizeToolName } from '../rules/tool-name';
import { normalizeCommand } from '../shell';

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
  return `bash:${cwd ?? ''}\u0000${normalizeCommand(command)}`;
}

/** Key of any other tool: `tool:<normalized name>`. */
export function toolSessionKey(tool: string): string {
  return `tool:${normalizeToolName(tool)}`;
}
