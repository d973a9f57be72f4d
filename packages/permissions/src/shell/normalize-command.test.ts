import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { normalizeCommand } from './normalize-command';

describe('normalizeCommand', () => {
  it.each([
    ['git status', 'git status'],
    ['  git   status \n', 'git status'],
    ['\tls\t-la\t', 'ls -la'],
    ['echo a\\ ', 'echo a\\ '],
    ['echo \'a  b\'   "c  d"  e\\  f', 'echo \'a  b\' "c  d" e\\  f'],
    ['a  &&   b   |  c', 'a && b | c'],
    ['echo $(  ls   -la  )', 'echo $( ls -la )'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source
    ['X=${a:-  b}   c', 'X=${a:-  b} c'],
    ['cat <<EOF   \n  a   b  \nEOF', 'cat <<EOF \n  a   b  \nEOF'],
    ['echo   `ls   -l`', 'echo `ls   -l`'],
    ['echo "unterminated   ', 'echo "unterminated'],
    ['ls   # a   comment', 'ls # a   comment'],
  ])('%j → %j', (command, normalized) => {
    expect(normalizeCommand(command)).toBe(normalized);
  });

  it('never changes what bash would run (same argv, same opaqueness)', () => {
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\t',
      'a',
      'b',
      "'x  y'",
      '"p  q"',
      '\\ ',
      ';',
      '|',
      '&&',
      '$(',
      ')',
      '`',
      '\n',
      '<<E\n 1  2 \nE\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const command = parts.join('');
        // A dynamic word keeps its source text as value, so only its dynamic-ness is compared.
        const argvs = (text: string) =>
          analyzeShell(text).commands.map((entry) =>
            entry.words.map((word) => (word.dynamic ? '<dynamic>' : word.value)),
          );
        const before = analyzeShell(command);
        const after = analyzeShell(normalizeCommand(command));
        expect(argvs(normalizeCommand(command))).toEqual(argvs(command));
        expect(after.opaque).toBe(before.opaque);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (command) => {
        expect(normalizeCommand(normalizeCommand(command))).toBe(normalizeCommand(command));
      }),
    );
  });
});
