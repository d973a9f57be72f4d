/**
 * The commonest input, analyzed without the grammar: one simple command of plain words —
 * letters, digits and `_ . / : = , @ % + - #`, and quoted text that nests nothing (`'…'`,
 * `"…"` without backquote, where a backslash escapes `$`, `` ` ``, `"` or `\` or stands for
 * itself) — separated by spaces (`git status -s`,
 * `mkdir -p build/out`, `X=1 make test`, `echo "Build done"`), with redirections to files
 * (`> out.txt`, `2>> log`, `< in`, `2>&1`) and here-doc operators (`cat > f.py << 'EOF'`, an
 * agent's first line of a here-doc: the body comes after a newline, which no plain command
 * has), and maybe a comment. Words may also hold the expansions the lexer reads without
 * nesting — `$NAME`, `${…}`, special parameters, unquoted `*` and `?`, `~` — and non-ASCII
 * text the rejection scan passes: they give the kinds and reasons the parser gives. An
 * unquoted `export`, `local`, `declare`, `typeset` or `readonly` makes its `NAME=value`
 * arguments assignments, as in the parser. Nothing in such input is nested, so its analysis
 * is exactly the one the parser would build; it is built here directly, in one pass. So is a
 * list of such commands joined by `;`, `&`, `&&`, `||` and `|` (`apt-get update && apt-get
 * install -y git`, `cat log | grep x`, `sleep 5 &`), with the contexts (`pipeline`,
 * `background`) and `readsPipe` marks the parser gives. Nine tenths of the agent corpus (863
 * of 960 commands, 54 of them lists) is this plain.
 *
 * Anything else goes to the parser: a reserved word in command position, an `NAME+=`
 * assignment, a computed here-doc delimiter or `>&` target, a wrapper that lists more
 * commands (`xargs rm`, `sh -c ls`) or that the unwrapper finds opaque. `plain-command.test.ts`
 * holds the two equal on every plain command of the corpora and on generated ones.
 */

import { opensFunsub } from './funsub';
import { assignmentEquals } from './lexer';
import { nameShapes } from './name-shapes';
import { isNameChar, isNameStart } from './names';
import { isDeclarationBuiltin } from './parser';
import { isRejectedCode } from './reject';
import { isReservedWord, RESERVED_WORDS } from './reserved-words';
import { hasSubscriptSubstitutions } from './subscripts';
import type { ShellAnalysis, ShellAssignment, ShellRedirect, ShellWord, SimpleCommand } from './types';
import { NEEDS_UNWRAP, needsUnwrap, type UnwrapHost, unwrapCommand } from './unwrap';
import { addKindReasons, GLOB, PARAMETER, TILDE } from './word-kinds';

/** The reasons the parser gives a command with a here-doc, and with a computed redirection target. */
const HERE_DOCUMENT = 'here-document';
const DYNAMIC_TARGET = 'dynamic redirection target';

/** Not 0 for the characters a plain word may hold: 2 for `=`, 3 for `/`, 1 for the others. */
const PLAIN = new Uint8Array(128);
// (`#` only inside a word: at a word's start it opens a comment.)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=,@%+-#')
  PLAIN[char.charCodeAt(0)] = char === '=' ? 2 : char === '/' ? 3 : 1;

/**
 * The names a command word is checked against: reserved words and declaration builtins (as
 * written), and the names `unwrapCommand` looks at (by basename).
 */
const HEAD_NAMES = [...RESERVED_WORDS, 'export', 'local', 'declare', 'typeset', 'readonly', ...NEEDS_UNWRAP];
const LONGEST_HEAD = Math.max(...HEAD_NAMES.map((name) => name.length));
/** Those names' shapes (see `nameShapes`). */
const HEAD_SHAPES = nameShapes(HEAD_NAMES);

/**
 * False when the command word `text.slice(from, end)` is certainly no reserved word,
 * declaration builtin or name `unwrapCommand` looks at (`git`, `echo`, `python3`, most words):
 * one test of its length and first and last characters instead of each check's own. A word
 * with a `/` in its last few characters is left to the checks (only `needsUnwrap` reads a
 * basename).
 */
