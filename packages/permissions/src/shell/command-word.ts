/** Helpers about the command word of a simple command. */

/**
 * The basename of a command word: `/usr/bin/rm` → `rm`. Quote removal has already happened,
 * so `\rm` and `"rm"` arrive here as `rm`.
 *
 * @example
 * commandWordBasename('/bin/rm') // 'rm'
 */
export function commandWordBasename(word: string): string {
  // A loop, not `lastIndexOf`: this runs for every command, and the builtin is a slow call.
  for (let index = word.length - 1; index >= 0; index--) {
    if (word.charCodeAt(index) === 0x2f) return word.slice(index + 1);
  }
  return word;
}

/** Shells whose `-c STRING` runs STRING as a script: the command table's (`kind: 'shell'`). */
export { SHELL_NAMES } from '../commands';
