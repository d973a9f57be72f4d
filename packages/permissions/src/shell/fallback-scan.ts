/**
 * The cheap, linear, best-effort scan used when the structured parse is abandoned (input over
 * the length cap, nesting over the depth cap, a syntax error). It keeps no structure: it
 * splits on every operator, parenthesis, brace and substitution opener (substitutions inside
 * double quotes too), so that every word that could be a command word starts a segment of its
 * own. Redirection targets are kept as redirections (`cat < .env` still shows the read).
 * Identical commands (same argv and redirections) are listed once, until a `cd`, `pushd` or
 * `popd` (after which a command may read other files). The result is always
 * opaque; its only job is to let deny checks see command words.
 */

import { commandWordBasename } from './command-word';
import { opensFunsub } from './funsub';
import { isNameChar, isNameStart, isShellName } from './names';
import { isReservedWord } from './reserved-words';
import {
  hasSubscriptSubstitutions,
  mayEvaluateSubscripts,
  subscriptSubstitutions,
  substitutionBodies,
} from './subscripts';
import type {
  ShellAssignment,
  ShellContext,
  ShellRedirect,
  ShellWord,
  SimpleCommand,
  UnwrappedCommand,
} from './types';
import { needsUnwrap, type UnwrapHost, unwrapCommand } from './unwrap';

/** Placeholder `unwrapped` while `unwrapCommand` runs; shared, so never left on a command. */
const PENDING_UNWRAP: UnwrappedCommand = { wrappers: [], argv: [], words: [], assignments: [] };
/** What the one-command batch holds before its first command (see `listSegment`). */
const PENDING_COMMAND: SimpleCommand = {
  argv: [],
  words: [],
  assignments: [],
  redirects: [],
  unwrapped: PENDING_UNWRAP,
  context: 'top',
  depth: 0,
  opaqueReasons: [],
  start: 0,
  end: 0,
};
/** Builtins after which the same command may read other files (see `listSegment`). */
const DIRECTORY_CHANGES: ReadonlySet<string> = new Set(['cd', 'pushd', 'popd']);
/** The opaque reason of every command the fallback scan lists. */
export const FALLBACK_SCAN_REASON = 'best-effort scan (structure not parsed)';
const REASON = FALLBACK_SCAN_REASON;
/**
 * The opaque reasons and (empty) assignments of a command handed to a visitor: shared, since
 * such a command is checked and dropped, never handed out or added to (two arrays fewer per
 * command: 5% less time on 1 MB of distinct short commands). Not frozen: a frozen array is
 * another kind of array to the optimizer, and the checks reading these would meet two kinds
 * (frozen, the same change measured 5% slower).
 */
export const STREAMED_REASONS: readonly string[] = [REASON];
const NO_ASSIGNMENTS: readonly ShellAssignment[] = [];
const NO_WRAPPERS: readonly string[] = [];
/** The (empty) redirections of such a command that has none (shared, not frozen, as above). */
const STREAMED_NO_REDIRECTS: readonly ShellRedirect[] = [];

/** A copy of `list`: literals for the common short lists, which cost less than `slice`. */
function copyOf<T>(list: readonly T[], length: number): T[] {
  switch (length) {
    case 0:
      return [];
    case 1:
      return [list[0] as T];
    case 2:
      return [list[0] as T, list[1] as T];
    case 3:
      return [list[0] as T, list[1] as T, list[2] as T];
    case 4:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T];
    case 5:
      return [list[0] as T, list[1] as T, list[2] as T, list[3] as T, list[4] as T];
    default:
      return list.slice(0, length);
  }
}

/**
 * The values of `words`, in a new array: literals for the common short commands, which cost
 * less than `map` and its callback.
 */
function valuesOf(words: readonly ShellWord[]): string[] {
  switch (words.length) {
    case 0:
      return [];
    case 1:
      return [(words[0] as ShellWord).value];
    case 2:
      return [(words[0] as ShellWord).value, (words[1] as ShellWord).value];
    case 3:
      return [(words[0] as ShellWord).value, (words[1] as ShellWord).value, (words[2] as ShellWord).value];
    case 4:
      return [
        (words[0] as ShellWord).value,
        (words[1] as ShellWord).value,
        (words[2] as ShellWord).value,
        (words[3] as ShellWord).value,
      ];
    case 5:
      return [
        (words[0] as ShellWord).value,
        (words[1] as ShellWord).value,
        (words[2] as ShellWord).value,
        (words[3] as ShellWord).value,
        (words[4] as ShellWord).value,
      ];
    default:
      return words.map((word) => word.value);
  }
}

/**
 * Whether the unquoted `#` at `at`, where no word is open, starts a comment: at the start or
 * after a blank or an operator (`;&|()` or a newline) — not right after a redirection
 * operator or a brace, where it is left to be read as a word.
 */
function startsComment(text: string, at: number): boolean {
  if (at === 0) return true;
  const previous = text.charCodeAt(at - 1);
  return (
    previous === 0x20 ||
    previous === 0x09 ||
    previous === 0x0a ||
    previous === 0x3b ||
    previous === 0x26 ||
    previous === 0x7c ||
    previous === 0x28 ||
    previous === 0x29
  );
}

/** Whether a backslash before `code` inside double quotes escapes it: `$`, a backquote, `"`, `\`. */
function escapesInDoubleQuotes(code: number): boolean {
  return code === 0x24 || code === 0x60 || code === 0x22 || code === 0x5c;
}

/** Whether a backquote substitution is open (an odd entry of the scan's stack). */
function insideBackquotes(stack: readonly number[]): boolean {
  for (let index = stack.length - 1; index >= 0; index--)
    if (((stack[index] as number) & 1) === 1) return true;
  return false;
}

function isSeparator(code: number): boolean {
  // ; & | ( ) { } ` newline
  return (
    code === 0x3b ||
    code === 0x26 ||
    code === 0x7c ||
    code === 0x28 ||
    code === 0x29 ||
    code === 0x7b ||
    code === 0x7d ||
    code === 0x60 ||
    code === 0x0a
  );
}

/**
 * What each ASCII character is to the scan outside quotes: `SPECIAL` characters (quotes,
 * `$`, backslash, blanks, operators, parentheses, braces, backticks, newline) take the full
 * test; the others only extend the word being read. `GLOB` ones (`* ? ~ [ ]`) may make it
 * dynamic (see `maybeDynamic`); `PLAIN` ones cannot. Characters past ASCII are `PLAIN`.
 */
const PLAIN = 0;
const GLOB = 1;
const SPECIAL = 2;
const CHAR_KIND = new Uint8Array(65536);
// (`#`: it may open a comment.)
for (const character of '$`()\\\'"&;|{}\n \t<>#') CHAR_KIND[character.charCodeAt(0)] = SPECIAL;
for (const character of '*?~[]') CHAR_KIND[character.charCodeAt(0)] = GLOB;