export function mayBeSpecialHead(text: string, from: number, end: number): boolean {
  let begin = end;
  while (begin > from) {
    if (text.charCodeAt(begin - 1) === 0x2f) return true;
    begin--;
    // Longer than any of the names, and so is the basename.
    if (end - begin > LONGEST_HEAD) return false;
  }
  return hasHeadShape(text, from, end);
}

/** Whether `text.slice(from, end)`, no longer than the names, has the shape of one. */
function hasHeadShape(text: string, from: number, end: number): boolean {
  const shape = HEAD_SHAPES[((text.charCodeAt(from) & 31) << 5) | (text.charCodeAt(end - 1) & 31)]!;
  return (shape & (1 << (end - from))) !== 0;
}

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

// What `readPlainWord` found, read right after the call: fields rather than a result object
// per word.
/** Index just past the word. */
let wordEnd = 0;
/** It holds quotes (so its value is not its raw text, the input up to `wordEnd`). */
let wordQuoted = false;
/** An unquoted `=` is in it (it may be an assignment). */
let wordEquals = false;
/** It stopped at a `<` or `>` (an operator, or its file descriptor number). */
let wordBeforeRedirect = false;
/** Its expansion kinds (`word-kinds.ts`): parameters, unquoted globs, tildes. */
let wordKinds = 0;

/**
 * Index just past the expansion at `at` (a `$`), as the lexer's `readDollar` reads it, adding
 * its kind to `wordKinds`; or -1 for what the parser must read: `$'…'`, `$"…"`, `$(…)`,
 * `$[…]`, or a `${…}` holding a quote, backslash, backquote, `$` or a non-printable character.
 * Like the lexer, the expansion's text is kept as written.
 */
function dollarEnd(text: string, at: number, inDoubleQuotes: boolean): number {
  const length = text.length;
  const next = at + 1 < length ? text.charCodeAt(at + 1) : -1;
  if (next === 0x7b) {
    // `${ cmd; }` and `${| cmd; }` (bash 5.3) are command substitutions: the parser's.
    if (opensFunsub(text, at)) return -1;
    for (let index = at + 2; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x7d) {
        wordKinds |= PARAMETER;
        return index + 1;
      }
      if (
        code < 0x20 ||
        code > 0x7e ||
        code === 0x5c ||
        code === 0x27 ||
        code === 0x22 ||
        code === 0x24 ||
        code === 0x60
      )
        return -1;
    }
    return -1;
  }
  if (isNameStart(next)) {
    let index = at + 2;
    while (index < length && isNameChar(text.charCodeAt(index))) index++;
    wordKinds |= PARAMETER;
    return index;
  }
  // @ * # ? - $ ! and digits: one-character special parameters.
  if (
    next === 0x40 ||
    next === 0x2a ||
    next === 0x23 ||
    next === 0x3f ||
    next === 0x2d ||
    next === 0x24 ||
    next === 0x21 ||
    (next >= 0x30 && next <= 0x39)
  ) {
    wordKinds |= PARAMETER;
    return at + 2;
  }
  // `$'…'` and `$"…"` are read as such outside double quotes; `$(` and `$[` everywhere.
  if (((next === 0x27 || next === 0x22) && !inDoubleQuotes) || next === 0x28 || next === 0x5b) return -1;
  // Anything else leaves the `$` a literal character.
  return at + 1;
}

/**
 * The double-quoted text from `from` to `to` with its escaping backslashes removed (`\"`,
 * `\\`, `\$`, `` \` ``), as the lexer reads it: other backslashes stay.
 */
