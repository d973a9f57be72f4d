/**
 * The shell lexer: a hand-written, index-based tokenizer for what bash reads from
 * `bash -c STRING`. It does bash's quote removal while reading a word, reads here-doc bodies
 * at the newline after their operator, and hands every nested command list it meets
 * (`$( )`, backticks, `<( )`, here-doc substitutions) to the grammar in `parser.ts`. Each
 * character is looked at a bounded number of times; nesting is bounded by `maxDepth`.
 */

import { decodeAnsiC } from './ansi-c';
import { funsubEnd, opensFunsub } from './funsub';
import { isNameChar, isNameStart } from './names';
import { type ParseState, ShellParseAbort } from './parse-state';
import {
  endToken,
  newlineToken,
  type OperatorToken,
  operatorToken,
  REDIRECT_OPERATORS,
  type Token,
  type WordToken,
  wordToken,
} from './tokens';
import type { ShellContext, ShellWord, SimpleCommand } from './types';
import {
  ANSI_C_NON_ASCII,
  ARITHMETIC,
  BRACE,
  COMMAND_SUBSTITUTION,
  GLOB,
  LOCALE_STRING,
  PARAMETER,
  PROCESS_SUBSTITUTION,
  TILDE,
} from './word-kinds';

/** Classes of ASCII characters in `readWord`: most are ordinary and only extend the word. */
const ORDINARY = 0;
/** Ends an unquoted word (see `isMeta`), unless it starts `<(`, `>(` or `NAME=(`. */
const META = 1;
/** Quotes, expansions, glob, brace, tilde and assignment characters: looked at one by one. */
const SPECIAL = 2;
const WORD_CHARACTERS = new Uint8Array(0x80);
for (const character of ' \t\n;&|()<>') WORD_CHARACTERS[character.charCodeAt(0)] = META;
for (const character of '\\\'"$`*?[]{},.=~') WORD_CHARACTERS[character.charCodeAt(0)] = SPECIAL;

/** The simple command a here-doc belongs to, filled in once the command is emitted. */
export interface HeredocOwner {
  command?: SimpleCommand;
  /** Bodies read before the command was emitted (the newline is lexed as lookahead). */
  bodies?: { body: string; offset: number }[];
}

interface PendingHeredoc {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
  owner?: HeredocOwner;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Characters that end an unquoted word: blank, newline, `; & | ( ) < >`. */
export function isMeta(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x09 ||
    code === 0x0a ||
    code === 0x3b ||
    code === 0x26 ||
    code === 0x7c ||
    code === 0x28 ||
    code === 0x29 ||
    code === 0x3c ||
    code === 0x3e
  );
}

/** Special single-character parameters after `$`. */
function isSpecialParameter(code: number): boolean {
  // @ * # ? - $ ! and digits
  return (
    code === 0x40 ||
    code === 0x2a ||
    code === 0x23 ||
    code === 0x3f ||
    code === 0x2d ||
    code === 0x24 ||
    code === 0x21 ||
    isDigit(code)
  );
}

/**
 * Returns the index of the `=` of an assignment word (`NAME=`, `NAME+=`, `NAME[...]=`), or -1.
 */
function assignmentEquals(raw: string): number {
  if (raw.length < 2 || !isNameStart(raw.charCodeAt(0))) return -1;
  let index = 1;
  while (index < raw.length && isNameChar(raw.charCodeAt(index))) index++;
  if (raw.charCodeAt(index) === 0x5b) {
    const close = raw.indexOf(']', index + 1);
    if (close < 0) return -1;
    index = close + 1;
  }
  if (raw.charCodeAt(index) === 0x2b) index++;
  return raw.charCodeAt(index) === 0x3d ? index : -1;
}

/** Whether `text` starts with `NAME[` (what bash reads as the start of an array subscript). */
function startsWithSubscript(text: string): boolean {
  if (!isNameStart(text.charCodeAt(0))) return false;
  let index = 1;
  while (index < text.length && isNameChar(text.charCodeAt(index))) index++;
  return text.charCodeAt(index) === 0x5b;
}

