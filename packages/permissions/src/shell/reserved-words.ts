/** Words bash treats as reserved in command position (the lexer, the fallback scan and quoting agree on them). */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'do',
  'done',
  'while',
  'until',
  'for',
  'select',
  'case',
  'esac',
  'in',
  'function',
  'coproc',
  'time',
  '{',
  '}',
  '!',
  '[[',
  ']]',
]);

/** First characters of the reserved words, by char code (all are ASCII). */
const RESERVED_FIRST = new Uint8Array(128);
for (const word of RESERVED_WORDS) RESERVED_FIRST[word.charCodeAt(0)] = 1;

/**
 * `RESERVED_WORDS.has(text)`, with a cheap first-character test before the hash lookup: asked
 * of every command word by the parser and of every segment by the fallback scan. (Comparing
 * against each word by length was slower: the hash is computed once and cached on the string,
 * and the command-word lookups that follow need it anyway.)
 */
export function isReservedWord(text: string): boolean {
  return RESERVED_FIRST[text.charCodeAt(0)] === 1 && text.length <= 8 && RESERVED_WORDS.has(text);
}