function withoutEscapes(text: string, from: number, to: number): string {
  let value = '';
  let run = from;
  for (let index = from; index < to; index++) {
    if (text.charCodeAt(index) !== 0x5c) continue;
    const next = text.charCodeAt(index + 1);
    if (next === 0x24 || next === 0x60 || next === 0x22 || next === 0x5c) {
      value += text.slice(run, index);
      // The escaped character starts the next run; it is no escape itself.
      run = index + 1;
      index++;
    }
  }
  return value + text.slice(run, to);
}

/**
 * In single quotes, and in double quotes, the characters that need a look: the closing quote,
 * control characters, non-ASCII ones (for the rejection scan), and in double quotes a
 * backquote, a backslash and `$`. A native search finds the next one faster than a loop over
 * the many others.
 */
const SINGLE_QUOTED_STOP = /['\x00-\x1f\x7f-\uffff]/g;
const DOUBLE_QUOTED_STOP = /["`\\$\x00-\x1f\x7f-\uffff]/g;

/** Set by `quotedEnd` when a backslash in double quotes escapes a character (the caller resets it). */
let quotedEscapes = false;

/**
 * The index of the quote closing the one at `open` (`'` or `"`), or -1 when there is none or
 * the quoted text holds what the parser must read: a control character or another the
 * rejection scan rejects, or in double quotes a backquote or an expansion `dollarEnd`
 * declines. Sets `quotedEscapes` when a backslash escapes a character.
 */

function quotedEnd(text: string, open: number, quote: number): number {
  const stop = quote === 0x22 ? DOUBLE_QUOTED_STOP : SINGLE_QUOTED_STOP;
  let index = open + 1;
  for (;;) {
    stop.lastIndex = index;
    if (!stop.test(text)) return -1;
    const at = stop.lastIndex - 1;
    const code = text.charCodeAt(at);
    if (code === quote) return at;
    if (code < 0x20) return -1;
    if (code > 0x7e) {
      if (isRejectedCode(code)) return -1;
      index = at + 1;
      continue;
    }
    // In double quotes: a backslash escapes `$`, a backquote, `"` and itself (the lexer's
    // `readDoubleQuoted`) and stands for itself before anything else (a newline after it is a
    // control character, declined when read); `$` starts an expansion; a backquote is the
    // parser's.
    if (code === 0x5c) {
      const next = text.charCodeAt(at + 1);
      if (next === 0x24 || next === 0x60 || next === 0x22 || next === 0x5c) {
        quotedEscapes = true;
        index = at + 2;
      } else index = at + 1;
      continue;
    }
    if (code !== 0x24) return -1;
    index = dollarEnd(text, at, true);
    if (index < 0) return -1;
  }
}

/**
 * For an unquoted character of a word other than a plain one, a blank, `<`, `>` or a quote:
 * the index past what it starts (`$…`, `*`, `?`, `~`, a non-ASCII character the rejection scan
 * passes), adding its kind to `wordKinds`; or -1 when the parser must read the word.
 */
function unquotedEnd(text: string, from: number, index: number): number {
  const code = text.charCodeAt(index);
  if (code > 0x7e) return isRejectedCode(code) ? -1 : index + 1;
  if (code === 0x24) return dollarEnd(text, index, false);
  // `[`, `]` and `!` as whole words (`[ ! -f x ]`): plain text to the lexer, as a `[` opens
  // no glob or array subscript with nothing after it in its word (as a command word, `!` is
  // reserved: the caller declines it).
  if ((code === 0x5b || code === 0x5d || code === 0x21) && index === from) {
    const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0x20;
    if (next === 0x20 || next === 0x3b || next === 0x26 || next === 0x7c) return index + 1;
    return -1;
  }
  if (code === 0x2a || code === 0x3f) {
    wordKinds |= GLOB;
    return index + 1;
  }
  if (code !== 0x7e) return -1;
  // As the lexer: a tilde at the word's start, or after the `=` or a `:` of an assignment.
  // (The lexer tests the word up to its first such `~` once; with no `[` in a plain word,
  // testing up to any of them gives the same answer.)
  if (index === from) wordKinds |= TILDE;
  else {
    const previous = text.charCodeAt(index - 1);
    if ((previous === 0x3d || previous === 0x3a) && assignmentEquals(text.slice(from, index + 1)) >= 0)
      wordKinds |= TILDE;
  }
  return index + 1;
}

/**
 * Reads the plain word at `from` (not a blank, `<` or `>`), whose plain characters up to
 * `plainEnd` the caller has read (`plainEquals`: an `=` among them): returns its value and
 * leaves the rest in the fields above, or returns undefined when it is not plain. Besides plain
 * characters and quotes, a word may hold what the lexer reads without nesting: `$NAME`,
 * `${…}` and special parameters (also in double quotes), unquoted `*` and `?`, and `~`.
 */
function readPlainWord(
  text: string,
  from: number,
  plainEnd: number,
  plainEquals: boolean,
): string | undefined {
  const length = text.length;
  let index = plainEnd;
  let equals = plainEquals;
  // Quoted parts, when the word has any: the value so far, and where the unquoted run began.
  let quoted = false;
  let value = '';
  let run = from;
  let beforeRedirect = false;
  wordKinds = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code < 0x80 && PLAIN[code] !== 0) {
      if (code === 0x3d) equals = true;
      index++;
      continue;
    }
    // A blank, or a list operator's first character, ends the word.
    if (code === 0x20 || code === 0x3b || code === 0x26 || code === 0x7c) break;
    if (code === 0x3c || code === 0x3e) {
      beforeRedirect = true;
      break;
    }
    if (code === 0x27 || code === 0x22) {
      quotedEscapes = false;
      const close = quotedEnd(text, index, code);
      if (close < 0) return undefined;
      value +=
        text.slice(run, index) +
        (quotedEscapes ? withoutEscapes(text, index + 1, close) : text.slice(index + 1, close));
      quoted = true;
      index = close + 1;
      run = index;
      continue;
    }
    index = unquotedEnd(text, from, index);
    if (index < 0) return undefined;
  }
  wordEnd = index;
  wordQuoted = quoted;
  wordEquals = equals;
  wordBeforeRedirect = beforeRedirect;
  return quoted ? value + text.slice(run, index) : text.slice(from, index);
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
  if (blankRuns === undefined) return analyzePlain(text, undefined);
  // Runs go straight into `blankRuns`, and come out again when the input is not plain.
  const recorded = blankRuns.length;
  const analysis = analyzePlain(text, blankRuns);
  if (analysis === undefined) blankRuns.length = recorded;
  return analysis;
}

