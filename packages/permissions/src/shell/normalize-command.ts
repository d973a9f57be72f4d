/**
 * A canonical form of a command string for session-cache keys. It removes only what cannot
 * change meaning: leading and trailing blanks and newlines. (Two commands that differ in
 * anything else get different keys, which is the safe direction for an approval cache.)
 */

/**
 * @example
 * normalizeCommand('  git status \n') // 'git status'
 */
export function normalizeCommand(command: string): string {
  if (typeof command !== 'string') return '';
  let start = 0;
  let end = command.length;
  while (start < end && isBlank(command.charCodeAt(start))) start++;
  while (end > start && isBlank(command.charCodeAt(end - 1))) end--;
  // A trailing backslash-newline or an escaped blank must stay as written.
  if (end < command.length && command.charCodeAt(end - 1) === 0x5c) end = Math.min(command.length, end + 1);
  return command.slice(start, end);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a;
}
