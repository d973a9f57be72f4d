/**
 * Can a word that bash expands at run time turn into an option? An unquoted `*` in a
 * directory holding a file named `-delete` or `-o` becomes that flag; so does `$X` or
 * `{-o,x}`. A word is safe only when its first character is a literal that is not `-`
 * (`src/*`, `./*`, `~/x`, `"abc$X"`), since expansion never changes a literal prefix.
 */
import type { ShellWord } from '../shell/types';

const SAFE_LITERAL_START = /[A-Za-z0-9_./+,:=@%^]/;

/** True when `word` may expand to something that starts with `-`. */
export function couldExpandToFlag(word: ShellWord | undefined): boolean {
  if (!word || (!word.dynamic && !word.glob)) return false;
  const raw = word.raw;
  const first = raw[0];
  if (first === undefined) return true;
  if (first === '~') return false; // tilde expands to an absolute path (or stays literal)
  if (SAFE_LITERAL_START.test(first)) return false;
  if (first === "'" || first === '\\') {
    const next = raw[1];
    return next === undefined || next === '-' || next === "'" || next === '\n';
  }
  if (first === '"') {
    const next = raw[1];
    return next === undefined || !SAFE_LITERAL_START.test(next);
  }
  return true;
}