/**
 * The `CHAR_KIND` of `code`, any UTF-16 unit (never NaN: every caller reads inside the text).
 * The table covers all 65,536 (64 KB, the ASCII part the only one read often): one load per
 * character, without a test for ASCII first (3-8% less time for the scan alone on 1 MB).
 */
function charKind(code: number): number {
  return CHAR_KIND[code] as number;
}

/** Whether a `$` followed by `code` expands: a name, a digit, a special parameter, `{ ( [ ' "`. */
function opensExpansion(code: number): boolean {
  return (
    isNameChar(code) ||
    code === 0x7b ||
    code === 0x28 ||
    code === 0x5b ||
    code === 0x27 ||
    code === 0x22 ||
    code === 0x40 ||
    code === 0x2a ||
    code === 0x23 ||
    code === 0x3f ||
    code === 0x2d ||
    code === 0x24 ||
    code === 0x21
  );
}

/**
 * Whether a `~` inside a word after `code` may start a tilde expansion: after `=` or `:`, in
 * a word shaped like an assignment (`PATH=~/bin:~/x`, also as an argument).
 */
function afterTilde(code: number): boolean {
  return code === 0x3d || code === 0x3a;
}

/**
 * Whether the `{` at `at` may open a brace expansion: a later `}` in the word, with a `,` or
 * `x..y` between. Otherwise it stands for itself (`{}`, `-I{}`, `{1`, `{a}`): `xargs -I{}`
 * and `find -exec … {} ;` stay literal, as the parser reads them, so the command they run is
 * listed.
 */
function bracesExpand(text: string, at: number, to: number): boolean {
  const close = text.indexOf('}', at + 1);
  if (close < 0 || close >= to) return false;
  const inside = text.slice(at + 1, close);
  if (inside.includes(',')) return true;
  const dots = inside.indexOf('..');
  return dots > 0 && dots + 2 < inside.length;
}

/**
 * Whether `text[from, to)` may expand: it holds one of `$ * ? { ~`, or a `[` closed by a
 * later `]` (a bracket glob; `[` alone is the test command, as in `if [ -f x ]; then`), but
 * for a `{`, `$` or `~` that expands nothing (see `bracesExpand`, `opensExpansion`,
 * `afterTilde`).
 */
function maybeDynamic(text: string, from: number, to: number, wordStart: number): boolean {
  let bracket = false;
  let doubleQuoted = false;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    // Escaped and quoted characters stand for themselves (`\?`, `'[x]'`); inside double
    // quotes only a `$` may still expand.
    if (code === 0x5c) {
      index++;
      continue;
    }
    if (code === 0x27 && !doubleQuoted) {
      const close = text.indexOf("'", index + 1);
      index = close < 0 || close >= to ? to : close;
      continue;
    }
    if (code === 0x22) {
      doubleQuoted = !doubleQuoted;
      continue;
    }
    if (code === 0x24 && text.charCodeAt(index + 1) === 0x22) continue; // `$"…"`: see `scan`
    // A `$` that opens nothing (`$/x`, `a$`, `$%`) and a `~` inside a word (`z~`, `:~`; not
    // after the `=` or a `:` of an assignment) stand for themselves, as the lexer reads them.
    if (code === 0x24) {
      if (index + 1 < to && opensExpansion(text.charCodeAt(index + 1))) return true;
      continue;
    }
    if (doubleQuoted) continue;
    if (
      code === 0x7e &&
      index > wordStart &&
      !(afterTilde(text.charCodeAt(index - 1)) && isAssignment(text.slice(wordStart, to)))
    )
      continue;
    if (code === 0x7b && !bracesExpand(text, index, to)) continue;
    if (code === 0x2a || code === 0x3f || code === 0x7b || code === 0x7e) return true;
    if (code === 0x5b) bracket = true;
    else if (code === 0x5d && bracket) return true;
  }
  return false;
}

/**
 * Whether `value` starts with `NAME=` or `NAME+=` (no subscript: unlike the lexer, the scan
 * does not read `NAME[…]=` as an assignment).
 */
export function isAssignment(value: string): boolean {
  // Never reads past the end: one such read turns V8's fast `charCodeAt` here into a slow
  // call for good, and every word of an over-cap input comes through.
  const length = value.length;
  if (length === 0 || !isNameStart(value.charCodeAt(0))) return false;
  let index = 1;
  while (index < length && isNameChar(value.charCodeAt(index))) index++;
  if (index < length && value.charCodeAt(index) === 0x2b) index++;
  return index < length && value.charCodeAt(index) === 0x3d;
}

/** The command a substitution was opened in: its words so far, and whether it reads a pipe. */
interface OuterSegment {
  words: ShellWord[];
  piped: boolean;
  /** Where the word the substitution is part of starts (its last word), or -1 (a redirection's). */
  wordStart: number;
  /** The operator of the redirection whose target the substitution is part of, or ''. */
  redirect: string;
  /** Where the command starts: its words' offsets (a script argument's) count from there. */
  segmentStart: number;
}

/** What a word cut short by a command substitution ends with (see `endWord`). */
const SUBSTITUTION_STAND_IN = '$(…)';

const NO_WORDS: readonly ShellWord[] = Object.freeze([]);
const NO_REDIRECTS: readonly ShellRedirect[] = Object.freeze([]);

/**
 * Whether two segments are the same command for every check: the same words (leading
 * assignments and reserved words included) with the same run-time flags, the same
 * redirections (descriptors included), the same context (a pipe feeds `sh`'s input). Equal
 * ones have equal keys.
 */
function sameCommand(
  words: readonly ShellWord[],
  count: number,
  redirects: readonly ShellRedirect[],
  context: ShellContext,
  otherWords: readonly ShellWord[],
  otherRedirects: readonly ShellRedirect[],
  otherContext: ShellContext,
): boolean {
  if (context !== otherContext) return false;
  if (count !== otherWords.length || redirects.length !== otherRedirects.length) return false;
  // From the last word back: segments that differ (`echo 1; echo 2`) mostly differ at the end.
  for (let index = count - 1; index >= 0; index--) {
    const word = words[index] as ShellWord;
    const other = otherWords[index] as ShellWord;
    if (word.value !== other.value || word.dynamic !== other.dynamic) return false;
  }
  for (let index = 0; index < redirects.length; index++) {
    const redirect = redirects[index] as ShellRedirect;
    const other = otherRedirects[index] as ShellRedirect;
    if (
      redirect.operator !== other.operator ||
      redirect.target !== other.target ||
      redirect.dynamic !== other.dynamic ||
      redirect.fd !== other.fd
    )
      return false;
  }
  return true;
}

