/**
 * The name of a command word: its last path component (`/usr/bin/env` → `env`). The floor
 * computes it once per command and hands it to every check: a check that does not care
 * about the command (nearly all of them, for nearly all commands) then costs one set lookup.
 */

/** The last `/`-separated component of `word` (the whole word when it has no `/`). */
export function commandName(word: string): string {
  // Most command words have no `/`: `indexOf` answers that quickly, while V8 runs
  // `lastIndexOf` as a (slow) runtime call, and `slice` would copy the word.
  return word.indexOf('/') === -1 ? word : word.slice(word.lastIndexOf('/') + 1);
}
