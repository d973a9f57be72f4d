// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are shell commands, not JS templates
/**
 * The fallback scan reads what the parser rejects, nests too deep or finds over the length
 * cap, and its one job is to keep every command in sight of the deny checks. So on every
 * input the parser accepts, the command words the scan lists must include the parser's: the
 * real corpora, generated commands (wrappers, derived commands, substitutions, compound
 * commands) and a token soup. The commands are only analysed as strings, never run.
 *
 * Compared: the command word of each parser command, as written and unwrapped (`sudo`, and
 * `rm` behind it), by basename. Left out: a word computed at run time (both readers keep a
 * stand-in for it, and the engine never allows one), a word with a blank, quote, backslash or
 * `$` in it (no program a rule names), a reserved word (`[[`, which the parser lists as a
 * command, or `if` after a redirection, `>x if`): no program either, and a word written with
 * `$'…'`, whose escapes the scan does not decode and so keeps computed (`$'\x72m'` is `rm`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from './analyze-shell';
import { commandWordBasename } from './command-word';
import { fallbackScan } from './fallback-scan';
import { findSharedData, loadCorpora } from './oracle/corpora';
import { isReservedWord } from './reserved-words';
import type { ShellWord, SimpleCommand } from './types';

/** Reasons that say the parser gave up on the input as a whole (then the scan read it). */
const GAVE_UP = /^(syntax error near offset \d+|nesting deeper than the depth cap|internal parser error)$/;

const heads = (command: SimpleCommand): (ShellWord | undefined)[] => [
  command.words[0],
  command.unwrapped.words[0],
];

/** The parser's command words the scan does not list, or undefined when the parser did not accept `text`. */
export function missedByFallback(text: string): string[] | undefined {
  const analysis = analyzeShell(text);
  if (analysis.rejected !== undefined || analysis.opaqueReasons.some((reason) => GAVE_UP.test(reason)))
    return undefined;
  const listed = new Set<string>();
  for (const command of fallbackScan(text))
    for (const word of heads(command)) if (word) listed.add(commandWordBasename(word.value));
  const missed: string[] = [];
  for (const command of analysis.commands) {
    for (const word of heads(command)) {
      if (
        !word ||
        word.dynamic ||
        word.value === '' ||
        isReservedWord(word.value) ||
        /[\s'"\\`$]/.test(word.value) ||
        word.raw.includes("$'")
      )
        continue;
      const name = commandWordBasename(word.value);
      if (!listed.has(name) && !missed.includes(name)) missed.push(name);
    }
  }
  return missed;
}

const data = findSharedData(__dirname);
if (!data) console.warn('[fallback-superset] ../shared/data not found: the corpus check is SKIPPED');

describe('the fallback scan lists every command word the parser lists', () => {
  it.skipIf(!data)('on every corpus command the parser accepts', { timeout: 120_000 }, () => {
    const gaps: string[] = [];
    let accepted = 0;
    for (const corpus of loadCorpora(data!)) {
      for (const command of corpus.commands) {
        const missed = missedByFallback(command);
        if (missed === undefined) continue;
        accepted++;
        if (missed.length > 0) gaps.push(`${JSON.stringify(command).slice(0, 160)}: ${missed.join(', ')}`);
      }
    }
    console.log(
      `[fallback-superset] corpora: ${accepted} commands the parser accepts, ${gaps.length} with a gap`,
    );
    expect(accepted).toBeGreaterThan(40_000);
    expect(gaps).toEqual([]);
  });

  const name = fc.constantFrom(
    'rm',
    'ls',
    'git',
    'tar',
    'curl',
    'cat',
    'chmod',
    '/bin/rm',
    'python3',
    'dirname',
  );
  const arg = fc.constantFrom(
    'x',
    '-rf',
    '{}',
    '-I{}',
    '"a b"',
    "'q'",
    '$HOME',
    '*.txt',
    '~/x',
    'a=b',
    '--',
    '-p',
  );
  const wrapper = fc.constantFrom(
    'sudo',
    'sudo -u root',
    'env X=1',
    'env -i',
    'timeout 5',
    'nice -n 5',
    'nohup',
    'command',
    'exec',
    'xargs',
    'xargs -I{}',
    'xargs -0 -n1',
    'time',
    '\\time',
    'stdbuf -oL',
  );
  const simple = fc
    .tuple(fc.array(wrapper, { maxLength: 2 }), name, fc.array(arg, { maxLength: 3 }))
    .map(([wrappers, word, args]) => [...wrappers, word, ...args].join(' '));
  const { command } = fc.letrec<{ command: string }>((tie) => ({
    command: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      simple,
      simple.map((s) => `find . -name x -exec ${s} \\;`),
      fc.tuple(simple, simple).map(([a, b]) => `find $(${a}) -exec ${b} {} +`),
      simple.map((s) => `sh -c '${s}'`),
      simple.map((s) => `bash -c "${s}"`),
      fc.tuple(simple, simple).map(([a, b]) => `${a} $(${b})`),
      fc.tuple(simple, simple).map(([a, b]) => `${a} \`${b}\``),
      fc.tuple(simple, simple, simple).map(([a, b, c]) => `${a} \`${b} \\\`${c}\\\`\``),
      fc.tuple(simple, simple).map(([a, b]) => `X=$(${a}):0 ${b}`),
      fc.tuple(simple, simple).map(([a, b]) => `${a} "\${ ${b}; }"`),
      simple.map((s) => `eval '${s}'`),
      tie('command').map((c) => `(${c})`),
      tie('command').map((c) => `{ ${c}; }`),
      tie('command').map((c) => `! ${c}`),
      tie('command').map((c) => `${c} > out 2>&1`),
      tie('command').map((c) => `for i do ${c}; done`),
      fc.tuple(tie('command'), tie('command')).map(([a, b]) => `if ${a}; then ${b}; fi`),
      fc.tuple(tie('command'), tie('command')).map(([a, b]) => `while ${a}; do ${b}; done`),
      fc
        .tuple(tie('command'), fc.constantFrom(' | ', ' && ', ' || ', '; ', '\n', ' & '), tie('command'))
        .map(([a, op, b]) => `${a}${op}${b}`),
    ),
  }));

  it('on generated commands: wrappers, derived commands, substitutions, compound commands', () => {
    let accepted = 0;
    fc.assert(
      fc.property(command, (text) => {
        const missed = missedByFallback(text);
        if (missed === undefined) return;
        accepted++;
        expect(missed, text).toEqual([]);
      }),
      // A fixed seed: the same inputs on every run (CI stays deterministic); change it to explore.
      { numRuns: 3000, seed: 27 },
    );
    expect(accepted).toBeGreaterThan(1500);
  });

  const TOKENS = [
    ...' \t\n;&|()<>{}[]$`\'"\\#=*?~!-_./:@%+0123456789abcxyz',
    '$(',
    '${ ',
    '<(',
    '&&',
    '||',
    '`',
    '\\`',
    'if ',
    'then ',
    'fi',
    'do ',
    'done',
    'for i ',
    'case ',
    ' in ',
    'esac',
    '[[ ',
    ' ]]',
    'sudo ',
    'env ',
    'xargs ',
    'xargs -I{} ',
    'find . -exec ',
    ' \\;',
    "sh -c '",
    'bash -c "',
    'X=1 ',
    'rm ',
    'time ',
  ];
  it('on a token soup', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const missed = missedByFallback(text);
        if (missed !== undefined) expect(missed, text).toEqual([]);
      }),
      // Fixed, as above. 150,000 runs of other seeds found one rarer form, `>&-{-_` (the parser
      // reads `{-_` after the closed descriptor as the command, as bash does; the scan read it
      // as the target): now a regression case below.
      { numRuns: 5000, seed: 27 },
    );
  });
});