/**
 * Identity of a segment (see `sameCommand`). The common segment — literal words, no pipe into
 * it — is keyed by its words joined by NUL (the scanned text holds no control characters, so
 * no value does); any other starts with \u0001 and spells out the context and every flag.
 */
export function commandKey(
  words: readonly ShellWord[],
  redirects: readonly ShellRedirect[],
  context: ShellContext,
): string {
  let plain = context !== 'pipeline';
  for (let index = 0; plain && index < words.length; index++) plain = !(words[index] as ShellWord).dynamic;
  for (let index = 0; plain && index < redirects.length; index++)
    plain = !(redirects[index] as ShellRedirect).dynamic;
  let key: string;
  if (!plain) {
    key = `\u0001${context}`;
    for (const word of words) key += `\0${word.dynamic ? '$' : '='}${word.value}`;
    for (const redirect of redirects)
      key += `\0\0${redirect.dynamic ? '$' : '='}${redirect.fd ?? ''}${redirect.operator}${redirect.target}`;
    return key;
  }
  if (words.length <= 1) {
    key = words.length === 0 ? '' : (words[0] as ShellWord).value;
  } else {
    let length = words.length - 1;
    for (const word of words) length += word.value.length;
    if (length < 13) {
      // Short: concatenation is cheaper than `join`, and V8 copies strings this short flat.
      key = (words[0] as ShellWord).value;
      for (let index = 1; index < words.length; index++) key += `\0${(words[index] as ShellWord).value}`;
    } else {
      // `join` builds a flat string; a concatenated (cons) key is flattened again by the lookup.
      key = words.map((word) => word.value).join('\0');
    }
  }
  for (const redirect of redirects) key += `\0\0${redirect.fd ?? ''}${redirect.operator}${redirect.target}`;
  return key;
}

/**
 * Scans `text` in one pass and appends one opaque command per segment with words to
 * `commands`. Script arguments (`sh -c '...'`) are scanned the same way, up to `maxDepth`.
 */
export function fallbackScan(
  text: string,
  commands: SimpleCommand[] = [],
  depth = 0,
  maxDepth = 16,
  base = 0,
): SimpleCommand[] {
  new FallbackScanner(text, commands, depth, maxDepth, base, undefined).scan();
  return commands;
}

/**
 * `fallbackScan` that reads every copy of a repeated segment instead of skipping the copies
 * (`skipCopies`): for the tests that hold the two to the same commands.
 */
export function fallbackScanReadingCopies(text: string, maxDepth = 16): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  new FallbackScanner(text, commands, 0, maxDepth, 0, undefined, false, false).scan();
  return commands;
}

/**
 * Receives each segment's commands from `fallbackScanEach`. `listed` is false for a segment
 * `fallbackScan` would leave out, as identical to one listed before (known only when the scan
 * is `keyed`; else always true). Returning `true` says the visitor needs no more such answers:
 * a keyed scan stops keying, and `listed` is true from then on.
 */
export type SegmentVisitor = (batch: readonly SimpleCommand[], listed: boolean) => boolean | undefined;

/**
 * `fallbackScan` of `text` at top level that keeps nothing: each segment's commands (the
 * command, then those derived from it and those of its script arguments) are handed to
 * `visit` as soon as the segment is scanned, in the order `fallbackScan` would list them, and
 * the batch array is emptied for the next segment. A 1 MB paste of distinct commands is
 * 100,000 commands: checked as they are found, none of them outlives the young generation.
 * Unlike `fallbackScan` it hands a repeated command over again, unless it repeats the one
 * before; `keyed`, it also says which of them `fallbackScan` would leave out (a key per
 * segment: a caller that only checks commands does better checking the repeats again).
 * `skips` false reads every copy of a repeated segment (see `skipCopies`; for tests).
 * Returns how many commands were visited.
 */
export function fallbackScanEach(
  text: string,
  maxDepth: number,
  visit: SegmentVisitor,
  keyed = false,
  skips = true,
): number {
  const scanner = new FallbackScanner(text, [], 0, maxDepth, 0, visit, keyed, skips);
  scanner.scan();
  return scanner.visited;
}

/**
 * The state of one scan. A class rather than closures over `let`s: inputs up to the length
 * cap (and beyond) come through here, and per-call closures defeat the optimizer's inlining.
 */
class FallbackScanner implements UnwrapHost {
  /**
   * The words of the segment being read: the first `wordCount` (set in place: emptying it is
   * setting the count, where popping each word cost a call per word; the entries past the
   * count are left over from earlier segments).
   */
  private readonly words: ShellWord[] = [];
  private wordCount = 0;
  private redirects: ShellRedirect[] = [];
  private segmentStart = 0;
  private value = '';
  /** Start of the pending literal run of the current word, or -1. */
  private run = -1;
  private wordStart = -1;
  /**
   * When above `wordStart`: the word's text up to here is `PLAIN` characters, which
   * `maybeDynamic` need not read again. (Below it, it is left over from an earlier word.)
   */
  private plainUntil = -1;
  /** The word so far is one unquoted run: its value is its raw text. */
  private plain = true;
  /** `<`/`>` characters seen before the next word. */
  private redirectOperator = '';
  private redirectTarget = '';
  /** The descriptor written before the pending redirection (`2>f`, `0<&4`), or -1. */
  private redirectFd = -1;
  /** Identical commands are listed once: a repeated command adds nothing to a deny check. */
  private seen: Set<string> | undefined = undefined;
  /** The command of the last segment that had one (it is listed, its key in `seen` or pending). */
  private lastWords: readonly ShellWord[] | undefined = undefined;
  private lastRedirects: readonly ShellRedirect[] = NO_REDIRECTS;
  private lastContext: ShellContext = 'top';
  /** The first command listed, whose key is only built once a second one needs comparing. */
  private firstWords: ShellWord[] | undefined = undefined;
  private firstRedirects: ShellRedirect[] = [];
  private firstContext: ShellContext = 'top';
  /**
   * The first word of the last segment read whose first word is no assignment or reserved
   * word ('' before one, which is neither too).
   */
  private lastCommandWord = '';
  /**
   * The last command word `needsUnwrap` or `mayEvaluateSubscripts` was asked about (not
   * dynamic), and the answers for it (see `learnHead`).
   */
  private unwrapWord: string | undefined = undefined;
  private unwrapNeeded = false;
  private headSubscripts = false;
  /** The open word continues into a command substitution: its value is computed at run time. */
  private substituted = false;
  /** How many words of the segment are the command a substitution closed in (see `resumeAfter`). */
  private resumedWords = 0;
  /** The segment before this one was piped into it (`… | sh`): it reads that output. */
  private piped = false;
  /**
   * Where the first word of a segment started with nothing pending before it (no word, no
   * redirection, no pipe into it), or -1; left over from an earlier segment until the next such
   * start (see `skipCopies`, which only trusts it across blanks and word characters).
   */
  private unitStart = -1;
  /** The last `endSegment` found its segment like the last one listed, and listed nothing. */
  private repeated = false;
  /** The one-command batch handed to `visit` (see `listSegment`). */
  private readonly alone: SimpleCommand[] = [PENDING_COMMAND];
  /** Commands handed to `visit` so far (see `fallbackScanEach`). */
  visited = 0;