/** What separates two commands of a list: `;`, `&`, `&&`, `||` or `|`. */
const SEMICOLON = 0;
const BACKGROUND = 1;
const AND = 2;
const OR = 3;
const PIPE = 4;

/** Top-level commands of `list` from `begin` on get `context`, as the parser relabels them. */
function relabel(list: SimpleCommand[], begin: number, context: SimpleCommand['context']): void {
  for (let index = begin; index < list.length; index++) {
    const command = list[index]!;
    if (command.context === 'top') command.context = context;
  }
}

/**
 * The simple command read by `analyzePlain`, as the parser emits it (unwrapped), or undefined
 * when the parser must read it: its command word is a reserved word or a declaration builtin
 * it did not take as one, or a wrapper that lists more commands or is opaque.
 */
function plainCommand(
  words: ShellWord[],
  argv: string[],
  reasons: string[],
  assignments: ShellAssignment[] | undefined,
  redirects: ShellRedirect[] | undefined,
  declaration: boolean,
  special: boolean,
  dynamicAssignment: boolean,
  start: number,
  end: number,
): SimpleCommand | undefined {
  if (words.length === 0) {
    if (assignments !== undefined) for (const assignment of assignments) assignment.form = 'bare';
  } else if (special) {
    if (isReservedWord(argv[0]!) || (!declaration && isDeclarationBuiltin(argv[0]!))) return undefined;
  }
  if (dynamicAssignment) reasons.push('dynamic assignment');
  let unwrapped: SimpleCommand['unwrapped'];
  if (!special || !needsUnwrap(words)) {
    // What `unwrapCommand` returns for a command word that is no wrapper (most commands),
    // without the call and its handler.
    unwrapped = { wrappers: [], argv, words, assignments: [] };
  } else {
    try {
      // Word offsets only go to the host, which throws before using them: none are recorded.
      unwrapped = unwrapCommand(words, 0, 0, host, argv);
    } catch (error) {
      if (error === NOT_PLAIN) return undefined;
      throw error;
    }
    if (unwrapped.opaqueReason !== undefined) return undefined;
  }
  // A subscript a builtin evaluates (`test -v 'a[$(id)]'`) lists commands: the parser's job.
  if (hasSubscriptSubstitutions(unwrapped.words, assignments)) return undefined;
  return {
    argv,
    words,
    assignments: assignments ?? [],
    redirects: redirects ?? [],
    unwrapped,
    context: 'top',
    depth: 0,
    opaqueReasons: reasons,
    start,
    end,
  };
}

