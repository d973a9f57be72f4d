/**
 * Tokens produced by the shell lexer. Words carry their parsed `ShellWord` plus the
 * bookkeeping the parser needs (source span, expansion kinds, assignment shape).
 */
import type { ShellWord } from './types';

/** A word token. */
export interface WordToken {
  type: 'word';
  word: ShellWord;
  start: number;
  end: number;
  /** Bit set of `word-kinds.ts` flags. */
  kinds: number;
  /** Set when the word has the shape `NAME=value`, `NAME+=value` or `NAME[sub]=value`. */
  assignment: { name: string; value: string; dynamic: boolean } | undefined;
}

/** An operator token (`;`, `&&`, `|`, `(`, a redirection operator, ...). */
export interface OperatorToken {
  type: 'op';
  op: string;
  start: number;
  end: number;
  /** Explicit fd number before a redirection operator (`2>`). */
  fd?: number;
  /** A `{name}>` style redirection: bash allocates the fd and stores it in a variable. */
  fdVariable?: boolean;
}

/** A newline (command separator). */
export interface NewlineToken {
  type: 'newline';
  start: number;
  end: number;
}

/** End of input (or of the nested string being parsed). */
export interface EndToken {
  type: 'eof';
  start: number;
  end: number;
}

export type Token = WordToken | OperatorToken | NewlineToken | EndToken;

/**
 * The one runtime shape of every token. The parser reads `type`, `start` and `op` of whatever
 * token comes next: with one hidden class (every field set in the constructor, `fd` and
 * `fdVariable` too) those reads stay monomorphic instead of seeing a shape per token kind.
 */
class TokenRecord {
  fd: number | undefined = undefined;
  fdVariable = false;
  constructor(
    readonly type: Token['type'],
    public start: number,
    readonly end: number,
    readonly op: string,
    readonly word: ShellWord | undefined,
    readonly kinds: number,
    public assignment: WordToken['assignment'],
  ) {}
}

/** A word token (its `assignment` is filled in by the lexer). */
export function wordToken(word: ShellWord, start: number, end: number, kinds: number): WordToken {
  return new TokenRecord('word', start, end, '', word, kinds, undefined) as WordToken;
}

/** An operator token. */
export function operatorToken(op: string, start: number, end: number): OperatorToken {
  return new TokenRecord('op', start, end, op, undefined, 0, undefined) as OperatorToken;
}

/** A newline token. */
export function newlineToken(start: number): NewlineToken {
  return new TokenRecord('newline', start, start + 1, '', undefined, 0, undefined) as NewlineToken;
}

/** The end-of-input token. */
export function endToken(start: number): EndToken {
  return new TokenRecord('eof', start, start, '', undefined, 0, undefined) as EndToken;
}

/** Operators that start a redirection. */
export const REDIRECT_OPERATORS: ReadonlySet<string> = new Set([
  '<',
  '>',
  '>>',
  '>|',
  '<>',
  '>&',
  '<&',
  '&>',
  '&>>',
  '<<',
  '<<-',
  '<<<',
]);