  constructor(
    private readonly text: string,
    private readonly commands: SimpleCommand[],
    private readonly depth: number,
    private readonly maxDepth: number,
    private readonly base: number,
    /** Set on a top-level scan that hands each segment's commands over instead of keeping them. */
    private readonly visit: SegmentVisitor | undefined,
    /** With `visit`: repeated segments are keyed, to tell `visit` which are (see `SegmentVisitor`). */
    private keyed = false,
    /** Exact copies of a repeated segment are skipped (see `skipCopies`); off only in tests. */
    private readonly skips = true,
  ) {}

  parseScript(script: string, offset: number, scriptDepth: number): void {
    if (scriptDepth < this.maxDepth)
      new FallbackScanner(
        script,
        this.commands,
        scriptDepth + 1,
        this.maxDepth,
        offset,
        undefined,
        false,
        this.skips,
      ).scan();
  }

  /**
   * A command found in another's arguments (`xargs CMD`, `find -exec CMD ;`), unwrapped in
   * turn as the parser does (`find -exec sudo tar …` lists `tar`, `xargs sh -c '…'` the
   * script's commands). Past the depth cap it is still listed, as it is: its command word
   * stays in sight of the deny checks.
   */
  emitDerived(
    derivedWords: ShellWord[],
    _starts: number[],
    derivedDepth: number,
    context: ShellContext,
    reason: string,
  ): void {
    const argv = derivedWords.map((word) => word.value);
    const command: SimpleCommand = {
      argv,
      words: derivedWords,
      assignments: [],
      redirects: [],
      unwrapped: { wrappers: [], argv, words: derivedWords, assignments: [] },
      context,
      depth: derivedDepth + 1,
      opaqueReasons: [REASON, reason],
      start: this.base,
      end: this.base,
    };
    this.commands.push(command);
    if (derivedDepth + 1 < this.maxDepth)
      command.unwrapped = unwrapCommand(derivedWords, this.base, derivedDepth + 1, this, argv);
  }

  private flush(at: number): void {
    if (this.run >= 0 && this.run < at) this.value += this.text.slice(this.run, at);
  }

  private endWord(at: number): void {
    const wordStart = this.wordStart;
    if (wordStart >= 0) {
      const text = this.text;
      let raw: string;
      let value: string;
      if (this.plain) {
        raw = text.slice(wordStart, at);
        value = raw;
      } else {
        this.flush(at);
        raw = text.slice(wordStart, at);
        value = this.value;
      }
      const dynamic =
        this.substituted || maybeDynamic(text, Math.max(this.plainUntil, wordStart), at, wordStart);
      // The substitution's text is scanned as commands of its own; the word keeps a stand-in
      // for it, as the parser's value keeps `$(…)`: checks that read a word as a command line
      // (`sudo -s echo "$(printf 'rm x')"`, `ssh h "$(…)"`) see computed text, not ''.
      if (this.substituted) value += SUBSTITUTION_STAND_IN;
      if (this.redirectTarget !== '') {
        const redirect: ShellRedirect = {
          operator: this.redirectTarget,
          target: value,
          dynamic,
          write: this.redirectTarget.includes('>'),
          read: this.redirectTarget.includes('<'),
        };
        if (this.redirectFd >= 0) redirect.fd = this.redirectFd;
        this.redirects.push(redirect);
        this.redirectTarget = '';
        this.redirectFd = -1;
      } else {
        this.words[this.wordCount++] = { value, raw, dynamic, glob: false, quoted: !this.plain };
      }
    }
    this.value = '';
    this.run = -1;
    this.wordStart = -1;
    this.plain = true;
    this.substituted = false;
  }

  /**
   * A command substitution (`$(`, a backtick or `${ `) opens at `at`: its output becomes part
   * of the word being read, or a word of its own — computed at run time either way
   * (`$(printf rm) x`, `eval "$(…)"`, `bash -c "$(…)"`), so the segment ends with that word
   * marked dynamic. Returns the segment's words and pipe mark, which `resumeAfter` gives back
   * once the substitution closes: the words after it are the same command's
   * (`find $(pwd) -exec rm {} ;` runs `rm`, which only `find`'s whole argv shows).
   */
  private substitutionAt(at: number): OuterSegment {
    if (this.wordStart < 0) {
      this.beginWord(at);
      this.run = at;
    }
    this.substituted = true;
    const redirect = this.redirectTarget;
    const wordStart = redirect === '' ? this.wordStart : -1;
    this.endWord(at);
    const outer: OuterSegment = {
      words: copyOf(this.words, this.wordCount),
      piped: this.piped,
      wordStart,
      redirect,
      segmentStart: this.segmentStart,
    };
    this.endSegment(at);
    return outer;
  }

  /**
   * A substitution closed: what its last segment read is listed, and the command it was
   * opened in goes on (see `substitutionAt`). Its first part, up to the substitution, was
   * listed already; listed again whole, it is one more command for the checks, never fewer.
   */
  private resumeAfter(at: number, outer: OuterSegment | undefined): void {
    this.endSegment(at);
    if (outer === undefined) return;
    const words = outer.words;
    // The word the substitution is part of goes on (`DISPLAY=$(h):0 skype`, `$(pwd)/*`): it
    // is open again, with its value so far (the stand-in ends it) and its start.
    const open =
      outer.wordStart >= 0 && words.length > 0 ? (words[words.length - 1] as ShellWord) : undefined;
    const kept = open === undefined ? words.length : words.length - 1;
    for (let index = 0; index < kept; index++) this.words[this.wordCount++] = words[index] as ShellWord;
    this.resumedWords = words.length;
    this.segmentStart = outer.segmentStart;
    if (open !== undefined) {
      this.wordStart = outer.wordStart;
      this.value = open.value;
      this.plain = false;
      this.run = -1;
      this.plainUntil = -1;
    } else if (outer.redirect !== '' && at + 1 < this.text.length) {
      // A redirection's target going on after it (`>$(x)..`): the rest is a target too.
      const next = this.text.charCodeAt(at + 1);
      if (!(next === 0x20 || next === 0x09 || next === 0x3c || next === 0x3e || isSeparator(next)))
        this.redirectOperator = outer.redirect;
    }
    this.piped = outer.piped;
  }

