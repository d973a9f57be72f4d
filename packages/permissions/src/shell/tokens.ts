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
