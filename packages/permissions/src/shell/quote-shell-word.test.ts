import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { quoteShellWord } from './quote-shell-word';

describe('quoteShellWord', () => {
  it.each([
    ['ls', 'ls'],
    ['-la', '-la'],
    ['a/b.c:d,e@f%g+h', 'a/b.c:d,e@f%g+h'],
    ['', "''"],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
    ['X=1', "'X=1'"],
    ['if', "'if'"],
    ['{', "'{'"],
    ['~', "'~'"],
    ['#x', "'#x'"],
    ['*', "'*'"],
  ])('%j → %s', (value, quoted) => {
    expect(quoteShellWord(value)).toBe(quoted);
    expect(analyzeShell(`${quoted} x`).commands[0]?.argv).toEqual([value, 'x']);
  });
});