  private endSegment(at: number): void {
    this.endWord(at);
    const words = this.words;
    const count = this.wordCount;
    const redirects = this.redirects;
    // After a substitution (see `resumeAfter`), the words that follow it are also listed on
    // their own, as the scan read them before it resumed the command (`make -j$(nproc)
    // SHELL=x` lists `SHELL=x` as an assignment too): one reading more, never one fewer.
    const resumed = this.resumedWords;
    this.resumedWords = 0;
    const tail = resumed > 0 && count > resumed ? words.slice(resumed, count) : undefined;
    this.repeated = false;
    if (count > 0 || redirects.length > 0) {
      const context: ShellContext = this.piped ? 'pipeline' : this.depth === 0 ? 'top' : 'shell-string';
      const lastWords = this.lastWords;
      if (
        lastWords !== undefined &&
        sameCommand(words, count, redirects, context, lastWords, this.lastRedirects, this.lastContext)
      ) {
        // A segment like the last one listed (`echo a; echo a; ...`) is not listed again, and
        // is known without reading its words: it has the same words, so the same command word
        // and assignments. Nothing keeps its arrays: they are emptied for the next segment.
        this.wordCount = 0;
        while (redirects.length > 0) redirects.pop();
        this.piped = false;
        this.repeated = tail === undefined;
      } else {
        // The command gets a copy of the words, sized once; the scanner's are emptied.
        const listed = copyOf(words, count);
        this.wordCount = 0;
        this.listSegment(at, listed, redirects, context);
      }
      if (tail !== undefined) this.listSegment(at, tail, [], context);
    }
    this.segmentStart = at + 1;
    this.redirectOperator = '';
    this.redirectTarget = '';
    this.redirectFd = -1;
  }

  /** Lists the command of a segment with words or redirections unlike the last one listed. */
  private listSegment(
    at: number,
    words: ShellWord[],
    redirects: ShellRedirect[],
    context: ShellContext,
  ): void {
    // Leading reserved words and assignments are not the command word. The assignments are
    // kept (the floor checks `LD_PRELOAD=… ls` and a bare `PATH=…` here too), and so is the
    // variable a `for`/`select` loop assigns.
    let assignments: ShellAssignment[] | undefined;
    let first = 0;
    const head = words[0];
    // A segment that starts with the plain command word of the last one (`echo 1; echo 2`) has
    // no leading assignment or reserved word: that is known of the word, without reading it.
    const last = this.lastCommandWord;
    const known = head !== undefined && head.value === last;
    if (known) {
      // The same string for the same name, segment after segment: the checks' lookups by the
      // command word (the floor's table, basenames) find its hash already computed.
      if (head.raw === head.value) head.raw = last;
      head.value = last;
    }
    while (!known && first < words.length) {
      const word = words[first] as ShellWord;
      const value = word.value;
      // Quoted, neither is what it looks like (`\time`, `"X=1"`): bash reads them as words.
      if (isAssignment(word.raw)) {
        const equals = value.indexOf('=');
        const name = value.slice(0, value.charCodeAt(equals - 1) === 0x2b ? equals - 1 : equals);
        (assignments ??= []).push({
          name,
          value: value.slice(equals + 1),
          dynamic: word.dynamic,
          form: 'prefix',
        });
        first++;
      } else if (!word.quoted && isReservedWord(value)) {
        first++;
        const next = words[first];
        if ((value === 'for' || value === 'select') && next !== undefined && isShellName(next.value)) {
          (assignments ??= []).push({ name: next.value, value: '', dynamic: true, form: 'loop' });
          // `for i do …` (the positional parameters, no `in` list): the body follows the name.
          if (words[first + 1]?.value === 'do') first++;
        } else if (value === 'time') {
          // `time -p`, `time --`, `time -p --`: the keyword's options, as bash reads them.
          if (next?.value === '-p') first++;
          if (words[first]?.value === '--') first++;
        }
      } else {
        break;
      }
    }
    if (first === 0 && head !== undefined && !head.quoted) this.lastCommandWord = head.value;
    // Reserved words alone (`do`, `fi`): no command.
    if (first === words.length && redirects.length === 0 && assignments === undefined) return;
    // The redirections too are copied, and the scanner's emptied for the next segment.
    let listedRedirects: ShellRedirect[];
    if (redirects.length > 0) {
      listedRedirects = copyOf(redirects, redirects.length);
      while (redirects.length > 0) redirects.pop();
    } else {
      // A command handed over gets the shared empty list (see `STREAMED_REASONS`).
      listedRedirects = this.visit === undefined ? [] : (STREAMED_NO_REDIRECTS as ShellRedirect[]);
    }
    const kept = first === 0 ? words : words.slice(first);
    if (first === words.length && assignments !== undefined) {
      for (const assignment of assignments) if (assignment.form === 'prefix') assignment.form = 'bare';
    }
    const listed = this.isNew(words, listedRedirects, context);
    if (listed || this.visit !== undefined) {
      const argv = valuesOf(kept);
      const start = this.base + this.segmentStart;
      const command: SimpleCommand = {
        argv,
        words: kept,
        assignments: assignments ?? (this.visit === undefined ? [] : (NO_ASSIGNMENTS as ShellAssignment[])),
        redirects: listedRedirects,
        unwrapped: PENDING_UNWRAP,
        context,
        depth: this.depth,
        opaqueReasons: this.visit === undefined ? [REASON] : (STREAMED_REASONS as string[]),
        start,
        end: this.base + at,
      };
      if (this.piped) command.readsPipe = true;
      // `unset 'a[$(cmd)]'`, `n='a[$(cmd)]'`: substitutions a builtin will expand (see subscripts.ts).
      // (Without assignments, only a command word that may evaluate subscripts can find any:
      // `hasSubscriptSubstitutions` answers false for every other, so it is not asked.)
      const subscripts =
        (assignments !== undefined || this.mayEvaluateSubscripts(kept)) &&
        hasSubscriptSubstitutions(kept, assignments, true);
      if (this.visit !== undefined && !subscripts && !this.needsUnwrap(kept)) {
        // What `unwrapCommand` returns for it, with the shared empty arrays: the command is
        // checked and dropped (three objects fewer per command, one here). Nothing else is
        // words with it: it is handed over alone, in an array kept for that.
        command.unwrapped = {
          wrappers: NO_WRAPPERS as string[],
          argv,
          words: kept,
          assignments: NO_ASSIGNMENTS as ShellAssignment[],
        };
        const alone = this.alone;
        alone[0] = command;
        this.visited++;
        if (this.visit(alone, listed) === true) this.stopKeying();
      } else {
        this.commands.push(command);
        try {
          command.unwrapped = unwrapCommand(kept, start, this.depth, this, argv);
        } catch (error) {
          command.unwrapped = { wrappers: [], argv: [], words: [], assignments: [] };
          throw error;
        }
        if (subscripts) {
          for (const { text } of subscriptSubstitutions(command.unwrapped.words, command.assignments, true)) {
            for (const { body } of substitutionBodies(text)) this.parseScript(body, start, this.depth);
          }
        }
        if (this.visit !== undefined) {
          // Complete now: the command is unwrapped, its derived and script commands words.
          this.visited += this.commands.length;
          const batch = this.commands;
          if (this.visit(batch, listed) === true) this.stopKeying();
          // `pop` down rather than `length = 0`: a batch is usually one command, and `pop` is
          // inlined where setting the length is a call into the runtime.
          while (batch.length > 0) batch.pop();
        }
      }
      if (this.seen !== undefined || this.firstWords !== undefined) {
        const head = command.unwrapped.argv[0];
        // After a directory change a command equal to one listed before may read other files
        // (`cat .npmrc; cd ~; cat .npmrc; )`: the second reads `~/.npmrc`), so it is listed
        // again, for the floor to resolve its paths where it runs.
        if (head !== undefined && DIRECTORY_CHANGES.has(commandWordBasename(head))) {
          this.seen = undefined;
          this.firstWords = undefined;
        }
      }
    }
    this.piped = false;
  }

