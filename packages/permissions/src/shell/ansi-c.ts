/**
 * Decoding of bash's ANSI-C quoting, `$'...'`. Decoding is exact for ASCII results; escapes
 * whose meaning depends on the locale or that produce raw bytes (`\u`, `\U`, `\x80`+, octal
 * above 0177, `\c`) are flagged so the word is treated as dynamic.
 */

/** Result of decoding the body of one `$'...'` string. */
export interface AnsiCDecoded {
  value: string;
  /** Index just past the closing quote. */
  end: number;
  /** True when an escape's result depends on the locale or is not plain ASCII. */
  uncertain: boolean;
}

/** One-character escapes (`\n`, `\t`, …) and what they stand for (also printf's, in `engine/written-scripts.ts`). */
export const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

function isOctal(code: number): boolean {
  return code >= 0x30 && code <= 0x37;
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/**
 * Decodes from `start` (just after `$'`) up to the closing `'`.
 * Returns undefined when the string is not terminated.
 */
export function decodeAnsiC(source: string, start: number): AnsiCDecoded | undefined {
  const parts: string[] = [];
  let uncertain = false;
  let run = start;
  let index = start;
  const length = source.length;
  while (index < length) {
    const code = source.charCodeAt(index);
    if (code === 0x27) {
      parts.push(source.slice(run, index));
      return { value: parts.join(''), end: index + 1, uncertain };
    }
    if (code !== 0x5c) {
      index++;
      continue;
    }
    parts.push(source.slice(run, index));
    const next = source[index + 1];
    if (next === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      parts.push(simple);
      index += 2;
    } else if (isOctal(next.charCodeAt(0))) {
      let end = index + 1;
      while (end < index + 4 && end < length && isOctal(source.charCodeAt(end))) end++;
      const value = Number.parseInt(source.slice(index + 1, end), 8) & 0xff;
      if (value > 0x7f || value === 0) uncertain = true;
      parts.push(String.fromCharCode(value));
      index = end;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const max = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      let end = index + 2;
      while (end < index + 2 + max && end < length && isHex(source.charCodeAt(end))) end++;
      if (end === index + 2) {
        parts.push(`\\${next}`);
      } else {
        const value = Number.parseInt(source.slice(index + 2, end), 16);
        if (next !== 'x' || value > 0x7f || value === 0) uncertain = true;
        parts.push(value <= 0x10ffff ? String.fromCodePoint(value) : '\ufffd');
      }
      index = end;
    } else if (next === 'c') {
      uncertain = true;
      const control = source[index + 2];
      if (control === undefined) return undefined;
      parts.push(String.fromCharCode(control.charCodeAt(0) & 0x1f));
      index += 3;
    } else {
      parts.push(`\\${next}`);
      index += 2;
    }
    run = index;
  }
  return undefined;
}
