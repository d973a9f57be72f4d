/**
 * Makes text safe to show in a terminal when the user must judge it. A command shown for
 * approval can carry characters that change what the screen displays: a raw `\r` returns
 * the cursor so later text overwrites the start ("rm -rf ~\rls"), ANSI escape sequences
 * erase or recolor text, bidi overrides reorder it, zero-width characters hide it. Each
 * such character is replaced by a visible escape (`\r`, `\x1b`, `\u{202e}`), so what the
 * user reads is exactly what would run.
 */

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\x1b' };

// C0 controls, DEL, C1 controls; bidi marks/embeddings/overrides/isolates; zero-width and
// invisible formatting characters; line/paragraph separators; BOM; other Unicode spaces.
const HIDDEN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the class lists lone invisible/combining characters on purpose, to escape each one
  /[\u0000-\u001f\u007f-\u009f\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]/gu;

function escapeOne(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = character.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Escapes control, bidi, zero-width and other invisible characters visibly. Printable text
 * (including non-Latin scripts and emoji) is kept as is.
 *
 * @example
 * ```ts
 * visibleText('rm -rf ~\rls'); // 'rm -rf ~\\rls'
 * ```
 */
export function visibleText(text: string): string {
  return text.replace(HIDDEN, escapeOne);
}

/** True when `visibleText` would change `text`. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}