  /** The visitor needs no more `listed` answers: no more keys (the repeats are checked again). */
  private stopKeying(): void {
    this.keyed = false;
    this.seen = undefined;
  }

  /**
   * `needsUnwrap(words)`, which reads only the first word's value and flag: asked again of an
   * equal value (the `echo` of `echo 1; echo 2`), the last answer.
   */
  private needsUnwrap(words: readonly ShellWord[]): boolean {
    const head = words[0];
    if (head === undefined || head.dynamic) return false;
    this.learnHead(head.value, words);
    return this.unwrapNeeded;
  }

  /**
   * Whether the command word of `words` (literal) may evaluate subscripts in its operands
   * (`mayEvaluateSubscripts`, which reads only the word's value); false for a computed or no
   * command word, of which `hasSubscriptSubstitutions` reads only the assignments. Asked again
   * of an equal value, the last answer.
   */
  private mayEvaluateSubscripts(words: readonly ShellWord[]): boolean {
    const head = words[0];
    if (head === undefined || head.dynamic) return false;
    this.learnHead(head.value, words);
    return this.headSubscripts;
  }

  /** What `needsUnwrap` and `mayEvaluateSubscripts` answer for a literal command word `value`. */
  private learnHead(value: string, words: readonly ShellWord[]): void {
    if (value === this.unwrapWord) return;
    this.unwrapWord = value;
    this.unwrapNeeded = needsUnwrap(words);
    this.headSubscripts = mayEvaluateSubscripts(value);
  }

  /**
   * Whether a segment's command (words after quote removal, and redirections) is not listed
   * yet. The first one needs no key: most scans (short commands with a syntax error) list one
   * or two commands, and a key costs a join and a hash.
   */
  private isNew(words: ShellWord[], redirects: ShellRedirect[], context: ShellContext): boolean {
    // A segment like the last one listed is known without a key (see `endSegment`): this one
    // is not. (Equal segments have equal keys; unequal ones go on to the key.)
    // Empty arrays may be the scanner's own, filled again by the next segment: keep none of them.
    this.lastWords = words.length === 0 ? NO_WORDS : words;
    this.lastRedirects = redirects.length === 0 ? NO_REDIRECTS : redirects;
    this.lastContext = context;
    // A scan that hands its commands over keys none unless asked: a repeat only costs another
    // check, and on 1 MB of agent commands checking the repeats again took less time than
    // keying them all.
    if (this.visit !== undefined && !this.keyed) return true;
    if (this.firstWords === undefined) {
      this.firstWords = words;
      this.firstRedirects = redirects;
      this.firstContext = context;
      return true;
    }
    let seen = this.seen;
    if (seen === undefined) {
      const firstKey = commandKey(this.firstWords, this.firstRedirects, this.firstContext);
      seen = new Set();
      seen.add(firstKey);
      this.seen = seen;
    }
    // One hash lookup instead of `has` then `add`: the key is new when the set grew.
    const size = seen.size;
    seen.add(commandKey(words, redirects, context));
    return seen.size !== size;
  }

  /**
   * True when a `{` or `}` at `index` belongs to a word (`{rm,-rf,/}`, `cu{r,}l`, `${x}`)
   * rather than standing alone as a group brace (`{ ls; }`): bash reads `{` as a reserved
   * word only when a blank follows it, `}` only when a blank or an operator does, and either
   * brace only outside a word. Read as part of
   * the word, the brace makes it dynamic, so a brace-expanded command word is seen as computed
   * at run time (denied while deny rules exist) instead of split into harmless pieces.
   */
  private insideBraceWord(code: number, index: number): boolean {
    if (code !== 0x7b && code !== 0x7d) return false;
    if (this.wordStart >= 0) return true;
    const next = this.text.charCodeAt(index + 1);
    if (Number.isNaN(next) || next === 0x20 || next === 0x09 || next === 0x0a) return false;
    // A `}` closes a group only as a word of its own: `}y` is a command named `}y`.
    if (code === 0x7d)
      return !(
        next === 0x3b ||
        next === 0x26 ||
        next === 0x7c ||
        next === 0x28 ||
        next === 0x29 ||
        next === 0x3c ||
        next === 0x3e
      );
    return true;
  }

  /**
   * True when the `&` at `index` belongs to a redirection rather than ending a command:
   * `<&3`, `>&2` (right after `<` or `>`), `&>file`, `&>>file` (right before `>`). Read as a
   * separator, `bash <&3` would lose the descriptor its script comes from.
   */
  private redirectAmpersand(index: number): boolean {
    const previous = this.text.charCodeAt(index - 1);
    if (this.redirectOperator !== '' && (previous === 0x3c || previous === 0x3e)) return true;
    return this.text.charCodeAt(index + 1) === 0x3e && previous !== 0x26;
  }

  /** True after `>&` or `<&` (not `&>`): a `-` there closes the descriptor. */
  private closesDescriptor(): boolean {
    const operator = this.redirectOperator;
    return operator === '>&' || operator === '<&';
  }

  /** True when the word open before the `<` or `>` at `index` is a bare descriptor number. */
  private descriptorBefore(index: number): boolean {
    const start = this.wordStart;
    if (start < 0 || !this.plain || this.substituted || this.redirectTarget !== '') return false;
    if (this.redirectOperator !== '' || index - start > 9) return false;
    for (let at = start; at < index; at++) {
      const code = this.text.charCodeAt(at);
      if (code < 0x30 || code > 0x39) return false;
    }
    return true;
  }

