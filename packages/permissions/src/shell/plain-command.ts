/**
 * The commonest input, analyzed without the grammar: one simple command of plain words —
 * letters, digits and `_ . / : = , @ % + -`, and quoted text that expands nothing (`'…'`,
 * `"…"` without `$`, backquote or backslash) — separated by spaces (`git status -s`,
 * `mkdir -p build/out`, `X=1 make test`, `echo "Build done"`), with redirections to plain
 * files (`> out.txt`, `2>> log`, `< in`, `2>&1`). Nothing in such input is expanded or
 * nested, so its analysis is exactly the one the parser would build; it is built here
 * directly, in one pass. Two thirds of the agent corpus (645 of 960 commands) is this plain.
 *
 * Anything else goes to the parser: a reserved word or declaration builtin in command
 * position, an `NAME+=` prefix, a wrapper that lists more commands (`xargs rm`, `sh -c ls`)
 * or that the unwrapper finds opaque. `plain-command.test.ts` holds the two equal on every
 * plain command of the corpora and on generated ones.
 */
import { assignmentEquals } from './lexer';
import { isDeclarationBuiltin } from './parser';
import { isReservedWord } from './reserved-words';
import type { ShellAnalysis, ShellAssignment, ShellRedirect, ShellWord, SimpleCommand } from './types';
import { type UnwrapHost, unwrapCommand } from './unwrap';

/** 1 for the characters a plain word may hold. */
const PLAIN = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,@%+-')
  PLAIN[char.charCodeAt(0)] = 1;

/** Thrown by the unwrap host: the command lists more commands, so the parser must run. */
const NOT_PLAIN = new Error('not a plain command');

const host: UnwrapHost = {
  parseScript() {
    throw NOT_PLAIN;
  },
  emitDerived() {
    throw NOT_PLAIN;
  },
};

/**
 * Where a plain word's `=` makes it an assignment: `NAME=…` → the `=`'s index; `NAME+=…`
 * (which the parser marks dynamic) → -2; anything else → -1. (A plain word holds no `[`, so
 * the lexer's `NAME[…]=` form cannot occur.)
 */
function assignmentAt(word: string): number {
  const equals = assignmentEquals(word);
  if (equals < 0) return -1;
  return word.charCodeAt(equals - 1) === 0x2b ? -2 : equals;
}

/**
 * The index of the quote closing the one at `open` (`'` or `"`), or -1 when there is none or
 * the quoted text holds what the parser must read: a control or non-ASCII character, or in
 * double quotes `$`, a backquote or a backslash.
 */
function quotedEnd(text: string, open: number, quote: number): number {
  for (let index = open + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === quote) return index;
    if (code < 0x20 || code > 0x7e) return -1;
    if (quote === 0x22 && (code === 0x24 || code === 0x60 || code === 0x5c)) return -1;
  }
  return -1;
}

/** One plain word as read from the input. */
interface PlainWord {
  /** Index just past the word. */
  end: number;
  value: string;
  raw: string;
  quoted: boolean;
  /** An unquoted `=` is in it (it may be an assignment). */
  equals: boolean;
  /** It stopped at a `<` or `>` (an operator, or its file descriptor number). */
  beforeRedirect: boolean;
}

/** Reads the plain word at `from` (not a blank, `<` or `>`), or undefined when it is not plain. */
function readPlainWord(text: string, from: number): PlainWord | undefined {
  const length = text.length;
  let index = from;
  let equals = false;
  // Quoted parts, when the word has any: the value so far, and where the unquoted run began.
  let quoted = false;
  let value = '';
  let run = index;
  let beforeRedirect = false;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x20) break;
    if (code === 0x3c || code === 0x3e) {
      beforeRedirect = true;
      break;
    }
    if (code === 0x27 || code === 0x22) {
      const close = quotedEnd(text, index, code);
      if (close < 0) return undefined;
      value += text.slice(run, index) + text.slice(index + 1, close);
      quoted = true;
      index = close + 1;
      run = index;
      continue;
    }
    if (code >= 128 || PLAIN[code] === 0) return undefined;
    if (code === 0x3d) equals = true;
    index++;
  }
  const raw = text.slice(from, index);
  return {
    end: index,
    value: quoted ? value + text.slice(run, index) : raw,
    raw,
    quoted,
    equals,
    beforeRedirect,
  };
}

