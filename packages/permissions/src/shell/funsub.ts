/**
 * bash 5.3's command substitutions in braces: `${ cmd; }` runs `cmd` in the current shell and
 * substitutes its output; `${| cmd; }` runs it and substitutes `$REPLY`. They are not
 * parameter expansions: the character after `${` is a blank, a newline or `|`, and the body
 * is a command list closed by a `}` where a reserved word may stand (after `;`, `&`, a
 * newline…), as in a `{ …; }` group.
 *
 * bash 5.2 (the oracle's version) reads the same text as a parameter expansion and fails at
 * run time with "bad substitution"; the parser reads it as 5.3 does — a substitution whose
 * commands are listed — so what a newer bash would run is seen, and the word is opaque.
 */

/** Whether the `${` at `at` in `text` opens a command substitution (bash 5.3). */
export function opensFunsub(text: string, at: number): boolean {
  const after = text.charCodeAt(at + 2);
  return after === 0x20 || after === 0x09 || after === 0x0a || after === 0x7c;
}

/** Reserved words after which a command (and so a `{` or `}`) may follow. */
const COMMAND_BEFORE = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', 'time']);

/** Index past the `)` closing the `(` just before `from` (quotes skipped), or -1. */
function pastParen(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index++;
    else if (code === 0x27 || code === 0x22) {
      const close = text.indexOf(text[index]!, index + 1);
      if (close < 0) return -1;
      index = close;
    } else if (code === 0x28) depth++;
    else if (code === 0x29) {
      if (depth === 0) return index + 1;
      depth--;
    }
  }
  return -1;
}

/**
 * From `from` (just past `${ ` or `${|`): the index of the `}` that closes the substitution,
 * or -1 when none does. Quotes, escapes, comments, `$(…)`, nested groups and nested brace
 * substitutions are skipped; a `}` only closes where a reserved word may stand. A best
 * effort that fails closed: the body is parsed as a nested script, where anything it got
 * wrong is a syntax error, which makes the input opaque.
 */
export function funsubEnd(text: string, from: number): number {
  let depth = 0;
  let commandStart = true;
  let wordStart = -1;
  const endWord = (index: number) => {
    if (wordStart >= 0) {
      commandStart = COMMAND_BEFORE.has(text.slice(wordStart, index));
      wordStart = -1;
    }
  };
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x09) {
      endWord(index);
      continue;
    }
    if (code === 0x3b || code === 0x0a || code === 0x26 || code === 0x7c || code === 0x28) {
      wordStart = -1;
      commandStart = true;
      continue;
    }
    if (code === 0x7d && commandStart && wordStart < 0) {
      if (depth === 0) return index;
      depth--;
      commandStart = false;
      continue;
    }
    if (code === 0x7b && commandStart && wordStart < 0 && /[\s]/.test(text[index + 1] ?? '')) {
      depth++;
      continue;
    }
    if (code === 0x23 && wordStart < 0) {
      const newline = text.indexOf('\n', index);
      if (newline < 0) return -1;
      index = newline - 1;
      continue;
    }
    if (wordStart < 0) wordStart = index;
    if (code === 0x5c) {
      index++;
    } else if (code === 0x27) {
      const close = text.indexOf("'", index + 1);
      if (close < 0) return -1;
      index = close;
    } else if (code === 0x22) {
      let close = index + 1;
      while (close < text.length && text.charCodeAt(close) !== 0x22)
        close += text.charCodeAt(close) === 0x5c ? 2 : 1;
      if (close >= text.length) return -1;
      index = close;
    } else if (code === 0x24 && text.charCodeAt(index + 1) === 0x28) {
      const past = pastParen(text, index + 2);
      if (past < 0) return -1;
      index = past - 1;
    } else if (code === 0x24 && text.charCodeAt(index + 1) === 0x7b) {
      if (opensFunsub(text, index)) {
        depth++;
        index += 1;
        wordStart = -1;
        commandStart = true;
      }
    }
  }
  return -1;
}