  /** Starts a word at `at` if none is open. */
  private beginWord(at: number): void {
    if (this.wordStart >= 0) return;
    this.wordStart = at;
    if (this.redirectOperator !== '') {
      this.redirectTarget = this.redirectOperator;
      this.redirectOperator = '';
    }
  }

  /**
   * Skips the exact copies of a repeated segment that follow it, returning where the first
   * text that is not one starts (`next` when there is none). The segment just ended at
   * `terminator` (a `;` or newline) was like the last one listed, so it listed nothing and left
   * the scan as it found it; `next` is where the blanks after its terminator end. When its text
   * from `from` (its first word, begun with nothing pending) to `next` is word characters and
   * blanks alone, every copy of that text that follows is read the same way from the same state
   * — the same words, like the last one listed again — so skipping a copy leaves what reading
   * it would: nothing listed, only the segment's start moved. (`echo a; ` × 131,072 is read
   * twice, then compared with `startsWith`, which is native.)
   */
  private skipCopies(from: number, terminator: number, next: number): number {
    const text = this.text;
    const unit = next - from;
    if (next + unit > text.length || text.charCodeAt(next) !== text.charCodeAt(from)) return next;
    if (text.charCodeAt(next + (terminator - from)) !== text.charCodeAt(terminator)) return next;
    for (let index = from; index < terminator; index++) {
      const code = text.charCodeAt(index);
      if (code !== 0x20 && code !== 0x09 && charKind(code) !== PLAIN) return next;
    }
    // Compared a block of copies at a time: the block doubles while it matches (up to 64 kB),
    // then halves down to one copy, so a run of k copies costs about 2·log k comparisons and a
    // memory compare of its length, not k calls.
    let block = text.slice(from, next);
    let growing = true;
    let at = next;
    for (;;) {
      if (at + block.length <= text.length && text.startsWith(block, at)) {
        at += block.length;
        if (growing && block.length < 1 << 16) block += block;
      } else if (block.length > unit) {
        growing = false;
        block = block.slice(0, block.length / 2);
      } else {
        break;
      }
    }
    if (at > next) this.segmentStart = at - unit + (terminator - from) + 1;
    return at;
  }

