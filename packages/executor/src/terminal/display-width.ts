/**
 * Approximate terminal column width of a string, and truncation by columns. Live progress
 * lines must fit one terminal row, or the in-place redraw (which counts rows) would leave
 * stale lines behind; East Asian wide characters and most emoji take two columns, combining
 * marks none. This is a compact approximation of Unicode East Asian Width, enough for
 * keeping a status line on one row.
 */

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function columnsOf(code: number): number {
  if ((code >= 0x0300 && code <= 0x036f) || (code >= 0x200b && code <= 0x200f) || code === 0xfe0f) return 0;
  for (const [from, to] of WIDE) if (code >= from && code <= to) return 2;
  return 1;
}

/** Terminal columns `text` occupies (approximately). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += columnsOf(character.codePointAt(0) ?? 0);
  return width;
}

/** Cuts `text` to at most `columns` columns, ending with `…` when cut. */
export function truncateToWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let width = 0;
  let out = '';
  for (const character of text) {
    const next = columnsOf(character.codePointAt(0) ?? 0);
    if (width + next > columns - 1) break;
    out += character;
    width += next;
  }
  return `${out}…`;
}