/** The analysis of a list of plain commands: each reason once, in the order they come. */
function listAnalysis(list: SimpleCommand[]): ShellAnalysis {
  const listed: string[] = [];
  for (let index = 0; index < list.length; index++) {
    const reasons = list[index]!.opaqueReasons;
    for (let at = 0; at < reasons.length; at++) {
      if (!listed.includes(reasons[at]!)) listed.push(reasons[at]!);
    }
  }
  return { commands: list, opaque: listed.length > 0, opaqueReasons: listed };
}

/** `plainAnalysis`, adding runs of blanks to `blankRuns` even when it returns undefined. */
function analyzePlain(text: string, blankRuns: number[] | undefined): ShellAnalysis | undefined {
  const length = text.length;
  let words: ShellWord[] = [];
  let argv: string[] = [];
  // The command's reasons, in the parser's order: each word's kinds as it comes (a prefix
  // assignment's only when dynamic), a computed redirection target's (`dynamic redirection
  // target`, which may repeat, then its kinds), `here-document` at the first here-doc, and
  // then `dynamic assignment`.
  let reasons: string[] = [];
  let repeated = false;
  // The command word is `export`, `local`, `declare`, `typeset` or `readonly`, unquoted: its
  // `NAME=value` arguments are assignments too.
  let declaration = false;
  // The command word may be one of the names `mayBeSpecialHead` knows (else none of their
  // checks can hold).
  let special = false;
  let assignments: ShellAssignment[] | undefined;
  let redirects: ShellRedirect[] | undefined;
  let dynamicAssignment = false;
  let start = -1;
  let end = 0;
  let index = 0;
  // A list (`a && b`, `a | b`, `a; b &`): the commands before the one being read, where its
  // pipeline and its and-or list began, whether it reads a pipe, and whether the operator
  // before it needs a command after it (`&&`, `||`, `|`; not `;` or `&`).
  let list: SimpleCommand[] | undefined;
  let pipelineBegin = 0;
  let andOrBegin = 0;
  let readsPipe = false;
  let needsCommand = false;
  // Every character is read by one of the loops below, which decline control characters and
  // test each non-ASCII one with the rejection scan's own class: input they pass is input the
  // scan passes, without running it again.
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x20) {
      const from = index;
      while (index < length && text.charCodeAt(index) === 0x20) index++;
      if (index - from > 1 && blankRuns !== undefined) blankRuns.push(from, index);
      continue;
    }
    if (code === 0x23) {
      // A comment, to the end of the input (a newline would start another command).
      for (index++; index < length; index++) {
        const inner = text.charCodeAt(index);
        if (inner < 0x20) return undefined;
        if (inner > 0x7e && isRejectedCode(inner)) return undefined;
      }
      break;
    }
    if (code === 0x3b || code === 0x26 || code === 0x7c) {
      // A list operator, after a command (else the parser reports a syntax error). `;;`, `;&`,
      // `&>` and `|&` are the parser's.
      if (start < 0) return undefined;
      const next = index + 1 < length ? text.charCodeAt(index + 1) : -1;
      let operator: number;
      if (code === 0x3b) {
        if (next === 0x3b || next === 0x26) return undefined;
        operator = SEMICOLON;
      } else if (code === 0x26) {
        if (next === 0x3e) return undefined;
        operator = next === 0x26 ? AND : BACKGROUND;
      } else {
        if (next === 0x26) return undefined;
        operator = next === 0x7c ? OR : PIPE;
      }
      index += operator === AND || operator === OR ? 2 : 1;
      const command = plainCommand(
        words,
        argv,
        reasons,
        assignments,
        redirects,
        declaration,
        special,
        dynamicAssignment,
        start,
        end,
      );
      // (Far under the command cap, which would add a reason.)
      if (command === undefined || (list !== undefined && list.length >= 256)) return undefined;
      if (readsPipe) command.readsPipe = true;
      list ??= [];
      list.push(command);
      readsPipe = operator === PIPE;
      needsCommand = operator >= AND;
      if (operator !== PIPE) {
        if (list.length - pipelineBegin > 1) relabel(list, pipelineBegin, 'pipeline');
        pipelineBegin = list.length;
        if (operator === BACKGROUND) relabel(list, andOrBegin, 'background');
        if (operator <= BACKGROUND) andOrBegin = list.length;
      }
      words = [];
      argv = [];
      reasons = [];
      repeated = false;
      declaration = false;
      special = false;
      assignments = undefined;
      redirects = undefined;
      dynamicAssignment = false;
      start = -1;
      continue;
    }
    let fd: number | undefined;
    const from = index;
    if (code !== 0x3c && code !== 0x3e) {
      // Most words are plain characters up to a blank or the end: read here, with the word's
      // fields in locals; `readPlainWord` reads the rest of any other word.
      let scan = index;
      let equals = false;
      // The last `/` (for the command word's basename).
      let slash = -1;
      while (scan < length) {
        const inner = text.charCodeAt(scan);
        if (inner >= 0x80) break;
        const kind = PLAIN[inner];
        if (kind !== 1) {
          if (kind === 0) break;
          if (kind === 2) equals = true;
          else slash = scan;
        }
        scan++;
      }
      let value: string | undefined;
      let quoted = false;
      let kinds = 0;
      let beforeRedirect = false;
      let plain = false;
      if (scan === length || text.charCodeAt(scan) === 0x20) {
        value = text.slice(index, scan);
        index = scan;
        plain = true;
      } else {
        value = readPlainWord(text, index, scan, equals);
        if (value === undefined) return undefined;
        index = wordEnd;
        quoted = wordQuoted;
        kinds = wordKinds;
        equals = wordEquals;
        beforeRedirect = wordBeforeRedirect;
      }
      const raw = quoted ? text.slice(from, index) : value;
      if (!beforeRedirect || quoted || !isDigits(raw)) {
        if (start < 0) start = from;
        end = index;
        if (equals && (words.length === 0 || declaration)) {
          // The `NAME=` is unquoted, so it starts both the raw word and its value.
          const at = assignmentAt(raw);
          if (at === -2) return undefined;
          if (at > 0) {
            const dynamic = kinds !== 0;
            if (dynamic) dynamicAssignment = true;
            (assignments ??= []).push({
              name: value.slice(0, at),
              value: value.slice(at + 1),
              dynamic,
              form: words.length === 0 ? 'prefix' : 'declaration',
            });
            if (words.length === 0) {
              if (dynamic) addKindReasons(kinds, reasons);
              continue;
            }
          }
        }
        words.push({ value, raw, dynamic: kinds !== 0, glob: (kinds & GLOB) !== 0, quoted });
        argv.push(value);
        if (kinds !== 0) addKindReasons(kinds, reasons);
        if (words.length === 1) {
          // An unquoted word is the input's text from `from`: read there, not in a new string.
          // A word of plain characters only: its basename starts after the `/` found above
          // (as `mayBeSpecialHead` would find it, without reading the word again).
          if (plain) {
            special =
              slash >= 0
                ? index - slash - 1 <= LONGEST_HEAD
                : index - from <= LONGEST_HEAD && hasHeadShape(text, from, index);
          } else {
            special = quoted ? mayBeSpecialHead(value, 0, value.length) : mayBeSpecialHead(text, from, index);
          }
          declaration = special && !quoted && kinds === 0 && isDeclarationBuiltin(value);
        }
        continue;
      }
      fd = Number(raw);
    }
    // A redirection: `>`, `>>`, `<`, a descriptor copy `>&N` or a here-doc `<<` or `<<-`
    // (whose body, after a newline, a plain command never has), optionally after a number.
    if (start < 0) start = from;
    const first = text.charCodeAt(index);
    const second = index + 1 < length ? text.charCodeAt(index + 1) : -1;
    let operator: string;
    if (first === 0x3c) {
      if (second === 0x3c) {
        const third = index + 2 < length ? text.charCodeAt(index + 2) : -1;
        if (third === 0x3c) return undefined;
        operator = third === 0x2d ? '<<-' : '<<';
      } else if (second === 0x3e || second === 0x26 || second === 0x28) return undefined;
      else operator = '<';
    } else if (second === 0x3e) operator = '>>';
    else if (second === 0x26) operator = '>&';
    else if (second === 0x7c || second === 0x28) return undefined;
    else operator = '>';
    index += operator.length;
    const blanks = index;
    while (index < length && text.charCodeAt(index) === 0x20) index++;
    if (index - blanks > 1 && blankRuns !== undefined) blankRuns.push(blanks, index);
    // (A `#` there opens a comment: the operator has no target.)
    if (index >= length || text.charCodeAt(index) === 0x23) return undefined;
    const target = readPlainWord(text, index, index, false);
    // A target right before another operator would be read as that one's descriptor number.
    if (target === undefined || wordEnd === index || wordBeforeRedirect) return undefined;
    if (!wordQuoted && target === 'time') return undefined;
    const heredoc = operator === '<<' || operator === '<<-';
    const kinds = wordKinds;
    // A computed target only for `>`, `>>` and `<`: a here-doc delimiter is not expanded.
    if (kinds !== 0 && (heredoc || operator === '>&')) return undefined;
    if (operator === '>&' && (wordQuoted || !isDigits(target))) return undefined;
    index = wordEnd;
    end = index;
    const redirect: ShellRedirect = {
      operator,
      target,
      dynamic: kinds !== 0,
      write: operator === '>' || operator === '>>',
      read: operator === '<',
    };
    if (fd !== undefined) redirect.fd = fd;
    (redirects ??= []).push(redirect);
    if (kinds !== 0) {
      if (reasons.includes(DYNAMIC_TARGET)) repeated = true;
      reasons.push(DYNAMIC_TARGET);
      addKindReasons(kinds, reasons);
    }
    if (heredoc && !reasons.includes(HERE_DOCUMENT)) reasons.push(HERE_DOCUMENT);
  }
  if (start < 0) {
    // Nothing, or a list ending in `&&`, `||` or `|`: the parser's (a syntax error). A list
    // may end in `;` or `&`.
    if (list === undefined || needsCommand) return undefined;
    return listAnalysis(list);
  }
  const command = plainCommand(
    words,
    argv,
    reasons,
    assignments,
    redirects,
    declaration,
    special,
    dynamicAssignment,
    start,
    end,
  );
  if (command === undefined) return undefined;
  if (list !== undefined) {
    if (list.length >= 256) return undefined;
    if (readsPipe) command.readsPipe = true;
    list.push(command);
    if (list.length - pipelineBegin > 1) relabel(list, pipelineBegin, 'pipeline');
    return listAnalysis(list);
  }
  // The analysis lists each reason once (the command may repeat one). Most commands have none.
  let listed: string[] = [];
  if (reasons.length > 0) {
    listed = reasons.slice();
    if (repeated) listed = listed.filter((reason, at) => listed.indexOf(reason) === at);
  }
  return { commands: [command], opaque: reasons.length > 0, opaqueReasons: listed };
}

