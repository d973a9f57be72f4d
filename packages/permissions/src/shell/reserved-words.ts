import { nameShapes } from './name-shapes';

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

/** The reserved words' shapes (see `nameShapes`). */
const RESERVED_SHAPES = nameShapes(RESERVED_WORDS);

/**
 * `RESERVED_WORDS.has(text)`, with a test of the word's length and first and last characters
 * before the hash lookup: asked of every command word by the parser and of every segment by
 * the fallback scan. The commonest command words (`echo`, `cd`,
 * `cat`, `git`) share a first character with a reserved word but not that shape.
 */
export function isReservedWord(text: string): boolean {
  const length = text.length;
  if (length > 8) return false;
  const shape = RESERVED_SHAPES[((text.charCodeAt(0) & 31) << 5) | (text.charCodeAt(length - 1) & 31)]!;
  return (shape & (1 << length)) !== 0 && RESERVED_WORDS.has(text);
}