  scan(): void {
    const text = this.text;
    const length = text.length;
    let quote = 0; // 0 none, 0x27 single, 0x22 double
    // Quote state saved at each open `$(`, `(` or backtick, restored at its close: the text of
    // a substitution inside double quotes is scanned unquoted, and the quotes resume after it.
    // Entries: saved quote * 2, plus 1 for a backtick.
    const stack: number[] = [];
    // The stack's length after each open `${ cmd; }` (bash 5.3) pushed its entry.
    const funsubs: number[] = [];
    /** Beside each entry of `stack`: the command a substitution was opened in (none for `(`). */
    const outers: (OuterSegment | undefined)[] = [];
    /** The depths of `stack` whose entry is a backquote written `\``, nested in backquotes. */
    const escapedTicks: number[] = [];
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x2d && quote === 0 && this.wordStart < 0 && this.closesDescriptor()) {
        // Right after `>&` or `<&` (blanks between or not), bash reads a `-` as a word of its
        // own — the descriptor is closed — and what follows it as the next word: `>&-rm x`
        // and `>& -rm x` run `rm x`.
        this.beginWord(index);
        this.endWord(index + 1);
        continue;
      }
      if (quote === 0 && charKind(code) !== SPECIAL) {
        // A word character: it and the word characters after it only extend the word (what
        // the last branch below does for each), so the run is skipped in one tight loop.
        let end = index + 1;
        if (this.wordStart < 0) {
          // The word opens with a run that cannot expand: `endWord`'s test starts after it.
          let whole = charKind(code) === PLAIN;
          // The character after the run (a newline at the text's end).
          let next = 0x0a;
          if (whole) {
            while (end < length && charKind(text.charCodeAt(end)) === PLAIN) end++;
            if (end < length) next = text.charCodeAt(end);
            whole = next === 0x20 || next === 0x09 || next === 0x3b || next === 0x0a;
          }
          if (whole && this.redirectOperator === '') {
            if (this.wordCount === 0 && this.redirects.length === 0 && !this.piped) this.unitStart = index;
            // All of the word is that run, and a blank, `;` or newline ends it (or the text
            // does): the word `beginWord` and `endWord` would make of it, made here, and the
            // state `endWord` leaves (a closed quote after a substitution, `"$(…)"x`, may have
            // left a run start). No word is open after it, so a blank has nothing to end.
            const raw = text.slice(index, end);
            this.words[this.wordCount++] = { value: raw, raw, dynamic: false, glob: false, quoted: false };
            this.plainUntil = end;
            this.run = -1;
            index = end;
            if (end < length && (next === 0x3b || next === 0x0a)) {
              this.endSegment(end);
              // Blanks after it (`echo 1; echo 2`) would end no word: `endSegment` ended it.
              while (index + 1 < length) {
                const after = text.charCodeAt(index + 1);
                if (after !== 0x20 && after !== 0x09) break;
                index++;
              }
              if (this.repeated && this.unitStart >= 0 && this.skips)
                index = this.skipCopies(this.unitStart, end, index + 1) - 1;
            }
            continue;
          }
          this.beginWord(index);
          this.run = index;
          if (charKind(code) === PLAIN) this.plainUntil = end;
        } else if (this.run < 0) {
          this.run = index;
        }
        while (end < length && charKind(text.charCodeAt(end)) !== SPECIAL) end++;
        index = end - 1;
        continue;
      }
      if (quote === 0) {
        // The commonest others, unquoted, ahead of the tests below, which they would pass
        // through to the same end: a blank ends the word, `;` or a newline the segment.
        if (code === 0x20 || code === 0x09) {
          this.endWord(index);
          continue;
        }
        if (code === 0x3b || code === 0x0a) {
          this.endSegment(index);
          continue;
        }
        if (code === 0x23 && this.wordStart < 0 && startsComment(text, index)) {
          // A comment runs to the end of the line (inside backquotes, to the first backquote,
          // which ends their body first): a quote in it opens nothing.
          let end = text.indexOf('\n', index);
          if (end < 0) end = length;
          if (stack.length > 0 && insideBackquotes(stack)) {
            const tick = text.indexOf('`', index);
            if (tick >= 0 && tick < end) end = tick;
          }
          index = end - 1;
          continue;
        }
      } else if (quote === 0x22) {
        // Inside double quotes only `"`, a backslash, `$` and a backtick do anything: the
        // characters up to the next of those are skipped in one tight loop.
        if (code !== 0x22 && code !== 0x5c && code !== 0x24 && code !== 0x60) {
          let end = index + 1;
          while (end < length) {
            const next = text.charCodeAt(end);
            if (next === 0x22 || next === 0x5c || next === 0x24 || next === 0x60) break;
            end++;
          }
          index = end - 1;
          continue;
        }
      } else if (code !== 0x27) {
        // Inside single quotes only the closing quote does anything: found natively. (And a
        // backquote, inside backquotes: the first one ends the body, quoted or not.)
        const close = text.indexOf("'", index + 1);
        let end = close < 0 ? length : close;
        if (stack.length > 0 && insideBackquotes(stack)) {
          const tick = text.indexOf('`', index);
          if (tick >= 0 && tick < end) {
            end = tick;
            quote = 0;
          }
        }
        index = end - 1;
        continue;
      }
      if (quote !== 0x27) {
        if (code === 0x5c && text.charCodeAt(index + 1) === 0x60 && insideBackquotes(stack)) {
          // Inside backquotes `\`` opens (and closes) a nested substitution: bash takes the
          // body's backslash away before it parses it (`echo \`echo \\\`rm x\\\`\``).
          if (quote === 0 && escapedTicks[escapedTicks.length - 1] === stack.length) {
            escapedTicks.pop();
            quote = stack.pop()! >> 1;
            this.resumeAfter(index, outers.pop());
          } else {
            stack.push(quote * 2 + 1);
            escapedTicks.push(stack.length);
            quote = 0;
            outers.push(this.substitutionAt(index));
          }
          index++;
          continue;
        }
        if (code === 0x24 && text.charCodeAt(index + 1) === 0x7b && opensFunsub(text, index)) {
          // `${ cmd; }` / `${| cmd; }`: its body is commands, up to a `}` starting a word.
          stack.push(quote * 2);
          funsubs.push(stack.length);
          quote = 0;
          outers.push(this.substitutionAt(index));
          index += text.charCodeAt(index + 2) === 0x7c ? 2 : 1;
          continue;
        }
        if (
          code === 0x7d &&
          quote === 0 &&
          this.wordStart < 0 &&
          funsubs.length > 0 &&
          funsubs[funsubs.length - 1] === stack.length
        ) {
          funsubs.pop();
          quote = stack.pop()! >> 1;
          this.resumeAfter(index, outers.pop());
          continue;
        }
        if (code === 0x24 && text.charCodeAt(index + 1) === 0x28) {
          stack.push(quote * 2);
          quote = 0;
          outers.push(this.substitutionAt(index));
          index++;
          continue;
        }
        if (code === 0x60) {
          if (insideBackquotes(stack)) {
            // The backquote closes the innermost open one, whatever opened since inside it
            // (bash finds the end of a backquote body before it parses the body: `\`<(a\``).
            for (;;) {
              if (escapedTicks[escapedTicks.length - 1] === stack.length) escapedTicks.pop();
              if (funsubs[funsubs.length - 1] === stack.length) funsubs.pop();
              const top = stack.pop()!;
              const outer = outers.pop();
              if ((top & 1) === 1) {
                quote = top >> 1;
                this.resumeAfter(index, outer);
                break;
              }
            }
          } else {
            stack.push(quote * 2 + 1);
            quote = 0;
            outers.push(this.substitutionAt(index));
          }
          continue;
        }
        if (quote === 0 && (code === 0x28 || code === 0x29)) {
          if (code === 0x28) {
            stack.push(0);
            outers.push(undefined);
            this.endSegment(index);
          } else {
            const top = stack[stack.length - 1];
            // (Not the entry of an open `${ cmd; }`: only its `}` closes it.)
            if (top !== undefined && (top & 1) === 0 && funsubs[funsubs.length - 1] !== stack.length) {
              stack.pop();
              quote = top >> 1;
              this.resumeAfter(index, outers.pop());
            } else {
              this.endSegment(index);
            }
          }
          continue;
        }
      }
      if (quote === 0x27) {
        if (code === 0x27) {
          this.flush(index);
          this.run = index + 1;
          quote = 0;
        }
        continue;
      }
      if (code === 0x5c && text.charCodeAt(index + 1) === 0x0a) {
        // A line continuation: the backslash and the newline are removed, the word goes on.
        if (this.wordStart >= 0) {
          this.plain = false;
          this.flush(index);
          this.run = index + 2;
        }
        index++;
        continue;
      }
      if (
        code === 0x5c &&
        index + 1 < length &&
        (quote !== 0x22 || escapesInDoubleQuotes(text.charCodeAt(index + 1)))
      ) {
        this.beginWord(index);
        this.plain = false;
        this.flush(index);
        this.run = index + 1;
        index++;
        continue;
      }
      if (quote === 0x22) {
        if (code === 0x22) {
          this.flush(index);
          this.run = index + 1;
          quote = 0;
        }
        continue;
      }
      if (code === 0x24 && text.charCodeAt(index + 1) === 0x22) {
        // A locale string `$"env"` is read as its text, as the parser reads it: drop the `$`.
        this.beginWord(index);
        this.plain = false;
        this.flush(index);
        this.run = index + 1;
        continue;
      }
      if (code === 0x27 || code === 0x22) {
        this.beginWord(index);
        this.plain = false;
        this.flush(index);
        this.run = index + 1;
        quote = code;
        continue;
      }
      if (code === 0x26 && this.redirectAmpersand(index)) {
        this.endWord(index);
        this.redirectOperator += '&';
        continue;
      }
      if (code === 0x7c && this.redirectOperator === '>' && text.charCodeAt(index - 1) === 0x3e) {
        // `>|` (write even under noclobber): one redirection operator, no pipe.
        this.redirectOperator += '|';
        continue;
      }
      if (isSeparator(code) && !this.insideBraceWord(code, index)) {
        this.endSegment(index);
        // `a | b` and `a |& b` (not `a || b`): b reads what a writes.
        if (code === 0x7c && text.charCodeAt(index - 1) !== 0x7c && text.charCodeAt(index + 1) !== 0x7c)
          this.piped = true;
        continue;
      }
      if (code === 0x20 || code === 0x09) {
        this.endWord(index);
        continue;
      }
      if (code === 0x3c || code === 0x3e) {
        if (this.descriptorBefore(index)) {
          // `2>f`, `0<&4`: the digits name the descriptor; they are no argument.
          this.redirectFd = Number(text.slice(this.wordStart, index));
          this.value = '';
          this.run = -1;
          this.wordStart = -1;
        } else {
          this.endWord(index);
        }
        this.redirectOperator += text[index];
        continue;
      }
      if (this.wordStart < 0) {
        this.beginWord(index);
        this.run = index;
      } else if (this.run < 0) {
        this.run = index;
      }
    }
    this.endSegment(length);
  }
}
