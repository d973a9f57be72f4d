/** Helpers about the command word of a simple command. */

/**
 * The basename of a command word: `/usr/bin/rm` → `rm`. Quote removal has already happened,
 * so `\rm` and `"rm"` arrive here as `rm`.
 *
 * @example
 * commandWordBasename('/bin/rm') // 'rm'
 */
export function commandWordBasename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

/** Shells whose `-c STRING` runs STRING as a script. */
export const SHELL_NAMES: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'ash',
  'mksh',
  'yash',
  'rbash',
  'fish',
]);