describe('commands the scan missed before (issue 27), decided alike however the scan is reached', () => {
  const deny = compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(tar:*)', 'Bash(dirname:*)'] });
  const padding = 'echo a; '.repeat(9000);
  it.each([
    // A derived command was not unwrapped: `sudo` hid `tar`.
    ['find . -exec sudo tar -czf x {} \\;', 'tar'],
    // The words after a substitution were read as a command of their own (`-exec` lost).
    ['find $(pwd) -exec tar -czf x {} \\;', 'tar'],
    // A word going on after a substitution was cut in two (`:0` read as the command word).
    ['DISPLAY=`hostname`:0 rm y', 'rm'],
    // A backquote escaped inside backquotes opens a nested substitution.
    ['echo `echo \\`rm x\\``', 'rm'],
    ['ln -s `cd \\`dirname $2\\`; pwd` x', 'dirname'],
    // `{}` never expands: `xargs -I{}` runs its command.
    ['find . | xargs -I{} rm {}', 'rm'],
    // A quoted `time` is the program, not the keyword.
    ['\\time -f %e rm x', 'rm'],
    // `for i do …` has no `in` list.
    ['for i do rm $i; done', 'rm'],
    // After `>&` or `<&`, bash reads `-` alone (close the descriptor); the rest is the next
    // word (`declare -f` shows `>&-rm -rf x` as `rm -rf x 1>&-`).
    ['>&-rm -rf x', 'rm'],
    ['>& -rm -rf x', 'rm'],
    ['2<&-rm x', 'rm'],
    ['echo a >&-; tar -cf x y', 'tar'],
  ])('%s', (text, word) => {
    expect(missedByFallback(text)).toEqual([]);
    const heads = fallbackScan(text).flatMap((command) => command.unwrapped.argv.slice(0, 1));
    expect(heads).toContain(word);
    for (const input of [text, `${text}\nfi`, padding + text])
      expect(evaluateBash(input, deny).behavior, JSON.stringify(input.slice(-60))).toBe('deny');
  });
});
