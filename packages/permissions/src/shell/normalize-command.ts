/**
 * A canonical form of a command string for session-cache keys. Only what cannot change
 * meaning goes: runs of blanks *between tokens* become one space (found by the real lexer,
 * so blanks inside words, quotes, here-docs and `${...}` stay as written), and leading and
 * trailing blanks go. When the input does not parse (or is rejected, or over the length
 * cap), only leading and trailing blanks are removed. Two commands that differ in anything
 * else get different keys, which is the safe direction for an approval cache.
 */
import { DEFAULT_SHELL_LIMITS } from './analyze-shell';
import { type ParseState, ReasonSet, ShellParseAbort } from './parse-state';
import { ShellParser } from './parser';
import { scanForRejection } from './reject';

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a;
}

/** Removes leading and trailing blanks and newlines, keeping an escaped final blank. */
function trimBlanks(command: string): string {
  let start = 0;
  let end = command.length;
  while (start < end && isBlank(command.charCodeAt(start))) start++;
  while (end > start && isBlank(command.charCodeAt(end - 1))) end--;
  // A backslash before the cut escapes the next character (`echo a\ `): keep it.
  if (end < command.length && command.charCodeAt(end - 1) === 0x5c) end++;
  return command.slice(start, end);
}

/**
 * @example
 * normalizeCommand('  git   status \n') // 'git status'
 * normalizeCommand("echo 'a   b'")      // "echo 'a   b'"
 */
export function normalizeCommand(command: string): string {
  if (typeof command !== 'string') return '';
  if (command.length > DEFAULT_SHELL_LIMITS.maxLength || scanForRejection(command).reason)
    return trimBlanks(command);
  const runs: number[] = [];
  const state: ParseState = {
    commands: [],
    reasons: new ReasonSet(),
    loopAssignments: [],
    maxDepth: DEFAULT_SHELL_LIMITS.maxDepth,
    maxCommands: Number.POSITIVE_INFINITY,
  };
  try {
    new ShellParser(command, state, 0, 'top', 0).recordBlankRuns(runs).parseProgram();
  } catch (error) {
    if (error instanceof ShellParseAbort) return trimBlanks(command);
    throw error;
  }
  return normalizeWithBlankRuns(command, runs);
}

/**
 * `normalizeCommand` given the blank runs its parse would record (`analyzeShellRecordingBlanks`
 * with a complete record): the same result without parsing again.
 */
export function normalizeWithBlankRuns(command: string, runs: readonly number[]): string {
  if (runs.length === 0) return trimBlanks(command);
  const parts: string[] = [];
  let last = 0;
  for (let index = 0; index < runs.length; index += 2) {
    parts.push(command.slice(last, runs[index]), ' ');
    last = runs[index + 1] as number;
  }
  parts.push(command.slice(last));
  return trimBlanks(parts.join(''));
}
