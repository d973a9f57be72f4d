/**
 * The structured shell parser: a hand-written, index-based lexer and recursive-descent
 * grammar for what bash reads from `bash -c STRING`. Every simple command it meets (nested
 * ones included) is appended to the shared state; compound commands only set context and
 * depth. Each character is looked at a bounded number of times (linear time); nesting is
 * bounded by `maxDepth`, beyond which the parse is abandoned for the linear fallback scan.
 */
import { decodeAnsiC } from './ansi-c';
import { checkConditional } from './conditional';
import { fallbackScan } from './fallback-scan';
import { type ParseState, ShellParseAbort } from './parse-state';
import { type OperatorToken, REDIRECT_OPERATORS, type Token, type WordToken } from './tokens';
import type { ShellAssignment, ShellContext, ShellRedirect, ShellWord, SimpleCommand } from './types';
import { type UnwrapHost, unwrapCommand } from './unwrap';
import {
  ANSI_C_NON_ASCII,
  ARITHMETIC,
  addKindReasons,
  BRACE,
  COMMAND_SUBSTITUTION,
  GLOB,
  LOCALE_STRING,
  PARAMETER,
  PROCESS_SUBSTITUTION,
  TILDE,
} from './word-kinds';

const DECLARATION_BUILTINS: ReadonlySet<string> = new Set([
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
]);
const UNEXPECTED_RESERVED: ReadonlySet<string> = new Set([
  'in',
  ']]',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'esac',
  '}',
]);
const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'case',
  'esac',
  'while',
  'until',
  'for',
  'select',
  'function',
  'time',
  'coproc',
  '{',
  '}',
  '!',
  '[[',
  ']]',
  'in',
]);
const ARRAY_START = /^[A-Za-z_][A-Za-z0-9_]*\[/;
const STOP_THEN = new Set(['then']);
const STOP_ELSE = new Set(['elif', 'else', 'fi']);
const STOP_FI = new Set(['fi']);
const STOP_DO = new Set(['do']);
const STOP_DONE = new Set(['done']);
const STOP_BRACE = new Set(['}']);
const STOP_ESAC = new Set(['esac']);
const NO_WORDS: ReadonlySet<string> = new Set();
const NO_OPS: ReadonlySet<string> = new Set();
const STOP_PAREN: ReadonlySet<string> = new Set([')']);
const STOP_CASE_ITEM: ReadonlySet<string> = new Set([';;', ';&', ';;&']);

interface PendingHeredoc {
  delimiter: string;
  quoted: boolean;
  stripTabs: boolean;
}

function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Characters that end an unquoted word: blank, newline, `; & | ( ) < >`. */
function isMeta(code: number): boolean {
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
 * The text of a word that could be a reserved word: unquoted and without expansions (line
 * continuations are already gone, as they are for bash). Undefined for anything else.
 */
function plainText(token: Token): string | undefined {
  return token.type === 'word' && !token.word.quoted && token.kinds === 0 ? token.word.value : undefined;
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

/** One parser over one source string; nested `$( )` reuse it, backticks and `sh -c` strings get a child. */
export class ShellParser implements UnwrapHost {
  private pos = 0;
  private peeked: Token | undefined;
  private heredocs: PendingHeredoc[] = [];
  private assignOk = true;
  private context: ShellContext;
  private depth: number;
  private expansionDepth = 0;

  constructor(
    private readonly source: string,
    private readonly state: ParseState,
    depth: number,
    context: ShellContext,
    private readonly base: number,
  ) {
    this.depth = depth;
    this.context = context;
    if (depth > state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
  }

  /** Runs of blanks between tokens (not inside words, quotes or here-docs), as start/end pairs. */
  private blankRuns: number[] | undefined;

  /** Records into `runs` every run of blanks the lexer skips between tokens of this source. */
  recordBlankRuns(runs: number[]): this {
    this.blankRuns = runs;
    return this;
  }

  /** Parses the whole source as a list of commands. */
  parseProgram(): void {
    this.parseList(NO_WORDS, NO_OPS);
    const token = this.peek();
    if (token.type !== 'eof') this.syntaxError(token);
  }

  // ---------------------------------------------------------------- lexer

  private syntaxError(token?: Token): never {
    const where = token ? token.start + this.base : this.pos + this.base;
    throw new ShellParseAbort(`syntax error near offset ${where}`);
  }

  private peek(): Token {
    if (this.peeked === undefined) this.peeked = this.lex();
    return this.peeked;
  }

  private next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  private skipBlanks(): void {
    const source = this.source;
    const length = source.length;
    while (this.pos < length) {
      const code = source.charCodeAt(this.pos);
      if (code === 0x20 || code === 0x09) {
        const start = this.pos;
        let tab = code === 0x09;
        this.pos++;
        for (;;) {
          const next = source.charCodeAt(this.pos);
          if (next !== 0x20 && next !== 0x09) break;
          if (next === 0x09) tab = true;
          this.pos++;
        }
        if (this.blankRuns && (tab || this.pos - start > 1)) this.blankRuns.push(start, this.pos);
      } else if (code === 0x5c && source.charCodeAt(this.pos + 1) === 0x0a) {
        this.pos += 2;
      } else if (code === 0x23) {
        const newline = source.indexOf('\n', this.pos);
        this.pos = newline < 0 ? length : newline;
      } else {
        return;
      }
    }
  }

  private lex(): Token {
    this.skipBlanks();
    const source = this.source;
    const start = this.pos;
    if (start >= source.length) return { type: 'eof', start, end: start };
    const code = source.charCodeAt(start);
    const next = source.charCodeAt(start + 1);
    switch (code) {
      case 0x0a:
        this.pos++;
        if (this.heredocs.length > 0) this.readHeredocBodies();
        return { type: 'newline', start, end: start + 1 };
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
    const after = source.charCodeAt(this.pos);
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

  private operator(op: string, start: number): OperatorToken {
    this.pos = start + op.length;
    return { type: 'op', op, start, end: this.pos };
  }

  /** Reads one word starting at `pos` (which is not blank and not an operator). */
  private readWord(): WordToken {
    const source = this.source;
    const length = source.length;
    const start = this.pos;
    let value = '';
    let quoted = false;
    let kinds = 0;
    let bracketOpen = false;
    let braceOpen = false;
    let braceSeparator = false;
    let run = start;
    let assignEquals = -2; // -2: not checked yet
    while (this.pos < length) {
      const code = source.charCodeAt(this.pos);
      if (isMeta(code)) {
        if ((code === 0x3c || code === 0x3e) && source.charCodeAt(this.pos + 1) === 0x28) {
          value += source.slice(run, this.pos);
          value += this.readProcessSubstitution();
          kinds |= PROCESS_SUBSTITUTION;
          run = this.pos;
          continue;
        }
        if (code === 0x28 && this.assignOk && this.pos > start && source.charCodeAt(this.pos - 1) === 0x3d) {
          const raw = source.slice(start, this.pos);
          if (assignmentEquals(raw) === raw.length - 1) {
            value += source.slice(run, this.pos);
            const array = this.readArrayValue();
            value += array.text;
            kinds |= array.kinds;
            if (array.quoted) quoted = true;
            run = this.pos;
            continue;
          }
        }
        break;
      }
      switch (code) {
        case 0x5c: {
          // backslash
          value += source.slice(run, this.pos);
          if (this.pos + 1 >= length) {
            // bash -c keeps a final backslash; a script file would join the next line.
            value += '\\';
            this.pos++;
            this.state.reasons.add('backslash at end of input');
          } else if (source.charCodeAt(this.pos + 1) === 0x0a) {
            this.pos += 2;
          } else {
            value += source[this.pos + 1];
            quoted = true;
            this.pos += 2;
          }
          run = this.pos;
          continue;
        }
        case 0x27: {
          value += source.slice(run, this.pos);
          const close = source.indexOf("'", this.pos + 1);
          if (close < 0) this.syntaxError();
          value += source.slice(this.pos + 1, close);
          quoted = true;
          this.pos = close + 1;
          run = this.pos;
          continue;
        }
        case 0x22: {
          value += source.slice(run, this.pos);
          this.pos++;
          const inner = this.readDoubleQuoted();
          value += inner.text;
          kinds |= inner.kinds;
          quoted = true;
          run = this.pos;
          continue;
        }
        case 0x24: {
          value += source.slice(run, this.pos);
          const dollar = this.readDollar(false);
          value += dollar.text;
          kinds |= dollar.kinds;
          if (dollar.quoted) quoted = true;
          run = this.pos;
          continue;
        }
        case 0x60: {
          value += source.slice(run, this.pos);
          value += this.readBacktick(false);
          kinds |= COMMAND_SUBSTITUTION;
          run = this.pos;
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
          if (braceOpen && source.charCodeAt(this.pos + 1) === 0x2e) braceSeparator = true;
          break;
        case 0x7d: // }
          if (braceOpen && braceSeparator) kinds |= BRACE;
          break;
        case 0x7e: // ~
          if (this.pos === start) {
            kinds |= TILDE;
          } else {
            const previous = source.charCodeAt(this.pos - 1);
            if (previous === 0x3d || previous === 0x3a) {
              if (assignEquals === -2) assignEquals = assignmentEquals(source.slice(start, this.pos + 1));
              if (assignEquals >= 0) kinds |= TILDE;
            }
          }
          break;
      }
      this.pos++;
    }
    value += source.slice(run, this.pos);
    const raw = source.slice(start, this.pos);
    const word: ShellWord = { value, raw, dynamic: kinds !== 0, glob: (kinds & GLOB) !== 0, quoted };
    const token: WordToken = { type: 'word', word, start, end: this.pos, kinds };
    // Line continuations are gone before bash looks at a word's shape.
    const shape = raw.includes('\\\n') ? raw.split('\\\n').join('') : raw;
    const equals = assignmentEquals(shape);
    if (equals < 0 && this.assignOk && ARRAY_START.test(shape) && !shape.includes(']')) {
      // bash reads `name[` here as the start of a subscript, up to a `]` past blanks.
      this.state.reasons.add('unterminated array subscript');
    }
    if (equals > 0) {
      const nameEnd = shape.charCodeAt(equals - 1) === 0x2b ? equals - 1 : equals;
      const bracket = shape.indexOf('[');
      const name = shape.slice(0, bracket > 0 && bracket < nameEnd ? bracket : nameEnd);
      const prefix = shape.slice(0, equals + 1);
      const plainPrefix = !/["'\\$`]/.test(prefix);
      token.assignment = {
        name,
        value: plainPrefix ? value.slice(equals + 1) : value,
        dynamic: kinds !== 0 || !plainPrefix || nameEnd !== equals,
      };
    }
    return token;
  }

  /** After `NAME=(`: reads the array's words up to `)`. */
  private readArrayValue(): { text: string; kinds: number; quoted: boolean } {
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

  /** Reads a double-quoted string body; `pos` is just after the opening quote. */
  private readDoubleQuoted(): { text: string; kinds: number } {
    const source = this.source;
    const length = source.length;
    let text = '';
    let kinds = 0;
    let run = this.pos;
    while (this.pos < length) {
      const code = source.charCodeAt(this.pos);
      if (code === 0x22) {
        text += source.slice(run, this.pos);
        this.pos++;
        return { text, kinds };
      }
      if (code === 0x5c) {
        const next = source.charCodeAt(this.pos + 1);
        if (next === 0x24 || next === 0x60 || next === 0x22 || next === 0x5c || next === 0x0a) {
          text += source.slice(run, this.pos);
          if (next !== 0x0a) text += source[this.pos + 1];
          this.pos += 2;
          run = this.pos;
        } else {
          this.pos++;
        }
        continue;
      }
      if (code === 0x24) {
        text += source.slice(run, this.pos);
        const dollar = this.readDollar(true);
        text += dollar.text;
        kinds |= dollar.kinds;
        run = this.pos;
        continue;
      }
      if (code === 0x60) {
        text += source.slice(run, this.pos);
        text += this.readBacktick(true);
        kinds |= COMMAND_SUBSTITUTION;
        run = this.pos;
        continue;
      }
      this.pos++;
    }
    return this.syntaxError();
  }

  /** Reads an expansion starting with `$` at `pos`. */
  private readDollar(inDoubleQuotes: boolean): { text: string; kinds: number; quoted?: boolean } {
    // `${` nests without entering a new command context; bound it like the other nesting.
    if (++this.expansionDepth > this.state.maxDepth * 2) {
      throw new ShellParseAbort('nesting deeper than the depth cap');
    }
    try {
      return this.readDollarAt(inDoubleQuotes);
    } finally {
      this.expansionDepth--;
    }
  }

  private readDollarAt(inDoubleQuotes: boolean): { text: string; kinds: number; quoted?: boolean } {
    const source = this.source;
    const start = this.pos;
    const next = source.charCodeAt(start + 1);
    if (next === 0x27 && !inDoubleQuotes) {
      const decoded = decodeAnsiC(source, start + 2);
      if (!decoded) this.syntaxError();
      this.pos = decoded.end;
      return { text: decoded.value, kinds: decoded.uncertain ? ANSI_C_NON_ASCII : 0, quoted: true };
    }
    if (next === 0x22 && !inDoubleQuotes) {
      this.pos += 2;
      const inner = this.readDoubleQuoted();
      return { text: inner.text, kinds: inner.kinds | LOCALE_STRING, quoted: true };
    }
    if (next === 0x28) {
      if (source.charCodeAt(start + 2) === 0x28) {
        const end = this.findArithmeticEnd(start + 3);
        if (end >= 0) {
          this.scanExpansions(start + 3, end - 2);
          this.pos = end;
          return { text: source.slice(start, end), kinds: ARITHMETIC };
        }
      }
      this.pos = start + 2;
      this.parseNestedUntilParen('command-substitution');
      return { text: source.slice(start, this.pos), kinds: COMMAND_SUBSTITUTION };
    }
    if (next === 0x7b) {
      this.pos = start + 2;
      const kinds = this.skipBraceParameter(inDoubleQuotes);
      return { text: source.slice(start, this.pos), kinds: PARAMETER | kinds };
    }
    if (next === 0x5b) {
      const close = this.findMatchingBracket(start + 2);
      this.scanExpansions(start + 2, close);
      this.pos = close + 1;
      return { text: source.slice(start, this.pos), kinds: ARITHMETIC };
    }
    if (isNameStart(next)) {
      let end = start + 2;
      while (end < source.length && isNameChar(source.charCodeAt(end))) end++;
      this.pos = end;
      return { text: source.slice(start, end), kinds: PARAMETER };
    }
    if (isSpecialParameter(next)) {
      this.pos = start + 2;
      return { text: source.slice(start, start + 2), kinds: PARAMETER };
    }
    this.pos = start + 1;
    return { text: '$', kinds: 0 };
  }

  /** `$[ ... ]` (old arithmetic): index of the matching `]`. */
  private findMatchingBracket(from: number): number {
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
  private findArithmeticEnd(from: number): number {
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
  private scanExpansions(from: number, to: number): void {
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
  private skipBraceParameter(inDoubleQuotes: boolean): number {
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
        kinds |= this.readDoubleQuoted().kinds;
      } else if (code === 0x24) {
        kinds |= this.readDollar(inDoubleQuotes).kinds;
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
  private readBacktick(inDoubleQuotes: boolean): string {
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
  private readProcessSubstitution(): string {
    const start = this.pos;
    this.pos += 2;
    this.parseNestedUntilParen('process-substitution');
    return this.source.slice(start, this.pos);
  }

  /** Parses a command list up to and including the closing `)`, in a nested context. */
  private parseNestedUntilParen(context: ShellContext): void {
    const savedAssign = this.assignOk;
    this.enter(context, () => {
      this.parseList(NO_WORDS, STOP_PAREN);
      const close = this.next();
      if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
    });
    this.assignOk = savedAssign;
  }

  private enter(context: ShellContext, body: () => void): void {
    const savedContext = this.context;
    const savedDepth = this.depth;
    this.context = context;
    this.depth++;
    if (this.depth > this.state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
    try {
      body();
    } finally {
      this.context = savedContext;
      this.depth = savedDepth;
    }
  }

  /** Reads the bodies of the here-docs pending at this newline. */
  private readHeredocBodies(): void {
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
      if (!heredoc.quoted) {
        const savedContext = this.context;
        this.scanExpansions(this.pos, bodyEnd);
        this.context = savedContext;
      }
      this.pos = after;
    }
  }

  // ---------------------------------------------------------------- grammar

  private isReserved(token: Token, word: string): boolean {
    return plainText(token) === word;
  }

  private expectWord(word: string): void {
    const token = this.next();
    if (!this.isReserved(token, word)) this.syntaxError(token);
  }

  private skipNewlines(): void {
    while (this.peek().type === 'newline') this.next();
  }

  /** A list of and-or lists separated by `;`, `&` or newlines, up to a stop word/operator. */
  private parseList(stopWords: ReadonlySet<string>, stopOps: ReadonlySet<string>): number {
    let count = 0;
    for (;;) {
      this.assignOk = true;
      this.skipNewlines();
      const token = this.peek();
      if (token.type === 'eof') return count;
      if (token.type === 'op' && stopOps.has(token.op)) return count;
      const text = plainText(token);
      if (text !== undefined && stopWords.has(text)) return count;
      const begin = this.state.commands.length;
      this.parseAndOr();
      count++;
      const separator = this.peek();
      if (separator.type === 'op' && (separator.op === ';' || separator.op === '&')) {
        this.next();
        if (separator.op === '&') this.relabel(begin, 'background');
      } else if (separator.type !== 'newline') {
        return count;
      }
    }
  }

  /** A compound command's list: bash requires at least one command in it. */
  private parseBody(stopWords: ReadonlySet<string>, stopOps: ReadonlySet<string>): void {
    if (this.parseList(stopWords, stopOps) === 0) this.syntaxError(this.peek());
  }

  /** Top-level commands in a pipeline or backgrounded get that context. */
  private relabel(begin: number, context: ShellContext): void {
    const commands = this.state.commands;
    for (let index = begin; index < commands.length; index++) {
      const command = commands[index];
      if (command && command.context === 'top') command.context = context;
    }
  }

  private parseAndOr(): void {
    this.parsePipeline();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || (token.op !== '&&' && token.op !== '||')) return;
      this.next();
      this.assignOk = true; // the next token is in command position: lex it as such
      this.skipNewlines();
      this.parsePipeline();
    }
  }

  private parsePipeline(): void {
    const begin = this.state.commands.length;
    let prefixed = false;
    for (;;) {
      this.assignOk = true;
      const token = this.peek();
      if (this.isReserved(token, '!')) {
        this.next();
        prefixed = true;
      } else if (this.isReserved(token, 'time')) {
        this.next();
        prefixed = true;
        this.assignOk = true;
        if (this.isReserved(this.peek(), '-p')) this.next();
      } else {
        break;
      }
    }
    if (prefixed && this.atCommandEnd()) return;
    this.parseCommand();
    let count = 1;
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || (token.op !== '|' && token.op !== '|&')) break;
      this.next();
      this.assignOk = true;
      this.skipNewlines();
      // `!` only starts a pipeline; after `|` bash rejects it (`time` is then a plain word).
      if (this.isReserved(this.peek(), '!')) this.syntaxError(this.peek());
      this.parseCommand();
      count++;
    }
    if (count > 1) this.relabel(begin, 'pipeline');
  }

  /** After `time` or `!`, bash accepts an empty pipeline only before `;`, a newline or the end. */
  private atCommandEnd(): boolean {
    const token = this.peek();
    if (token.type === 'eof' || token.type === 'newline') return true;
    return token.type === 'op' && token.op === ';';
  }

  private parseCommand(): void {
    const token = this.peek();
    const begin = this.state.commands.length;
    if (token.type === 'op' && token.op === '(') {
      if (this.source.charCodeAt(token.end) === 0x28) {
        const end = this.findArithmeticEnd(token.end + 1);
        if (end >= 0) {
          this.peeked = undefined;
          this.enter('command-substitution', () => this.scanExpansions(token.end + 1, end - 2));
          this.pos = end;
          this.state.reasons.add('arithmetic command');
          this.parseTrailingRedirects(begin);
          return;
        }
      }
      this.next();
      this.enter('subshell', () => {
        this.parseBody(NO_WORDS, STOP_PAREN);
        const close = this.next();
        if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
      });
      this.parseTrailingRedirects(begin);
      return;
    }
    const reserved = plainText(token);
    if (reserved !== undefined) {
      switch (reserved) {
        case 'if':
          this.next();
          this.enter('control-flow', () => this.parseIfBody());
          this.parseTrailingRedirects(begin);
          return;
        case 'while':
        case 'until':
          this.next();
          this.enter('control-flow', () => {
            this.parseBody(STOP_DO, NO_OPS);
            this.parseDoGroup();
          });
          this.parseTrailingRedirects(begin);
          return;
        case 'for':
        case 'select':
          this.next();
          this.enter('control-flow', () => this.parseForBody());
          this.parseTrailingRedirects(begin);
          return;
        case 'case':
          this.next();
          this.enter('control-flow', () => this.parseCaseBody());
          this.parseTrailingRedirects(begin);
          return;
        case '{':
          this.next();
          this.enter('group', () => {
            this.parseBody(STOP_BRACE, NO_OPS);
            this.expectWord('}');
          });
          this.parseTrailingRedirects(begin);
          return;
        case '[[':
          this.next();
          this.parseConditional();
          this.parseTrailingRedirects(begin);
          return;
        case 'function':
          this.next();
          this.parseFunctionKeyword();
          return;
        case 'coproc':
          this.next();
          this.state.reasons.add('coproc');
          this.enter('background', () => this.parseCommand());
          return;
        default:
          if (UNEXPECTED_RESERVED.has(reserved)) this.syntaxError(token);
      }
    }
    this.parseSimpleCommand();
  }

  private parseIfBody(): void {
    this.parseBody(STOP_THEN, NO_OPS);
    this.expectWord('then');
    this.parseBody(STOP_ELSE, NO_OPS);
    for (;;) {
      const token = this.next();
      if (this.isReserved(token, 'fi')) return;
      if (this.isReserved(token, 'elif')) {
        this.parseBody(STOP_THEN, NO_OPS);
        this.expectWord('then');
        this.parseBody(STOP_ELSE, NO_OPS);
        continue;
      }
      if (this.isReserved(token, 'else')) {
        this.parseBody(STOP_FI, NO_OPS);
        this.expectWord('fi');
        return;
      }
      this.syntaxError(token);
    }
  }

  /** `do list done`, or `{ list }` (bash accepts it after `for`/`select`). */
  private parseDoGroup(): void {
    const token = this.next();
    if (this.isReserved(token, 'do')) {
      this.parseBody(STOP_DONE, NO_OPS);
      this.expectWord('done');
    } else if (this.isReserved(token, '{')) {
      this.parseBody(STOP_BRACE, NO_OPS);
      this.expectWord('}');
    } else {
      this.syntaxError(token);
    }
  }

  private parseForBody(): void {
    const first = this.peek();
    if (first.type === 'op' && first.op === '(' && this.source.charCodeAt(first.end) === 0x28) {
      const end = this.findArithmeticEnd(first.end + 1);
      if (end < 0) this.syntaxError(first);
      this.peeked = undefined;
      this.scanExpansions(first.end + 1, end - 2);
      this.pos = end;
      this.state.reasons.add('arithmetic for loop');
    } else {
      const name = this.next();
      if (name.type !== 'word') this.syntaxError(name);
      this.skipNewlines();
      if (this.isReserved(this.peek(), 'in')) {
        this.next();
        this.assignOk = false;
        for (;;) {
          const token = this.peek();
          if (token.type !== 'word') break;
          this.next();
        }
      }
    }
    const separator = this.peek();
    if (separator.type === 'op' && separator.op === ';') this.next();
    this.skipNewlines();
    this.parseDoGroup();
  }

  private parseCaseBody(): void {
    this.assignOk = false;
    const subject = this.next();
    if (subject.type !== 'word') this.syntaxError(subject);
    this.skipNewlines();
    this.expectWord('in');
    for (;;) {
      this.skipNewlines();
      this.assignOk = false;
      let token = this.next();
      if (this.isReserved(token, 'esac')) return;
      if (token.type === 'op' && token.op === '(') token = this.next();
      for (;;) {
        if (token.type !== 'word') this.syntaxError(token);
        const after = this.next();
        if (after.type === 'op' && after.op === ')') break;
        if (after.type !== 'op' || after.op !== '|') this.syntaxError(after);
        token = this.next();
      }
      this.parseList(STOP_ESAC, STOP_CASE_ITEM);
      const end = this.peek();
      if (end.type === 'op' && STOP_CASE_ITEM.has(end.op)) this.next();
      else if (!this.isReserved(end, 'esac')) this.syntaxError(end);
    }
  }

  /** `[[ ... ]]`: not a command, but words inside may hold substitutions (parsed as they are read). */
  private parseConditional(): void {
    this.assignOk = false;
    const reasons: string[] = [];
    const tokens: Token[] = [];
    for (;;) {
      const token = this.next();
      if (token.type === 'eof') this.syntaxError(token);
      if (this.isReserved(token, ']]')) break;
      tokens.push(token);
      // Operands of `[[` are expanded (and arithmetic operands evaluated): substitutions run.
      if (token.type === 'word') addKindReasons(token.kinds & ~(GLOB | BRACE), reasons);
    }
    for (const reason of reasons) this.state.reasons.add(`${reason} in [[ ]]`);
    const problem = checkConditional(tokens);
    if (problem) this.state.reasons.add(problem);
  }

  private parseFunctionKeyword(): void {
    const name = this.next();
    if (name.type !== 'word') this.syntaxError(name);
    const token = this.peek();
    if (token.type === 'op' && token.op === '(') {
      this.next();
      const close = this.next();
      if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
    }
    this.parseFunctionBody();
  }

  private parseFunctionBody(): void {
    this.state.reasons.add('function definition');
    this.assignOk = true;
    this.skipNewlines();
    const begin = this.state.commands.length;
    this.enter('function', () => this.parseCommand());
    if (this.state.commands.length === begin) return;
  }

  /** Redirections after a compound command apply to every command inside it. */
  private parseTrailingRedirects(begin: number): void {
    const redirects: ShellRedirect[] = [];
    const reasons: string[] = [];
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op' || !REDIRECT_OPERATORS.has(token.op)) break;
      this.next();
      this.parseRedirect(token, redirects, reasons);
    }
    if (redirects.length === 0 && reasons.length === 0) return;
    const commands = this.state.commands;
    for (let index = begin; index < commands.length; index++) {
      const command = commands[index];
      if (!command) continue;
      command.redirects.push(...redirects);
      for (const reason of reasons)
        if (!command.opaqueReasons.includes(reason)) command.opaqueReasons.push(reason);
    }
  }

  private parseRedirect(operator: OperatorToken, redirects: ShellRedirect[], reasons: string[]): void {
    this.assignOk = false;
    const target = this.closeTarget(operator) ?? this.next();
    if (target.type !== 'word') this.syntaxError(target);
    const op = operator.op;
    const word = target.word;
    let write = op === '>' || op === '>>' || op === '>|' || op === '&>' || op === '&>>' || op === '<>';
    const read = op === '<' || op === '<>';
    if (op === '>&' || op === '<&') {
      const duplicate = /^(?:[0-9]+-?|-)$/.test(word.value) && !word.dynamic;
      if (!duplicate) {
        if (op === '>&') write = true;
        if (operator.fd === undefined && op === '>&') {
          // `>&word` with a non-number word is `&>word`.
        }
      }
      if (word.dynamic) reasons.push('dynamic redirection target');
    } else if (word.dynamic && op !== '<<' && op !== '<<-') {
      reasons.push('dynamic redirection target');
    }
    addKindReasons(target.kinds, reasons);
    if (op === '<<' || op === '<<-') {
      this.heredocs.push({ delimiter: word.value, quoted: word.quoted, stripTabs: op === '<<-' });
      if (!reasons.includes('here-document')) reasons.push('here-document');
    }
    if (operator.fdVariable) reasons.push('redirection to a named file descriptor');
    const redirect: ShellRedirect = { operator: op, target: word.value, dynamic: word.dynamic, write, read };
    if (operator.fd !== undefined) redirect.fd = operator.fd;
    redirects.push(redirect);
  }

  /**
   * After `>&` or `<&`, bash's lexer returns a `-` as a token of its own, whatever follows:
   * `>&-y` closes stdout and leaves `y` as a word.
   */
  private closeTarget(operator: OperatorToken): WordToken | undefined {
    if ((operator.op !== '>&' && operator.op !== '<&') || this.peeked !== undefined) return undefined;
    this.skipBlanks();
    if (this.source.charCodeAt(this.pos) !== 0x2d) return undefined;
    const start = this.pos++;
    return {
      type: 'word',
      word: { value: '-', raw: '-', dynamic: false, glob: false, quoted: false },
      start,
      end: this.pos,
      kinds: 0,
    };
  }

  private parseSimpleCommand(): void {
    const words: WordToken[] = [];
    const assignments: ShellAssignment[] = [];
    const redirects: ShellRedirect[] = [];
    const reasons: string[] = [];
    let declaration = false;
    const first = this.peek();
    const start = first.start;
    let end = start;
    for (;;) {
      this.assignOk = words.length === 0 || declaration;
      const token = this.peek();
      if (token.type === 'word') {
        this.next();
        end = token.end;
        if (token.assignment && (words.length === 0 || declaration)) {
          if (words.length === 0) {
            assignments.push({ ...token.assignment, form: 'prefix' });
            if (token.assignment.dynamic) addKindReasons(token.kinds, reasons);
            continue;
          }
          assignments.push({ ...token.assignment, form: 'declaration' });
        }
        words.push(token);
        addKindReasons(token.kinds, reasons);
        if (words.length === 1) {
          const text = plainText(token);
          if (
            text !== undefined &&
            RESERVED_WORDS.has(text) &&
            (assignments.length > 0 || redirects.length > 0)
          ) {
            // After a prefix, bash takes a reserved word as a plain command name, but prints
            // it back where it reads as the reserved word: too ambiguous to trust.
            reasons.push('reserved word as a command name');
          }
          declaration = DECLARATION_BUILTINS.has(plainText(token) ?? '');
          const after = this.peek();
          if (after.type === 'op' && after.op === '(' && assignments.length === 0 && redirects.length === 0) {
            this.next();
            const close = this.next();
            if (close.type !== 'op' || close.op !== ')') this.syntaxError(close);
            this.parseFunctionBody();
            return;
          }
        }
        continue;
      }
      if (token.type === 'op' && REDIRECT_OPERATORS.has(token.op)) {
        this.next();
        this.parseRedirect(token, redirects, reasons);
        end = this.pos;
        continue;
      }
      break;
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) this.syntaxError(first);
    if (words.length === 0) for (const assignment of assignments) assignment.form = 'bare';
    for (const assignment of assignments) {
      if (assignment.dynamic && !reasons.includes('dynamic assignment')) reasons.push('dynamic assignment');
    }
    this.emit(
      words.map((token) => token.word),
      () => words.map((token) => token.start),
      assignments,
      redirects,
      reasons,
      this.context,
      this.depth,
      start,
      end,
    );
  }

  // ---------------------------------------------------------------- emission (UnwrapHost)

  /** Appends one simple command, unwrapping wrappers (which may emit nested commands). */
  emit(
    words: ShellWord[],
    wordStarts: readonly number[] | (() => readonly number[]),
    assignments: ShellAssignment[],
    redirects: ShellRedirect[],
    reasons: string[],
    context: ShellContext,
    depth: number,
    start: number,
    end: number,
  ): void {
    const command: SimpleCommand = {
      argv: words.map((word) => word.value),
      words,
      assignments,
      redirects,
      unwrapped: { wrappers: [], argv: [], words: [], assignments: [] },
      context,
      depth,
      opaqueReasons: reasons,
      start: start + this.base,
      end: end + this.base,
    };
    const state = this.state;
    state.commands.push(command);
    if (state.commands.length === state.maxCommands + 1)
      state.reasons.add('more commands than the command cap');
    command.unwrapped = unwrapCommand(words, wordStarts, depth, this, command.argv);
    if (command.unwrapped.opaqueReason && !reasons.includes(command.unwrapped.opaqueReason)) {
      reasons.push(command.unwrapped.opaqueReason);
    }
  }

  /** Parses a literal script (`sh -c '...'`, `eval ...`) as nested commands. */
  parseScript(script: string, offset: number, depth: number, context: ShellContext): void {
    this.parseChild(script, offset, depth, context);
  }

  /**
   * Parses a nested script (backticks, `sh -c`, `eval`). A syntax error or cap inside it is
   * contained: the script is marked and scanned best-effort, the outer parse goes on (bash
   * too only reads such a script when it runs it).
   */
  private parseChild(script: string, offset: number, depth: number, context: ShellContext): void {
    try {
      new ShellParser(script, this.state, depth + 1, context, this.base + offset).parseProgram();
    } catch (error) {
      if (!(error instanceof ShellParseAbort)) throw error;
      this.state.reasons.add(`${error.reason.replace(/ near offset \d+/, '')} in a nested script`);
      fallbackScan(script, this.state.commands, depth + 1, this.state.maxDepth, this.base + offset);
    }
  }

  /** Emits a command found inside another's arguments (`xargs CMD`, `find -exec CMD ;`). */
  emitDerived(
    words: ShellWord[],
    wordStarts: number[],
    depth: number,
    context: ShellContext,
    reason: string,
  ): void {
    if (depth + 1 > this.state.maxDepth) throw new ShellParseAbort('nesting deeper than the depth cap');
    const reasons: string[] = [reason];
    for (const word of words)
      if (word.dynamic && !reasons.includes('dynamic word')) reasons.push('dynamic word');
    const start = wordStarts[0] ?? 0;
    const last = words.length - 1;
    const end = (wordStarts[last] ?? start) + (words[last]?.raw.length ?? 0);
    this.emit(words, wordStarts, [], [], reasons, context, depth + 1, start, end);
  }
}
