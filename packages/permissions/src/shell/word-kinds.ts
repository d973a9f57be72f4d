/**
 * Bit flags for the kinds of run-time expansion found in a word, and the opaque reason each
 * one gives. A word with any of these has a `value` that must not be trusted as the final
 * argument.
 */

export const PARAMETER = 1;
export const COMMAND_SUBSTITUTION = 2;
export const ARITHMETIC = 4;
export const PROCESS_SUBSTITUTION = 8;
export const GLOB = 16;
export const BRACE = 32;
export const TILDE = 64;
export const ANSI_C_NON_ASCII = 128;
export const LOCALE_STRING = 256;

const REASONS: ReadonlyArray<readonly [number, string]> = [
  [PARAMETER, 'parameter expansion'],
  [COMMAND_SUBSTITUTION, 'command substitution'],
  [ARITHMETIC, 'arithmetic expansion'],
  [PROCESS_SUBSTITUTION, 'process substitution'],
  [GLOB, 'unquoted glob'],
  [BRACE, 'brace expansion'],
  [TILDE, 'tilde expansion'],
  [ANSI_C_NON_ASCII, 'ANSI-C string with locale-dependent escapes'],
  [LOCALE_STRING, 'locale-translated string'],
];

/** The kinds' bits and reasons apart, in the same order: read by index, not destructured. */
const REASON_BITS: readonly number[] = REASONS.map(([bit]) => bit);
const REASON_TEXTS: readonly string[] = REASONS.map(([, reason]) => reason);

/** Appends the reason of every kind set in `kinds` to `out` (no duplicates). */
export function addKindReasons(kinds: number, out: string[]): void {
  // Asked for every word of a command, most often with one kind (a `$NAME`): an index loop
  // that stops once no bit is left.
  let left = kinds;
  for (let index = 0; left !== 0 && index < REASON_BITS.length; index++) {
    const bit = REASON_BITS[index]!;
    if ((left & bit) === 0) continue;
    left &= ~bit;
    const reason = REASON_TEXTS[index]!;
    if (!out.includes(reason)) out.push(reason);
  }
}
