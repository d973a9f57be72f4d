/**
 * Reads bash's own pretty-printed parse (`declare -f` output) back into a list of simple
 * commands with their argv. This is the oracle side of the differential test, so it is
 * written independently of the parser under test and relies on what bash's printer
 * guarantees: comments and line continuations are gone, words and operators are separated
 * by blanks, compound commands are spelled with their reserved words at command position,
 * `$'...'` and `$"..."` are already turned into plain quotes, and here-doc bodies follow the
 * line of their command. It only needs to handle commands without expansions (the
 * differential compares commands the parser calls fully understood), and returns
 * `undefined` for anything it does not expect, which the test counts as a disagreement.
 */

/** One simple command as bash parsed it. */
export interface OracleCommand {
  argv: string[];
  /** The words as bash printed them (before quote removal). */
  raw: string[];
}

type Piece = { kind: 'word'; raw: string; value: string } | { kind: 'op'; op: string } | { kind: 'newline' };

const OPERATORS = [
  ';;&',
  ';;',
  ';&',
  '&&',
  '&>>',
  '&>',
  '||',
  '|&',
  '<<<',
  '<<-',
  '<<',
  '<>',
  '<&',
  '>>',
  '>|',
  '>&',
  ';',
  '&',
  '|',
  '(',
  ')',
  '<',
  '>',
];
const REDIRECTS = new Set(['<', '>', '>>', '>|', '<>', '>&', '<&', '&>', '&>>', '<<', '<<-', '<<<']);
const SEPARATORS = new Set([';', '&', '&&', '||', '|', '|&', '(', ')', ';;', ';&', ';;&']);
const SKIPPED_RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  '{',
  '}',
  '!',
  'esac',
]);

class ReaderError extends Error {}

/** Removes quotes from one word the way bash does for a word without expansions. */
export function dequoteWord(raw: string): string {
  let out = '';
  let index = 0;
  while (index < raw.length) {
    const char = raw[index] as string;
    if (char === '\\') {
      const next = raw[index + 1];
      if (next === undefined) {
        out += '\\';
        index++;
      } else {
        if (next !== '\n') out += next;
        index += 2;
      }
    } else if (char === "'") {
      const close = raw.indexOf("'", index + 1);
      if (close < 0) throw new ReaderError('unterminated single quote');
      out += raw.slice(index + 1, close);
      index = close + 1;
    } else if (char === '"') {
      index++;
      for (;;) {
        const inner = raw[index];
        if (inner === undefined) throw new ReaderError('unterminated double quote');
        if (inner === '"') {
          index++;
          break;
        }
        if (inner === '\\' && index + 1 < raw.length && '$`"\\\n'.includes(raw[index + 1] as string)) {
          if (raw[index + 1] !== '\n') out += raw[index + 1];
          index += 2;
        } else {
          out += inner;
          index++;
        }
      }
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/** Splits bash's printed text into words, operators and newlines, skipping here-doc bodies. */
function tokenize(text: string): Piece[] {
  const pieces: Piece[] = [];
  const heredocs: string[] = [];
  let index = 0;
  const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
  while (index < text.length) {
    const char = text[index] as string;
    if (isBlank(char)) {
      index++;
      continue;
    }
    if (char === '\n') {
      pieces.push({ kind: 'newline' });
      index++;
      while (heredocs.length > 0) {
        const delimiter = heredocs.shift() as string;
        for (;;) {
          if (index >= text.length) throw new ReaderError('unterminated here-doc');
          let end = text.indexOf('\n', index);
          if (end < 0) end = text.length;
          const line = text.slice(index, end).replace(/^\t+/, '');
          index = end + 1;
          if (line === delimiter) break;
        }
      }
      continue;
    }
    const operator = OPERATORS.find((candidate) => text.startsWith(candidate, index));
    if (operator) {
      pieces.push({ kind: 'op', op: operator });
      index += operator.length;
      if (operator === '<<' || operator === '<<-') {
        while (isBlank(text[index])) index++;
        const start = index;
        index = readWordEnd(text, index);
        heredocs.push(dequoteWord(text.slice(start, index)));
        pieces.push({ kind: 'word', raw: text.slice(start, index), value: '' });
      }
      continue;
    }
    const start = index;
    index = readWordEnd(text, index);
    const raw = text.slice(start, index);
    if (/^[0-9]+$/.test(raw) && (text[index] === '<' || text[index] === '>')) continue; // fd of a redirect
    pieces.push({ kind: 'word', raw, value: dequoteWord(raw) });
  }
  return pieces;
}

/** End index of the word starting at `start` (quotes, escapes, `$( )`, `${ }`, arrays). */
function readWordEnd(text: string, start: number): number {
  let index = start;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === ' ' || char === '\t' || char === '\n' || ';&|<>)'.includes(char)) return index;
    if (char === '(') {
      if (/^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(text.slice(start, index))) {
        index = skipBalanced(text, index, '(', ')');
        continue;
      }
      return index;
    }
    if (char === '\\') index += 2;
    else if (char === "'") {
      const close = text.indexOf("'", index + 1);
      if (close < 0) throw new ReaderError('unterminated single quote');
      index = close + 1;
    } else if (char === '"') {
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index++;
    } else if (char === '$' && text[index + 1] === '(') index = skipBalanced(text, index + 1, '(', ')');
    else if (char === '$' && text[index + 1] === '{') index = skipBalanced(text, index + 1, '{', '}');
    else index++;
  }
  return index;
}

function skipBalanced(text: string, at: number, open: string, close: string): number {
  let depth = 0;
  let index = at;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) throw new ReaderError('unterminated single quote');
      index = end + 1;
      continue;
    }
    if (char === open) depth++;
    else if (char === close) {
      depth--;
      if (depth === 0) return index + 1;
    }
    index++;
  }
  throw new ReaderError(`unbalanced ${open}`);
}

