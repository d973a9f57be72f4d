/**
 * Can a word that bash expands at run time turn into an option? An unquoted `*` in a
 * directory holding a file named `-delete` or `-o` becomes that flag; so does `$X` or
 * `{-o,x}`. A word is safe only when its first character is a literal that is not `-`
 * (`src/*`, `./*`, `~/x`, `"abc$X"`), since expansion never changes a literal prefix.
 */
import type { ShellWord } from '../shell/types';

/** 1 for a literal first character expansion cannot turn into `-`: `[A-Za-z0-9_./+,:=@%^]`. */
const SAFE_LITERAL_START = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./+,:=@%^')
  SAFE_LITERAL_START[char.charCodeAt(0)] = 1;

/** Whether `code` is in `SAFE_LITERAL_START` (a table, not a regular expression per word). */
function isSafeLiteralStart(code: number): boolean {
  return code < 0x80 && SAFE_LITERAL_START[code] === 1;
}

/** True when `word` may expand to something that starts with `-`. */
export function couldExpandToFlag(word: ShellWord | undefined): boolean {
  if (!word || (!word.dynamic && !word.glob)) return false;
  const raw = word.raw;
  if (raw.length === 0) return true;
  const first = raw.charCodeAt(0);
  if (first === 0x7e) return false; // tilde expands to an absolute path (or stays literal)
  if (isSafeLiteralStart(first)) return false;
  // A single quote or a backslash: a literal next character, unless it is `-` or `'` (`''-x`)
  // or a newline (a line continuation).
  if (first === 0x27 || first === 0x5c) {
    if (raw.length < 2) return true;
    const next = raw.charCodeAt(1);
    return next === 0x2d || next === 0x27 || next === 0x0a;
  }
  if (first === 0x22) return raw.length < 2 || !isSafeLiteralStart(raw.charCodeAt(1));
  return true;
}
