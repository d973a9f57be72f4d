/**
 * A reader of sed scripts that finds the commands which write or execute: `w FILE`,
 * `W FILE`, `e [COMMAND]`, and the `s///` flags `w FILE` and `e`. It walks addresses,
 * `!`, blocks, labels, `a/i/c` text, `y///` and `s///` with any delimiter and escapes.
 * Anything it does not recognise is a failure (the caller answers 'unknown'): a sed
 * script is a program, and guessing at one is how writes slip through.
 */

/** What a sed script does beyond reading. */
export type SedScriptVerdict =
  | { kind: 'read-only' }
  | { kind: 'write' | 'exec'; command: string }
  | { kind: 'unparsed'; reason: string };

const SIMPLE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

class SedReader {
  i = 0;
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.i];
  }
  skipBlanks(): void {
    while (this.i < this.s.length && (this.s[this.i] === ' ' || this.s[this.i] === '\t')) this.i++;
  }
  /**
   * Reads past the unescaped delimiter; returns false at end of input. In a regex (not in
   * a replacement), GNU and BSD sed skip bracket expressions whole: `/[/r]/w out` is the
   * address `[/r]` and the command `w out`, not the address `[` and `r ]/w out`.
   */
  delimited(delimiter: string, regex = false): boolean {
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === '\\') {
        this.i += 2;
        continue;
      }
      if (c === delimiter) {
        this.i++;
        return true;
      }
      if (c === '\n' && delimiter !== '\n') return false;
      this.i++;
      if (c === '[' && regex && !this.bracket()) return false;
    }
    return false;
  }
  /**
   * Reads a bracket expression after its `[` up to its `]` the way GNU sed's
   * `snarf_char_class` does: a leading `^` and `]` are members, `[:…:]`, `[.….]`, `[=…=]`
   * nest, backslashes are plain. False when a newline or the end comes first.
   */
  bracket(): boolean {
    if (this.peek() === '^') this.i++;
    if (this.peek() === ']') this.i++;
    // 0 outside a class, 1 after its `[`, 2 inside `[:`…, 3 after the closing `:`.
    let state = 0;
    let classDelimiter = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i++]!;
      if (c === '\n') return false;
      if (c === '.' || c === ':' || c === '=') {
        if (state === 1) {
          classDelimiter = c;
          state = 2;
          continue;
        }
        if (state === 2 && c === classDelimiter) {
          state = 3;
          continue;
        }
      } else if (c === '[') {
        if (state === 0) state = 1;
        continue;
      } else if (c === ']') {
        if (state === 0 || state === 1) return true;
        if (state === 3) state = 0;
      }
      state &= ~1;
    }
    return false;
  }
  restOfLine(): string {
    const start = this.i;
    while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
    return this.s.slice(start, this.i);
  }
  /**
   * A label (`:a`, `b a`, `v 4.2`), read as GNU sed's `read_label` does: it ends at a blank,
   * `;`, `}`, `#` or newline, and whatever follows is the next command — `:a w out` writes.
   */
  label(): void {
    this.skipBlanks();
    while (this.i < this.s.length && !/[ \t\n;}#]/.test(this.s[this.i]!)) this.i++;
  }
}

function readAddress(reader: SedReader): boolean {
  const c = reader.peek();
  if (c === undefined) return true;
  if (/[0-9]/.test(c)) {
    while (/[0-9~]/.test(reader.peek() ?? '')) reader.i++;
    return true;
  }
  if (c === '$') {
    reader.i++;
    return true;
  }
  if (c === '/' || c === '\\') {
    let delimiter = '/';
    if (c === '\\') {
      reader.i++;
      delimiter = reader.peek() ?? '';
      if (delimiter === '' || delimiter === '\n' || delimiter === '\\') return false;
    }
    reader.i++;
    if (!reader.delimited(delimiter, true)) return false;
    while (reader.peek() === 'I' || reader.peek() === 'M') reader.i++;
    return true;
  }
  return true;
}

function trailingBackslashes(line: string): number {
  let count = 0;
  while (count < line.length && line[line.length - 1 - count] === '\\') count++;
  return count;
}