/**
 * Reads the body of `declare -f NAME` output (the lines between the function's outer braces)
 * into simple commands in source order. Returns undefined when the text is not in the
 * expected shape.
 */
export function readDeclareF(output: string): OracleCommand[] | undefined {
  const open = output.indexOf('\n{ \n');
  const close = output.lastIndexOf('\n}');
  if (open < 0 || close < open) return undefined;
  let pieces: Piece[];
  try {
    pieces = tokenize(output.slice(open + 4, close + 1));
  } catch {
    return undefined;
  }
  const commands: OracleCommand[] = [];
  let index = 0;
  let current: OracleCommand | undefined;
  let atStart = true;
  let inCasePatterns = false;
  const word = (at: number) => {
    const piece = pieces[at];
    return piece?.kind === 'word' ? piece : undefined;
  };
  // After `}`, `)`, `done`, `fi`, `esac` or `]]`, redirections belong to the compound command.
  let afterCompound = false;
  // `time` and `!` are reserved only at the start of a pipeline, not after `|`.
  let afterPipe = false;
  const finish = () => {
    if (current) commands.push(current);
    current = undefined;
    atStart = true;
    afterCompound = false;
  };
  while (index < pieces.length) {
    const piece = pieces[index] as Piece;
    if (inCasePatterns) {
      if (piece.kind === 'newline') {
        index++;
        continue;
      }
      if (piece.kind === 'word' && piece.raw === 'esac') {
        inCasePatterns = false;
        afterCompound = true;
        index++;
        continue;
      }
      while (
        index < pieces.length &&
        !(pieces[index]?.kind === 'op' && (pieces[index] as { op: string }).op === ')')
      )
        index++;
      index++;
      inCasePatterns = false;
      atStart = true;
      continue;
    }
    if (piece.kind === 'newline' || (piece.kind === 'op' && SEPARATORS.has(piece.op))) {
      finish();
      afterPipe = piece.kind === 'op' && (piece.op === '|' || piece.op === '|&');
      if (piece.kind === 'op' && piece.op === ')') afterCompound = true;
      if (piece.kind === 'op' && (piece.op === ';;' || piece.op === ';&' || piece.op === ';;&'))
        inCasePatterns = true;
      if (
        piece.kind === 'op' &&
        piece.op === '(' &&
        pieces[index + 1]?.kind === 'op' &&
        (pieces[index + 1] as { op: string }).op === '('
      ) {
        return undefined; // arithmetic command: not expected in a fully understood command
      }
      index++;
      continue;
    }
    if (piece.kind === 'op') {
      if (!REDIRECTS.has(piece.op)) return undefined;
      if (!word(index + 1)) return undefined;
      if (afterCompound) {
        index += 2;
        continue;
      }
      current ??= { argv: [], raw: [] };
      atStart = false;
      index += 2;
      continue;
    }
    if (atStart && !current) {
      if (SKIPPED_RESERVED.has(piece.raw) && !(afterPipe && piece.raw === '!')) {
        afterCompound = ['}', 'done', 'fi', 'esac'].includes(piece.raw);
        index++;
        continue;
      }
      if (piece.raw === 'time' && !afterPipe) {
        index++;
        if (word(index)?.raw === '-p') index++;
        continue;
      }
      if (piece.raw === 'for' || piece.raw === 'select') {
        index += 2;
        if (word(index)?.raw === 'in') {
          while (index < pieces.length && pieces[index]?.kind === 'word') index++;
        }
        continue;
      }
      if (piece.raw === 'case') {
        if (word(index + 2)?.raw !== 'in') return undefined;
        index += 3;
        inCasePatterns = true;
        continue;
      }
      if (piece.raw === '[[') {
        while (index < pieces.length && word(index)?.raw !== ']]') index++;
        index++;
        atStart = false;
        afterCompound = true;
        current = undefined;
        // `[[ ... ]]` is not a simple command; what follows must be an operator.
        continue;
      }
      if (piece.raw === 'function' || piece.raw === 'coproc' || piece.raw === '((') return undefined;
    }
    current ??= { argv: [], raw: [] };
    atStart = false;
    if (current.argv.length === 0 && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(piece.raw)) {
      index++;
      continue;
    }
    current.argv.push(piece.value);
    current.raw.push(piece.raw);
    index++;
  }
  finish();
  // Drop the `:` the oracle puts first in every body.
  if (commands[0]?.argv.length === 1 && commands[0].argv[0] === ':') commands.shift();
  else return undefined;
  return commands;
}