/** Tokens of one source string, with the hooks the grammar implements for nested lists. */
export abstract class ShellLexer {
  /** Index of the next unread character of `source`. */
  protected pos = 0;
  /** One token of lookahead. */
  protected peeked: Token | undefined;
  /** Here-docs whose bodies start after the next newline. */
  protected heredocs: PendingHeredoc[] = [];
  /** Whether a word read now may be an assignment (`NAME=(...)` arrays are read as one word). */
  protected assignOk = true;
  /** Context and depth given to the simple commands found now. */
  protected context: ShellContext;
  protected depth: number;
  /** Nesting of `${ ... }` and friends inside one word. */
  protected expansionDepth = 0;
  /**
   * Kinds and quoting of the part `readDoubleQuoted` or `readDollar` just read: fields rather
   * than a result object per quoted string or expansion. Read right after the call, before
   * anything else can read another part.
   */
  protected partKinds = 0;
  protected partQuoted = false;

  constructor(
    protected readonly source: string,
    protected readonly state: ParseState,
    depth: number,
    context: ShellContext,
    protected readonly base: number,
  ) {
    this.depth = depth;
    this.context = context;
    if (depth > state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
  }

  /** Runs of blanks between tokens (not inside words, quotes or here-docs), as start/end pairs. */
  protected blankRuns: number[] | undefined;

  /** Records into `runs` every run of blanks the lexer skips between tokens of this source. */
  recordBlankRuns(runs: number[]): this {
    this.blankRuns = runs;
    return this;
  }

  protected syntaxError(token?: Token): never {
    const where = token ? token.start + this.base : this.pos + this.base;
    throw new ShellParseAbort(`syntax error near offset ${where}`);
  }

  protected peek(): Token {
    if (this.peeked === undefined) this.peeked = this.lex();
    return this.peeked;
  }

  protected next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  protected skipBlanks(): void {
    const source = this.source;
    const length = source.length;
    // A local position, written back once: this runs before every token.
    let pos = this.pos;
    while (pos < length) {
      const code = source.charCodeAt(pos);
      if (code === 0x20 || code === 0x09) {
        const start = pos;
        let tab = code === 0x09;
        pos++;
        for (;;) {
          const next = pos < length ? source.charCodeAt(pos) : -1;
          if (next !== 0x20 && next !== 0x09) break;
          if (next === 0x09) tab = true;
          pos++;
        }
        if (this.blankRuns && (tab || pos - start > 1)) this.blankRuns.push(start, pos);
      } else if (code === 0x5c && source.charCodeAt(pos + 1) === 0x0a) {
        pos += 2;
      } else if (code === 0x23) {
        const newline = source.indexOf('\n', pos);
        pos = newline < 0 ? length : newline;
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  protected lex(): Token {
    this.skipBlanks();
    const source = this.source;
    const length = source.length;
    const start = this.pos;
    if (start >= length) return endToken(start);
    const code = source.charCodeAt(start);
    // No read past the end here (nor of `after` below), though it would give a harmless NaN:
    // once a `charCodeAt` has read past the end, V8 compiles it as a call to the generic
    // builtin, and these two run for nearly every token (a command's last word ends the input).
    const next = start + 1 < length ? source.charCodeAt(start + 1) : -1;
    switch (code) {
      case 0x0a:
        this.pos++;
        if (this.heredocs.length > 0) this.readHeredocBodies();
        return newlineToken(start);
      case 0x3b: // ;
        if (next === 0x3b) return this.operator(source.charCodeAt(start + 2) === 0x26 ? ';;&' : ';;', start);
        return this.operator(next === 0x26 ? ';&' : ';', start);
      case 0x26: // &
        if (next === 0x26) return this.operator('&&', start);
        if (next === 0x3e) return this.operator(source.charCodeAt(start + 2) === 0x3e ? '&>>' : '&>', start);
        return this.operator('&', start);
      case 0x7c: // |
        if (next === 0x7c) return this.operator('||', start);
        return this.operator(next === 0x26 ? '|&' : '|', start);
      case 0x28:
        return this.operator('(', start);
      case 0x29:
        return this.operator(')', start);
      case 0x3c: // <
        if (next === 0x28) break;
        if (next === 0x3c) {
          const third = source.charCodeAt(start + 2);
          return this.operator(third === 0x3c ? '<<<' : third === 0x2d ? '<<-' : '<<', start);
        }
        if (next === 0x3e) return this.operator('<>', start);
        return this.operator(next === 0x26 ? '<&' : '<', start);
      case 0x3e: // >
        if (next === 0x28) break;
        if (next === 0x3e) return this.operator('>>', start);
        if (next === 0x7c) return this.operator('>|', start);
        return this.operator(next === 0x26 ? '>&' : '>', start);
    }
    const word = this.readWord();
    const after = this.pos < length ? source.charCodeAt(this.pos) : -1;
    if ((after === 0x3c || after === 0x3e) && source.charCodeAt(this.pos + 1) !== 0x28) {
      // Quote removal has not happened yet for bash at this point, but line continuations
      // have: `2\<newline>>` is `2>`. A quoted or expanded word is never an fd number.
      const raw = word.word.quoted || word.kinds !== 0 ? '' : word.word.value;
      let digits = raw.length > 0;
      for (let index = 0; index < raw.length && digits; index++) digits = isDigit(raw.charCodeAt(index));
      const named =
        !digits &&
        raw.length > 2 &&
        raw[0] === '{' &&
        raw[raw.length - 1] === '}' &&
        /^\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(raw);
      if (digits || named) {
        const operator = this.lex();
        if (operator.type === 'op' && REDIRECT_OPERATORS.has(operator.op)) {
          operator.start = word.start;
          if (digits) operator.fd = Number(raw);
          else operator.fdVariable = true;
          return operator;
        }
        this.syntaxError(operator);
      }
    }
    return word;
  }

  protected operator(op: string, start: number): OperatorToken {
    this.pos = start + op.length;
    return operatorToken(op, start, this.pos);
  }

  /** Reads one word starting at `pos` (which is not blank and not an operator). */
  protected readWord(): WordToken {
    const source = this.source;
    const length = source.length;
    const start = this.pos;
    let pos = start;
    let value = '';
    let quoted = false;
    let kinds = 0;
    let bracketOpen = false;
    let braceOpen = false;
    let braceSeparator = false;
    let equalsSeen = false;
    // Some part went through quote removal or a reader of its own (quotes, backslash, `$`,
    // backticks, `<(`, `NAME=(`): only then can `value` differ from the raw text, and only then
    // can the raw text hold quotes, backslashes or expansions. Plain words skip that work.
    let consumed = false;
    let run = start;
    let assignEquals = -2; // -2: not checked yet
    while (pos < length) {
      const code = source.charCodeAt(pos);
      const kind = code < 0x80 ? (WORD_CHARACTERS[code] as number) : ORDINARY;
      if (kind === ORDINARY) {
        pos++;
        continue;
      }
      if (kind === META) {
        if ((code === 0x3c || code === 0x3e) && source.charCodeAt(pos + 1) === 0x28) {
          value += source.slice(run, pos);
          this.pos = pos;
          value += this.readProcessSubstitution();
          pos = this.pos;
          kinds |= PROCESS_SUBSTITUTION;
          consumed = true;
          run = pos;
          continue;
        }
        if (code === 0x28 && this.assignOk && pos > start && source.charCodeAt(pos - 1) === 0x3d) {
          const raw = source.slice(start, pos);
          if (assignmentEquals(raw) === raw.length - 1) {
            value += source.slice(run, pos);
            this.pos = pos;
            const array = this.readArrayValue();
            pos = this.pos;
            value += array.text;
            kinds |= array.kinds;
            if (array.quoted) quoted = true;
            consumed = true;
            run = pos;
            continue;
          }
        }
        break;
      }
      switch (code) {
        case 0x5c: {
          // backslash
          value += source.slice(run, pos);
          consumed = true;
          if (pos + 1 >= length) {
            // bash -c keeps a final backslash; a script file would join the next line.
            value += '\\';
            pos++;
            this.state.reasons.add('backslash at end of input');
          } else if (source.charCodeAt(pos + 1) === 0x0a) {
            pos += 2;
          } else {
            value += source[pos + 1];
            quoted = true;
            pos += 2;
          }
          run = pos;
          continue;
        }
        case 0x27: {
          value += source.slice(run, pos);
          const close = source.indexOf("'", pos + 1);
          if (close < 0) {
            this.pos = pos;
            this.syntaxError();
          }
          value += source.slice(pos + 1, close);
          quoted = true;
          consumed = true;
          pos = close + 1;
          run = pos;
          continue;
        }
        case 0x22: {
          value += source.slice(run, pos);
          this.pos = pos + 1;
          value += this.readDoubleQuoted();
          pos = this.pos;
          kinds |= this.partKinds;
          quoted = true;
          consumed = true;
          run = pos;
          continue;
        }
        case 0x24: {
          value += source.slice(run, pos);
          this.pos = pos;
          value += this.readDollar(false);
          pos = this.pos;
          kinds |= this.partKinds;
          if (this.partQuoted) quoted = true;
          consumed = true;
          run = pos;
          continue;
        }
        case 0x60: {
          value += source.slice(run, pos);
          this.pos = pos;
          value += this.readBacktick(false);
          pos = this.pos;
          kinds |= COMMAND_SUBSTITUTION;
          consumed = true;
          run = pos;
          continue;
        }
        case 0x2a: // *
        case 0x3f: // ?
          kinds |= GLOB;
          break;
        case 0x5b: // [
          bracketOpen = true;
          break;
        case 0x5d: // ]
          if (bracketOpen) kinds |= GLOB;
          break;
        case 0x7b: // {
          braceOpen = true;
          break;
        case 0x2c: // ,
          if (braceOpen) braceSeparator = true;
          break;
        case 0x2e: // .
          if (braceOpen && source.charCodeAt(pos + 1) === 0x2e) braceSeparator = true;
          break;
        case 0x7d: // }
          if (braceOpen && braceSeparator) kinds |= BRACE;
          break;
        case 0x3d: // =
          equalsSeen = true;
          break;
        case 0x7e: // ~
          if (pos === start) {
            kinds |= TILDE;
          } else {
            const previous = source.charCodeAt(pos - 1);
            if (previous === 0x3d || previous === 0x3a) {
              if (assignEquals === -2) assignEquals = assignmentEquals(source.slice(start, pos + 1));
              if (assignEquals >= 0) kinds |= TILDE;
            }
          }
          break;
      }
      pos++;
    }
    this.pos = pos;
    const raw = source.slice(start, pos);
    let shape = raw;
    let equals = -1;
    if (consumed) {
      value += source.slice(run, pos);
      // Line continuations are gone before bash looks at a word's shape.
      if (raw.includes('\\\n')) shape = raw.split('\\\n').join('');
      equals = assignmentEquals(shape);
    } else {
      // Nothing was consumed: the value is the raw text, and no `=` means no assignment.
      value = raw;
      if (equalsSeen) equals = assignmentEquals(raw);
    }
    // A locale string (`$"env"`) is its own text unless a message catalog says otherwise (the
    // floor makes TEXTDOMAIN/TEXTDOMAINDIR off limits): the checks read it as written, so
    // `$"sudo" env` is an environment dump; its reason still makes the command opaque.
    const word: ShellWord = {
      value,
      raw,
      dynamic: (kinds & ~LOCALE_STRING) !== 0,
      glob: (kinds & GLOB) !== 0,
      quoted,
    };
    const token = wordToken(word, start, pos, kinds);
    if (
      equals < 0 &&
      this.assignOk &&
      (consumed || bracketOpen) &&
      startsWithSubscript(shape) &&
      !shape.includes(']')
    ) {
      // bash reads `name[` here as the start of a subscript, up to a `]` past blanks.
      this.state.reasons.add('unterminated array subscript');
    }
    if (equals > 0) {
      const nameEnd = shape.charCodeAt(equals - 1) === 0x2b ? equals - 1 : equals;
      const bracket = shape.indexOf('[');
      const name = shape.slice(0, bracket > 0 && bracket < nameEnd ? bracket : nameEnd);
      // Without anything consumed there is no quote, backslash or expansion in the prefix.
      const plainPrefix = !consumed || !/["'\\$`]/.test(shape.slice(0, equals + 1));
      token.assignment = {
        name,
        value: plainPrefix ? value.slice(equals + 1) : value,
        dynamic: kinds !== 0 || !plainPrefix || nameEnd !== equals,
      };
    }
    return token;
  }

  /** After `NAME=(`: reads the array's words up to `)`. */
  protected readArrayValue(): { text: string; kinds: number; quoted: boolean } {
    this.pos++; // (
    const values: string[] = [];
    let kinds = 0;
    let quoted = false;
    const saved = this.assignOk;
    this.assignOk = false;
    for (;;) {
      this.skipBlanks();
      const code = this.source.charCodeAt(this.pos);
      if (code === 0x0a) {
        this.pos++;
        continue;
      }
      if (code === 0x29) {
        this.pos++;
        break;
      }
      if (this.pos >= this.source.length || isMeta(code)) this.syntaxError();
      const word = this.readWord();
      values.push(word.word.value);
      kinds |= word.kinds;
      if (word.word.quoted) quoted = true;
    }
    this.assignOk = saved;
    return { text: `(${values.join(' ')})`, kinds, quoted };
  }

  /**
   * Reads a double-quoted string body; `pos` is just after the opening quote. Returns the text
   * after quote removal; its expansion kinds are left in `partKinds`.
   */
  protected readDoubleQuoted(): string {
    const source = this.source;
    const length = source.length;
    let text = '';
    let kinds = 0;
    // A local position, written back around the readers it calls (and on every exit).
    let pos = this.pos;
    let run = pos;
    while (pos < length) {
      const code = source.charCodeAt(pos);
      if (code === 0x22) {
        text += source.slice(run, pos);
        this.pos = pos + 1;
        this.partKinds = kinds;
        return text;
      }
      if (code === 0x5c) {
        const next = source.charCodeAt(pos + 1);
        if (next === 0x24 || next === 0x60 || next === 0x22 || next === 0x5c || next === 0x0a) {
          text += source.slice(run, pos);
          if (next !== 0x0a) text += source[pos + 1];
          pos += 2;
          run = pos;
        } else {
          pos++;
        }
        continue;
      }
      if (code === 0x24) {
        text += source.slice(run, pos);
        this.pos = pos;
        text += this.readDollar(true);
        pos = this.pos;
        kinds |= this.partKinds;
        run = pos;
        continue;
      }
      if (code === 0x60) {
        text += source.slice(run, pos);
        this.pos = pos;
        text += this.readBacktick(true);
        pos = this.pos;
        kinds |= COMMAND_SUBSTITUTION;
        run = pos;
        continue;
      }
      pos++;
    }
    this.pos = pos;
    return this.syntaxError();
  }

  /**
   * Reads an expansion starting with `$` at `pos`. Returns its text (decoded for `$'...'` and
   * `$"..."`); its kinds are left in `partKinds`, and whether it was quoted in `partQuoted`.
   */
  protected readDollar(inDoubleQuotes: boolean): string {
    // `${` nests without entering a new command context; bound it like the other nesting.
    if (++this.expansionDepth > this.state.maxDepth * 2) {
      throw new ShellParseAbort('nesting deeper than the depth cap');
    }
    if (this.source.charCodeAt(this.pos + 1) === 0x5c && this.source.charCodeAt(this.pos + 2) === 0x0a) {
      // bash joins `$\<newline>HOME` into `$HOME` before reading the expansion.
      this.state.reasons.add('line continuation inside an expansion');
    }
    // No finally: an abort abandons this whole lexer, so the depth needs no restoring then.
    const result = this.readDollarAt(inDoubleQuotes);
    this.expansionDepth--;
    return result;
  }

  protected readDollarAt(inDoubleQuotes: boolean): string {
    const source = this.source;
    const start = this.pos;
    const next = source.charCodeAt(start + 1);
    if (next === 0x27 && !inDoubleQuotes) {
      const decoded = decodeAnsiC(source, start + 2);
      if (!decoded) this.syntaxError();
      this.pos = decoded.end;
      return this.part(decoded.value, decoded.uncertain ? ANSI_C_NON_ASCII : 0, true);
    }
    if (next === 0x22 && !inDoubleQuotes) {
      this.pos += 2;
      const text = this.readDoubleQuoted();
      return this.part(text, this.partKinds | LOCALE_STRING, true);
    }
    if (next === 0x28) {
      if (source.charCodeAt(start + 2) === 0x28) {
        const end = this.findArithmeticEnd(start + 3);
        if (end >= 0) {
          this.scanExpansions(start + 3, end - 2);
          this.pos = end;
          return this.part(source.slice(start, end), ARITHMETIC, false);
        }
      }
      this.pos = start + 2;
      this.parseNestedUntilParen('command-substitution');
      return this.part(source.slice(start, this.pos), COMMAND_SUBSTITUTION, false);
    }
    if (next === 0x7b) {
      if (opensFunsub(source, start)) {
        // `${ cmd; }` / `${| cmd; }` (bash 5.3): a command substitution (see `funsub.ts`).
        const from = start + (source.charCodeAt(start + 2) === 0x7c ? 3 : 2);
        const end = funsubEnd(source, from);
        if (end < 0) this.syntaxError();
        this.parseChild(source.slice(from, end), from, this.depth, 'command-substitution');
        this.pos = end + 1;
        return this.part(source.slice(start, this.pos), COMMAND_SUBSTITUTION, false);
      }
      this.pos = start + 2;
      const kinds = this.skipBraceParameter(inDoubleQuotes);
      return this.part(source.slice(start, this.pos), PARAMETER | kinds, false);
    }
    if (next === 0x5b) {
      const close = this.findMatchingBracket(start + 2);
      this.scanExpansions(start + 2, close);
      this.pos = close + 1;
      return this.part(source.slice(start, this.pos), ARITHMETIC, false);
    }
    if (isNameStart(next)) {
      let end = start + 2;
      while (end < source.length && isNameChar(source.charCodeAt(end))) end++;
      this.pos = end;
      return this.part(source.slice(start, end), PARAMETER, false);
    }
    if (isSpecialParameter(next)) {
      this.pos = start + 2;
      return this.part(source.slice(start, start + 2), PARAMETER, false);
    }
    this.pos = start + 1;
    return this.part('$', 0, false);
  }

  /** Returns `text` with its kinds and quoting left in `partKinds` and `partQuoted`. */
  private part(text: string, kinds: number, quoted: boolean): string {
    this.partKinds = kinds;
    this.partQuoted = quoted;
    return text;
  }

  /** `$[ ... ]` (old arithmetic): index of the matching `]`. */
  protected findMatchingBracket(from: number): number {
    let depth = 0;
    for (let index = from; index < this.source.length; index++) {
      const code = this.source.charCodeAt(index);
      if (code === 0x5b) depth++;
      else if (code === 0x5d) {
        if (depth === 0) return index;
        depth--;
      }
    }
    return this.syntaxError();
  }

  /**
   * From just after `$((` or `((`: the index just past the closing `))`, or -1 when the
   * parentheses close in a way that makes this a nested subshell instead.
   */
  protected findArithmeticEnd(from: number): number {
    const source = this.source;
    let depth = 0;
    let index = from;
    while (index < source.length) {
      const code = source.charCodeAt(index);
      if (code === 0x5c) {
        index += 2;
        continue;
      }
      if (code === 0x27 || code === 0x22) {
        const close = source.indexOf(code === 0x27 ? "'" : '"', index + 1);
        if (close < 0) return -1;
        index = close + 1;
        continue;
      }
      if (code === 0x28) depth++;
      else if (code === 0x29) {
        if (depth === 0) return source.charCodeAt(index + 1) === 0x29 ? index + 2 : -1;
        depth--;
      }
      index++;
    }
    return -1;
  }

  /** Finds command substitutions inside arithmetic or here-doc text in `[from, to)`. */
  protected scanExpansions(from: number, to: number): void {
    const source = this.source;
    this.pos = from;
    while (this.pos < to) {
      const code = source.charCodeAt(this.pos);
      if (code === 0x5c) this.pos += 2;
      else if (code === 0x24) this.readDollar(true);
      else if (code === 0x60) this.readBacktick(true);
      else this.pos++;
    }
  }

  /** After `${`: skips to the matching `}`, parsing substitutions inside. Returns extra kinds. */
  protected skipBraceParameter(inDoubleQuotes: boolean): number {
    const source = this.source;
    let kinds = 0;
    while (this.pos < source.length) {
      const code = source.charCodeAt(this.pos);
      if (code === 0x7d) {
        this.pos++;
        return kinds;
      }
      if (code === 0x5c) {
        this.pos += 2;
      } else if (code === 0x27 && !inDoubleQuotes) {
        const close = source.indexOf("'", this.pos + 1);
        if (close < 0) this.syntaxError();
        this.pos = close + 1;
      } else if (code === 0x22) {
        this.pos++;
        this.readDoubleQuoted();
        kinds |= this.partKinds;
      } else if (code === 0x24) {
        this.readDollar(inDoubleQuotes);
        kinds |= this.partKinds;
      } else if (code === 0x60) {
        this.readBacktick(inDoubleQuotes);
        kinds |= COMMAND_SUBSTITUTION;
      } else {
        this.pos++;
      }
    }
    return this.syntaxError();
  }

  /** Reads `` `...` `` at `pos`, parsing its body as commands. Returns the raw text. */
  protected readBacktick(inDoubleQuotes: boolean): string {
    const source = this.source;
    const start = this.pos;
    let body = '';
    let run = start + 1;
    let index = start + 1;
    for (;;) {
      if (index >= source.length) this.syntaxError();
      const code = source.charCodeAt(index);
      if (code === 0x60) break;
      if (code === 0x5c) {
        const next = source.charCodeAt(index + 1);
        if (next === 0x24 || next === 0x60 || next === 0x5c || (inDoubleQuotes && next === 0x22)) {
          body += source.slice(run, index);
          run = index + 1;
        }
        index += 2;
        continue;
      }
      index++;
    }
    body += source.slice(run, index);
    this.pos = index + 1;
    this.parseChild(body, start + 1, this.depth, 'command-substitution');
    return source.slice(start, this.pos);
  }

  /** Reads `<( ... )` or `>( ... )` at `pos`. Returns the raw text. */
  protected readProcessSubstitution(): string {
    const start = this.pos;
    this.pos += 2;
    this.parseNestedUntilParen('process-substitution');
    return this.source.slice(start, this.pos);
  }

  /** Reads the bodies of the here-docs pending at this newline. */
  protected readHeredocBodies(): void {
    const pending = this.heredocs;
    this.heredocs = [];
    const source = this.source;
    for (const heredoc of pending) {
      let lineStart = this.pos;
      let bodyEnd = source.length;
      let after = source.length;
      while (lineStart < source.length) {
        let lineEnd = source.indexOf('\n', lineStart);
        if (lineEnd < 0) lineEnd = source.length;
        let textStart = lineStart;
        if (heredoc.stripTabs) while (source.charCodeAt(textStart) === 0x09) textStart++;
        if (
          lineEnd - textStart === heredoc.delimiter.length &&
          source.startsWith(heredoc.delimiter, textStart)
        ) {
          bodyEnd = lineStart;
          after = Math.min(lineEnd + 1, source.length);
          break;
        }
        lineStart = lineEnd + 1;
      }
      const bodyStart = this.pos;
      if (!heredoc.quoted) {
        const savedContext = this.context;
        this.scanExpansions(this.pos, bodyEnd);
        this.context = savedContext;
      }
      const owner = heredoc.owner;
      if (owner) {
        let body = source.slice(bodyStart, bodyEnd);
        if (heredoc.stripTabs) body = body.replace(/^\t+/gm, '');
        if (owner.command) this.heredocScript(owner.command, body, bodyStart);
        else (owner.bodies ??= []).push({ body, offset: bodyStart });
      }
      this.pos = after;
    }
  }

  /**
   * After `>&` or `<&`, bash's lexer returns a `-` as a token of its own, whatever follows:
   * `>&-y` closes stdout and leaves `y` as a word.
   */
  protected closeTarget(operator: OperatorToken): WordToken | undefined {
    if ((operator.op !== '>&' && operator.op !== '<&') || this.peeked !== undefined) return undefined;
    this.skipBlanks();
    if (this.source.charCodeAt(this.pos) !== 0x2d) return undefined;
    const start = this.pos++;
    return wordToken(
      { value: '-', raw: '-', dynamic: false, glob: false, quoted: false },
      start,
      this.pos,
      0,
    );
  }

  /** Parses a command list up to and including the closing `)`, in a nested context. */
  protected abstract parseNestedUntilParen(context: ShellContext): void;

  /** Called with each here-doc body of a simple command (a shell reading it runs it as a script). */
  protected abstract heredocScript(command: SimpleCommand, body: string, offset: number): void;

  /** Parses a nested script (backticks, `sh -c`): contained, it never aborts the outer parse. */
  protected abstract parseChild(script: string, offset: number, depth: number, context: ShellContext): void;
}
