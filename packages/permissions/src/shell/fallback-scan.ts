/**
 * The cheap, linear, best-effort scan used when the structured parse is abandoned (input over
 * the length cap, nesting over the depth cap, a syntax error). It keeps no structure: it
 * splits on every operator, parenthesis, brace and substitution opener (substitutions inside
 * double quotes too), so that every word that could be a command word starts a segment of its
 * own. Redirection targets are kept as redirections (`cat < .env` still shows the read).
 * Identical commands (same argv and redirections) are listed once. The result is always
 * opaque; its only job is to let deny checks see command words.
 */

import { RESERVED_WORDS } from './reserved-words';
import type { ShellContext, ShellRedirect, ShellWord, SimpleCommand } from './types';
import { type UnwrapHost, unwrapCommand } from './unwrap';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;
const REASON = 'best-effort scan (structure not parsed)';

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

const MAYBE_DYNAMIC = /[$*?[{~]/;

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
  const host: UnwrapHost = {
    parseScript(script: string, offset: number, scriptDepth: number): void {
      if (scriptDepth < maxDepth) fallbackScan(script, commands, scriptDepth + 1, maxDepth, offset);
    },
    emitDerived(
      derivedWords: ShellWord[],
      _starts: number[],
      derivedDepth: number,
      context: ShellContext,
      reason: string,
    ): void {
      if (derivedDepth >= maxDepth) return;
      const argv = derivedWords.map((word) => word.value);
      commands.push({
        argv,
        words: derivedWords,
        assignments: [],
        redirects: [],
        unwrapped: { wrappers: [], argv, words: derivedWords, assignments: [] },
        context,
        depth: derivedDepth + 1,
        opaqueReasons: [REASON, reason],
        start: base,
        end: base,
      });
    },
  };
  let words: ShellWord[] = [];
  let redirects: ShellRedirect[] = [];
  let segmentStart = 0;
  let value = '';
  let run = -1; // start of the pending literal run of the current word, or -1
  let wordStart = -1;
  let plain = true; // the word so far is one unquoted run: its value is its raw text
  let quote = 0; // 0 none, 0x27 single, 0x22 double
  let redirectOperator = ''; // `<`/`>` characters seen before the next word
  let redirectTarget = '';
  // Identical commands are listed once: a repeated command adds nothing to a deny check.
  const seen = new Set<string>();

  const flush = (at: number) => {
    if (run >= 0 && run < at) value += text.slice(run, at);
  };
  const endWord = (at: number) => {
    if (wordStart >= 0) {
      let raw: string;
      if (plain) {
        raw = text.slice(wordStart, at);
        value = raw;
      } else {
        flush(at);
        raw = text.slice(wordStart, at);
      }
      const dynamic = MAYBE_DYNAMIC.test(raw);
      if (redirectTarget !== '') {
        redirects.push({
          operator: redirectTarget,
          target: value,
          dynamic,
          write: redirectTarget.includes('>'),
          read: redirectTarget.includes('<'),
        });
        redirectTarget = '';
      } else {
        words.push({ value, raw, dynamic, glob: false, quoted: !plain });
      }
    }
    value = '';
    run = -1;
    wordStart = -1;
    plain = true;
  };
  const endSegment = (at: number) => {
    endWord(at);
    let first = 0;
    while (first < words.length) {
      const word = words[first] as ShellWord;
      if (RESERVED_WORDS.has(word.value) || ASSIGNMENT.test(word.value)) first++;
      else break;
    }
    const kept = first === 0 ? words : words.slice(first);
    const argv = kept.map((word) => word.value);
    let key = argv.join('\0');
    for (const redirect of redirects) key += `\0\0${redirect.operator}${redirect.target}`;
    if ((kept.length > 0 || redirects.length > 0) && !seen.has(key)) {
      seen.add(key);
      const start = base + segmentStart;
      const command: SimpleCommand = {
        argv,
        words: kept,
        assignments: [],
        redirects,
        unwrapped: { wrappers: [], argv: [], words: [], assignments: [] },
        context: depth === 0 ? 'top' : 'shell-string',
        depth,
        opaqueReasons: [REASON],
        start,
        end: base + at,
      };
      commands.push(command);
      command.unwrapped = unwrapCommand(kept, start, depth, host, argv);
      words = [];
      redirects = [];
    } else {
      if (words.length > 0) words = [];
      if (redirects.length > 0) redirects = [];
    }
    segmentStart = at + 1;
    redirectOperator = '';
    redirectTarget = '';
  };
  /** Starts a word at `at` if none is open. */
  const beginWord = (at: number) => {
    if (wordStart >= 0) return;
    wordStart = at;
    if (redirectOperator !== '') {
      redirectTarget = redirectOperator;
      redirectOperator = '';
    }
  };

  const length = text.length;
  // Quote state saved at each open `$(`, `(` or backtick, restored at its close: the text of a
  // substitution inside double quotes is scanned unquoted, and the quotes resume after it.
  // Entries: saved quote * 2, plus 1 for a backtick.
  const stack: number[] = [];
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (quote !== 0x27) {
      if (code === 0x24 && text.charCodeAt(index + 1) === 0x28) {
        stack.push(quote * 2);
        quote = 0;
        endSegment(index);
        index++;
        continue;
      }
      if (code === 0x60) {
        const top = stack[stack.length - 1];
        if (top !== undefined && (top & 1) === 1 && quote === 0) {
          stack.pop();
          quote = top >> 1;
        } else {
          stack.push(quote * 2 + 1);
          quote = 0;
        }
        endSegment(index);
        continue;
      }
      if (quote === 0 && (code === 0x28 || code === 0x29)) {
        if (code === 0x28) {
          stack.push(0);
        } else {
          const top = stack[stack.length - 1];
          if (top !== undefined && (top & 1) === 0) {
            stack.pop();
            quote = top >> 1;
          }
        }
        endSegment(index);
        continue;
      }
    }
    if (quote === 0x27) {
      if (code === 0x27) {
        flush(index);
        run = index + 1;
        quote = 0;
      }
      continue;
    }
    if (code === 0x5c && index + 1 < length) {
      beginWord(index);
      plain = false;
      flush(index);
      run = index + 1;
      index++;
      continue;
    }
    if (quote === 0x22) {
      if (code === 0x22) {
        flush(index);
        run = index + 1;
        quote = 0;
      }
      continue;
    }
    if (code === 0x27 || code === 0x22) {
      beginWord(index);
      plain = false;
      flush(index);
      run = index + 1;
      quote = code;
      continue;
    }
    if (isSeparator(code)) {
      endSegment(index);
      continue;
    }
    if (code === 0x20 || code === 0x09) {
      endWord(index);
      continue;
    }
    if (code === 0x3c || code === 0x3e) {
      endWord(index);
      redirectOperator += text[index];
      continue;
    }
    if (wordStart < 0) {
      beginWord(index);
      run = index;
    } else if (run < 0) {
      run = index;
    }
  }
  endSegment(length);
  return commands;
}