/** Classifies one sed script text. */
export function classifySedScript(script: string): SedScriptVerdict {
  const reader = new SedReader(script);
  let depth = 0;
  while (reader.i < script.length) {
    const c0 = reader.peek()!;
    if (c0 === ' ' || c0 === '\t' || c0 === '\n' || c0 === ';') {
      reader.i++;
      continue;
    }
    if (c0 === '#') {
      reader.restOfLine();
      continue;
    }
    if (!readAddress(reader)) return { kind: 'unparsed', reason: 'unterminated address' };
    reader.skipBlanks();
    if (reader.peek() === ',') {
      reader.i++;
      reader.skipBlanks();
      if (reader.peek() === '+' || reader.peek() === '~') reader.i++;
      if (!readAddress(reader)) return { kind: 'unparsed', reason: 'unterminated address' };
      reader.skipBlanks();
    }
    while (reader.peek() === '!' || reader.peek() === ' ') reader.i++;
    const command = reader.peek();
    if (command === undefined) return { kind: 'unparsed', reason: 'address without a command' };
    reader.i++;
    if (command === '{') {
      depth++;
      continue;
    }
    if (command === '}') {
      depth--;
      if (depth < 0) return { kind: 'unparsed', reason: 'unbalanced }' };
      continue;
    }
    if (SIMPLE.has(command)) continue;
    if (command === 'q' || command === 'Q' || command === 'l' || command === 'L') {
      reader.skipBlanks();
      while (/[0-9]/.test(reader.peek() ?? '')) reader.i++;
      continue;
    }
    if (command === ':' || command === 'b' || command === 't' || command === 'T' || command === 'v') {
      reader.label();
      continue;
    }
    if (command === 'a' || command === 'i' || command === 'c') {
      // Text runs to the end of the line; a backslash escapes the next character, so only an
      // odd run of backslashes at the end continues it (`a x\\` ends, its next line is a command).
      for (;;) {
        const line = reader.restOfLine();
        if (trailingBackslashes(line) % 2 === 0 || reader.i >= script.length) break;
        reader.i++;
      }
      continue;
    }
    if (command === 'r' || command === 'R') {
      reader.restOfLine();
      continue;
    }
    if (command === 'w' || command === 'W')
      return { kind: 'write', command: `${command} ${reader.restOfLine().trim()}` };
    if (command === 'e') return { kind: 'exec', command: `e ${reader.restOfLine().trim()}`.trim() };
    if (command === 'y' || command === 's') {
      const delimiter = reader.peek();
      if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') {
        return { kind: 'unparsed', reason: `bad delimiter after ${command}` };
      }
      reader.i++;
      const start = reader.i;
      // Only the regex of `s` holds bracket expressions; BSD sed also skips them in the
      // strings of `y`, GNU sed does not, so a `y` with a `[` is read differently by the two.
      if (!reader.delimited(delimiter, command === 's') || !reader.delimited(delimiter)) {
        return { kind: 'unparsed', reason: `unterminated ${command} command` };
      }
      if (command === 'y') {
        if (script.slice(start, reader.i).includes('[')) {
          return { kind: 'unparsed', reason: 'y with [ (GNU and BSD sed read it differently)' };
        }
        continue;
      }
      while (reader.i < script.length) {
        const flag = reader.peek()!;
        if (flag === 'w') return { kind: 'write', command: `s///w ${reader.restOfLine().slice(1).trim()}` };
        if (flag === 'e') return { kind: 'exec', command: 's///e' };
        if (/[gpiImM0-9]/.test(flag)) {
          reader.i++;
          continue;
        }
        if (flag === ';' || flag === '\n' || flag === '}' || flag === ' ' || flag === '\t' || flag === '#')
          break;
        return { kind: 'unparsed', reason: `unknown s/// flag ${flag}` };
      }
      continue;
    }
    return { kind: 'unparsed', reason: `unknown sed command ${command}` };
  }
  return depth === 0 ? { kind: 'read-only' } : { kind: 'unparsed', reason: 'unbalanced {' };
}