/** True when `text` is all ASCII digits (a file descriptor number before `<` or `>`). */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/**
 * The analysis of `text` when it is one plain simple command (see above), or undefined.
 * Runs of two or more blanks are added to `blankRuns` as the parser's lexer records them.
 * Only for input under the default caps (the caller checks).
 */
export function plainAnalysis(text: string, blankRuns: number[] | undefined): ShellAnalysis | undefined {
  const length = text.length;
  const words: ShellWord[] = [];
  const argv: string[] = [];
  const starts: number[] = [];
  let assignments: ShellAssignment[] | undefined;
  let redirects: ShellRedirect[] | undefined;
  let runs: number[] | undefined;
  let start = -1;
  let end = 0;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x20) {
      const from = index;
      while (index < length && text.charCodeAt(index) === 0x20) index++;
      if (index - from > 1) (runs ??= []).push(from, index);
      continue;
    }
    let fd: number | undefined;
    const from = index;
    if (code !== 0x3c && code !== 0x3e) {
      const word = readPlainWord(text, index);
      if (word === undefined) return undefined;
      index = word.end;
      if (!word.beforeRedirect || word.quoted || !isDigits(word.raw)) {
        if (start < 0) start = from;
        end = index;
        if (words.length === 0 && word.equals) {
          // The `NAME=` is unquoted, so it starts both the raw word and its value.
          const at = assignmentAt(word.raw);
          if (at === -2) return undefined;
          if (at > 0) {
            (assignments ??= []).push({
              name: word.value.slice(0, at),
              value: word.value.slice(at + 1),
              dynamic: false,
              form: 'prefix',
            });
            continue;
          }
        }
        words.push({ value: word.value, raw: word.raw, dynamic: false, glob: false, quoted: word.quoted });
        argv.push(word.value);
        starts.push(from);
        continue;
      }
      fd = Number(word.raw);
    }
    // A redirection: `>`, `>>`, `<` or a descriptor copy `>&N`, optionally after a number.
    if (start < 0) start = from;
    const first = text.charCodeAt(index);
    const second = index + 1 < length ? text.charCodeAt(index + 1) : -1;
    let operator: string;
    if (first === 0x3c) {
      if (second === 0x3c || second === 0x3e || second === 0x26 || second === 0x28) return undefined;
      operator = '<';
    } else if (second === 0x3e) operator = '>>';
    else if (second === 0x26) operator = '>&';
    else if (second === 0x7c || second === 0x28) return undefined;
    else operator = '>';
    index += operator.length;
    const blanks = index;
    while (index < length && text.charCodeAt(index) === 0x20) index++;
    if (index - blanks > 1) (runs ??= []).push(blanks, index);
    if (index >= length) return undefined;
    const target = readPlainWord(text, index);
    // A target right before another operator would be read as that one's descriptor number.
    if (target === undefined || target.end === index || target.beforeRedirect) return undefined;
    if (!target.quoted && target.value === 'time') return undefined;
    if (operator === '>&' && (target.quoted || !isDigits(target.value))) return undefined;
    index = target.end;
    end = index;
    const redirect: ShellRedirect = {
      operator,
      target: target.value,
      dynamic: false,
      write: operator === '>' || operator === '>>',
      read: operator === '<',
    };
    if (fd !== undefined) redirect.fd = fd;
    (redirects ??= []).push(redirect);
  }
  if (start < 0) return undefined;
  if (words.length === 0) {
    if (assignments !== undefined) for (const assignment of assignments) assignment.form = 'bare';
  } else if (isReservedWord(argv[0]!) || isDeclarationBuiltin(argv[0]!)) {
    return undefined;
  }
  let unwrapped: SimpleCommand['unwrapped'];
  try {
    unwrapped = unwrapCommand(words, starts, 0, host, argv);
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
  if (unwrapped.opaqueReason !== undefined) return undefined;
  const command: SimpleCommand = {
    argv,
    words,
    assignments: assignments ?? [],
    redirects: redirects ?? [],
    unwrapped,
    context: 'top',
    depth: 0,
    opaqueReasons: [],
    start,
    end,
  };
  if (blankRuns !== undefined && runs !== undefined) for (const position of runs) blankRuns.push(position);
  return { commands: [command], opaque: false, opaqueReasons: [] };
}