/**
 * The offset of the syntax error the parser raises for an agent's first line of an `if`,
 * `while` or `until` sent alone — `if [ -f x ]; then`, `while pgrep -x job; do`: the keyword, a
 * plain command or list (maybe after a `!`) (as `plainAnalysis` takes it, without a comment or here-doc), `;`, and
 * `then` or `do` (for `while`/`until`) at the end, blanks around them — or -1 for any other
 * input. The parser reads such input up to its end and reports the error there, at the input's
 * length, having added nothing to the analysis but the error (the commands it read are dropped
 * for the fallback scan's). Its lexer's blank runs up to the error are added to `blankRuns`
 * (left as they were for -1). Only for input under the default caps, which the rejection scan
 * passes: plain text is, and the keywords and blanks around it are. Lets the caller skip the
 * parse and its abort, which costs more than the rest of such a command.
 */
export function plainHeaderError(text: string, blankRuns: number[] | undefined): number {
  const length = text.length;
  let start = 0;
  while (start < length && text.charCodeAt(start) === 0x20) start++;
  // `if`, `while` or `until` and a blank; the keyword that must end the input.
  let close: string;
  let after: number;
  if (text.startsWith('if ', start)) {
    close = 'then';
    after = start + 3;
  } else if (text.startsWith('while ', start)) {
    close = 'do';
    after = start + 6;
  } else if (text.startsWith('until ', start)) {
    close = 'do';
    after = start + 6;
  } else return -1;
  let end = length;
  while (end > after && text.charCodeAt(end - 1) === 0x20) end--;
  if (end - close.length < after || !text.startsWith(close, end - close.length)) return -1;
  let semicolon = end - close.length;
  while (semicolon > after && text.charCodeAt(semicolon - 1) === 0x20) semicolon--;
  semicolon--;
  if (semicolon < after || text.charCodeAt(semicolon) !== 0x3b) return -1;
  let from = after;
  while (from < semicolon && text.charCodeAt(from) === 0x20) from++;
  // A `!` before the condition (`if ! grep -q x f; then`) only negates its first pipeline.
  let bang = -1;
  if (text.charCodeAt(from) === 0x21 && text.charCodeAt(from + 1) === 0x20) {
    bang = from;
    from += 2;
    while (from < semicolon && text.charCodeAt(from) === 0x20) from++;
  }
  // The condition: what the parser reads as commands before the `;`. Without a `#` (a comment
  // would run to the end of the input) or `<<`; not ending in `;` or `&`, which with the `;`
  // after them would be another error.
  let last = semicolon;
  while (last > from && text.charCodeAt(last - 1) === 0x20) last--;
  if (last === from) return -1;
  const final = text.charCodeAt(last - 1);
  if (final === 0x3b || final === 0x26) return -1;
  const condition = text.slice(from, semicolon);
  if (condition.indexOf('#') !== -1 || condition.indexOf('<<') !== -1) return -1;
  const runs: number[] = [];
  if (plainAnalysis(condition, runs) === undefined) return -1;
  if (blankRuns !== undefined) {
    // As the lexer skips them: before the keyword, after it, within the condition, after the
    // `;` and at the end (a run of two or more; these are all spaces).
    if (start > 1) blankRuns.push(0, start);
    if (bang < 0) {
      if (from > after) blankRuns.push(after - 1, from);
    } else {
      if (bang > after) blankRuns.push(after - 1, bang);
      if (from > bang + 2) blankRuns.push(bang + 1, from);
    }
    for (let index = 0; index < runs.length; index++) blankRuns.push(runs[index]! + from);
    if (end - close.length - semicolon - 1 > 1) blankRuns.push(semicolon + 1, end - close.length);
    if (length - end > 1) blankRuns.push(end, length);
  }
  return length;
}
