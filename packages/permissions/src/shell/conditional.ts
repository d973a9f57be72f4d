/**
 * Checks the expression of a `[[ ... ]]` against bash's conditional grammar, which bash
 * enforces at parse time (`[[ a b ]]` is a syntax error). The expression is not a command,
 * so a mismatch only makes the analysis opaque (fail closed) instead of guessing how bash
 * would read it. `=~` patterns, which bash lexes with their own rules, are never trusted.
 */
import type { Token } from './tokens';

const UNARY: ReadonlySet<string> = new Set(
  'a b c d e f g h k p r s t u w x G L N O S o v R n z'.split(' ').map((letter) => `-${letter}`),
);
const BINARY: ReadonlySet<string> = new Set([
  '==',
  '=',
  '!=',
  '<',
  '>',
  '-eq',
  '-ne',
  '-lt',
  '-le',
  '-gt',
  '-ge',
  '-nt',
  '-ot',
  '-ef',
]);

/** Thrown to give up on an expression; no `Error`: a stack trace would cost more than the check. */
class Reject {}

/** Returns undefined when `tokens` (between `[[` and `]]`) form a valid expression, else a reason. */
export function checkConditional(tokens: readonly Token[]): string | undefined {
  let index = 0;
  const peek = (): Token | undefined => tokens[index];
  const isWord = (token: Token | undefined, text?: string): boolean =>
    token?.type === 'word' && (text === undefined || (!token.word.quoted && token.word.raw === text));
  const isOp = (token: Token | undefined, op: string): boolean => token?.type === 'op' && token.op === op;
  const skipNewlines = () => {
    while (peek()?.type === 'newline') index++;
  };

  const term = (): void => {
    const token = peek();
    if (isOp(token, '(')) {
      index++;
      or();
      if (!isOp(peek(), ')')) throw new Reject();
      index++;
      return;
    }
    if (token?.type !== 'word') throw new Reject();
    index++;
    const text = token.word.quoted ? '' : token.word.raw;
    if (UNARY.has(text)) {
      if (peek()?.type !== 'word') throw new Reject();
      index++;
      return;
    }
    const operator = peek();
    if (isWord(operator, '=~')) throw new Reject();
    const binary =
      (operator?.type === 'word' && !operator.word.quoted && BINARY.has(operator.word.raw)) ||
      isOp(operator, '<') ||
      isOp(operator, '>');
    if (!binary) return;
    index++;
    if (peek()?.type !== 'word') throw new Reject();
    index++;
  };
  const not = (): void => {
    if (isWord(peek(), '!') && index + 1 < tokens.length) {
      index++;
      not();
      return;
    }
    term();
  };
  const and = (): void => {
    not();
    while (isOp(peek(), '&&')) {
      index++;
      skipNewlines();
      not();
    }
  };
  const or = (): void => {
    and();
    while (isOp(peek(), '||')) {
      index++;
      skipNewlines();
      and();
    }
  };

  try {
    if (tokens.length === 0) return 'empty [[ ]]';
    or();
    if (index !== tokens.length) return 'unrecognized [[ ]] expression';
    return undefined;
  } catch {
    return 'unrecognized [[ ]] expression';
  }
}
