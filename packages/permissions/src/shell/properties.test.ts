/**
 * Property-based tests (fast-check): the parser never throws and always returns a well-formed
 * analysis, quoting round-trips, and chained commands keep their argv.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { quoteShellWord } from './quote-shell-word';
import { scanForRejection } from './reject';
import type { ShellAnalysis } from './types';

const SHELLISH = [
  ...' \t\n;&|()<>{}[]$`\'"\\#=*?~!-_./,:@%+^0123456789abcxyzABC',
  '$(',
  '${',
  '$((',
  '<<',
  '<<-',
  '<(',
  '>(',
  '&&',
  '||',
  ';;',
  'if ',
  'then ',
  'fi',
  'do ',
  'done',
  'case ',
  ' in ',
  'esac',
  'for ',
  'while ',
  '[[ ',
  ' ]]',
  '((',
  '))',
  'sudo ',
  'env ',
  'xargs ',
  'find . -exec ',
  ' \\;',
  "sh -c '",
  'bash -c "',
  'EOF\n',
  '\\\n',
  'X=1 ',
  'function ',
  'f() ',
  '\u202e',
  '\0',
  '\r',
  '\u00a0',
  'é',
];

const shellish = fc.array(fc.constantFrom(...SHELLISH), { maxLength: 60 }).map((parts) => parts.join(''));

const SEEDS = [
  'git status && git log --oneline -5 | head -3',
  "find . -name '*.ts' -exec grep -l foo {} \\; 2>/dev/null",
  'for f in a b; do echo "$f" > "out-$f.txt"; done',
  "cat <<'EOF' > x.py\nprint(1)\nEOF\npython3 x.py",
  'sudo -u root env PATH=/x timeout 5 bash -c "rm -rf /tmp/x; ls"',
  'case "$1" in start) run;; stop|halt) kill $(cat pid);; *) echo usage;; esac',
  'X=$(ls -la | wc -l); [[ $X -gt 3 ]] && echo many || { echo few; exit 1; }',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source
  'echo $\'a\\tb\' "$(date +%s)" `id -u` <(ls) >(cat) ${HOME:-~}',
];

function checkWellFormed(analysis: ShellAnalysis, input: string): void {
  expect(Array.isArray(analysis.commands)).toBe(true);
  expect(analysis.opaque).toBe(analysis.opaqueReasons.length > 0);
  // An internal error (a bug: TypeError, stack overflow) is contained, but must not happen.
  expect(analysis.opaqueReasons).not.toContain('internal parser error');
  expect(new Set(analysis.opaqueReasons).size).toBe(analysis.opaqueReasons.length);
  let previous = -1;
  for (const command of analysis.commands) {
    expect(command.argv).toEqual(command.words.map((word) => word.value));
    expect(command.unwrapped.argv).toEqual(command.unwrapped.words.map((word) => word.value));
    expect(command.start).toBeGreaterThanOrEqual(previous);
    expect(command.start).toBeLessThanOrEqual(command.end);
    expect(command.end).toBeLessThanOrEqual(input.length + 1);
    if (command.opaqueReasons.length > 0) expect(analysis.opaque).toBe(true);
    previous = command.start;
  }
}

describe('analyzeShell properties', { timeout: 120_000 }, () => {
  it('never throws and returns a well-formed analysis on random shell-ish input', () => {
    fc.assert(
      fc.property(shellish, (input) => {
        checkWellFormed(analyzeShell(input), input);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on arbitrary strings, including any Unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
        checkWellFormed(analyzeShell(input), input);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutated real commands', () => {
    const mutated = fc
      .tuple(
        fc.constantFrom(...SEEDS),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...SHELLISH)), { maxLength: 8 }),
      )
      .map(([seed, edits]) => {
        let text = seed;
        for (const [position, length, insert] of edits) {
          const at = position % (text.length + 1);
          text = text.slice(0, at) + insert + text.slice(at + length);
        }
        return text;
      });
    fc.assert(
      fc.property(mutated, (input) => {
        checkWellFormed(analyzeShell(input), input);
      }),
      { numRuns: 3000 },
    );
  });

  it('finishes on pathological nesting and repetition', () => {
    for (const unit of [
      '$(',
      '`',
      '"$(',
      '${',
      '$((',
      '((',
      '(',
      '{ ',
      '<<A ',
      'if ',
      "'",
      '"',
      '\\',
      'sh -c "',
      '$[',
    ]) {
      const input = unit.repeat(20_000);
      checkWellFormed(analyzeShell(input), input);
    }
  });

  it('a quoted word reads back as exactly that word', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        const analysis = analyzeShell(quoteShellWord(value));
        if (scanForRejection(value).reason) {
          expect(analysis.rejected).toBeDefined();
          expect(analysis.opaque).toBe(true);
          return;
        }
        expect(analysis.commands.map((command) => command.argv)).toEqual([[value]]);
        expect(analysis.opaque).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('a list of quoted argv chained with operators reads back as the same argv list', () => {
    const word = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.array(fc.constantFrom(...SHELLISH), { maxLength: 5 }).map((parts) => parts.join('')),
    );
    const argv = fc.array(word, { minLength: 1, maxLength: 5 });
    const operator = fc.constantFrom(' ; ', ' && ', ' || ', ' | ', ' |& ', '\n', ' & ', ';', '&&');
    const last = fc.constantFrom('', ';', ' &', '\n', ' ;\n');
    fc.assert(
      fc.property(fc.array(fc.tuple(argv, operator), { minLength: 1, maxLength: 6 }), last, (parts, end) => {
        const clean = parts.filter(([words]) => words.every((value) => !scanForRejection(value).reason));
        fc.pre(clean.length > 0);
        const text = `${clean
          .map(
            ([words, op], index) =>
              `${words.map(quoteShellWord).join(' ')}${index === clean.length - 1 ? end : op}`,
          )
          .join('')}`;
        const analysis = analyzeShell(text);
        const top = analysis.commands.filter((command) => command.depth === 0);
        expect(top.map((command) => command.argv)).toEqual(clean.map(([words]) => words));
      }),
      { numRuns: 2000 },
    );
  });
});
