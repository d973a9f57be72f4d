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

const SIMPLE = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'l', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

class SedReader {
  i = 0;
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.i];
  }
  skipBlanks(): void {
    while (this.i < this.s.length && (this.s[this.i] === ' ' || this.s[this.i] === '\t')) this.i++;
  }
  /** Reads up to (not including) the unescaped delimiter; returns false at end of input. */
  delimited(delimiter: string): boolean {
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
    }
    return false;
  }
  restOfLine(): string {
    const start = this.i;
    while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
    return this.s.slice(start, this.i);
  }
  /** Label or similar: up to `;` or newline. */
  word(): string {
    const start = this.i;
    while (this.i < this.s.length && this.s[this.i] !== '\n' && this.s[this.i] !== ';') this.i++;
    return this.s.slice(start, this.i).trim();
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
    if (!reader.delimited(delimiter)) return false;
    while (reader.peek() === 'I' || reader.peek() === 'M') reader.i++;
    return true;
  }
  return true;
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
    if (command === 'q' || command === 'Q' || command === 'L') {
      reader.skipBlanks();
      while (/[0-9]/.test(reader.peek() ?? '')) reader.i++;
      continue;
    }
    if (command === ':' || command === 'b' || command === 't' || command === 'T' || command === 'v') {
      reader.word();
      continue;
    }
    if (command === 'a' || command === 'i' || command === 'c') {
      // Text runs to the end of the line; a trailing backslash continues it.
      for (;;) {
        const line = reader.restOfLine();
        if (!line.endsWith('\\') || reader.i >= script.length) break;
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
      if (!reader.delimited(delimiter) || !reader.delimited(delimiter)) {
        return { kind: 'unparsed', reason: `unterminated ${command} command` };
      }
      if (command === 'y') continue;
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
