/**
 * Differential test against bash itself: for every command of the shared real-world corpora
 * that `analyzeShell` calls fully understood (not opaque), the simple commands and their
 * argv must equal bash's own parse, read from `declare -f` in a sandbox that runs nothing
 * (see oracle/bash-oracle.ts). Skipped, with a notice, when ../shared/data or bash is absent.
 */
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from './analyze-shell';
import { buildOracleScript, runOracle, runOracleBatch } from './oracle/bash-oracle';
import { findSharedData, loadCorpora } from './oracle/corpora';
import { readDeclareF } from './oracle/declare-f-reader';
import { quoteShellWord } from './quote-shell-word';
import { scanForRejection } from './reject';

function findBash(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const bash = findBash();
const data = findSharedData(__dirname);
if (!bash) console.warn('[differential] bash not found: the differential test against bash is SKIPPED');
if (!data) console.warn('[differential] ../shared/data not found: the corpus differential test is SKIPPED');

describe.skipIf(!bash)('bash oracle sandbox', () => {
  it('does not run a command that closes the function early, and the trap is what stops it', async () => {
    const escaping =
      'x; }; echo ESCAPED-PROBE-1; (echo ESCAPED-PROBE-2); y=$(echo ESCAPED-PROBE-3 >&2); f() {\n:';
    const [result] = await runOracleBatch(bash as string, [escaping]);
    expect(result?.ok).toBe(true);
    expect(result?.printed).not.toContain('ESCAPED-PROBE');
    // Control: the same script without the DEBUG trap does run it (so the check above can fail).
    const script = buildOracleScript([escaping], 'control').replace(/^trap .*$/m, '');
    const output = execFileSync(bash as string, ['-r', '-s'], {
      input: script,
      env: { PATH: '' },
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    expect(output).toContain('ESCAPED-PROBE-1');
  });

  it('reads bash structure: lists, pipelines, compound commands, quotes', async () => {
    const command = `a 'b c' "d\\"e" f\\ g | h && { i; } || ( j ) & if k; then l; fi; for x in 1 2; do m; done; case y in z) n;; esac; [[ -f o ]]; p=1 q r`;
    const [result] = await runOracleBatch(bash as string, [command]);
    expect(readDeclareF(result?.printed ?? '')?.map((entry) => entry.argv)).toEqual([
      ['a', 'b c', 'd"e', 'f g'],
      ['h'],
      ['i'],
      ['j'],
      ['k'],
      ['l'],
      ['m'],
      ['n'],
      ['q', 'r'],
    ]);
    expect(analyzeShell(command).commands.map((entry) => entry.argv)).toEqual(
      readDeclareF(result?.printed ?? '')?.map((entry) => entry.argv),
    );
  });
});

describe.skipIf(!bash || !data)('differential: analyzeShell vs bash on the shared corpora', () => {
  const corpora = data ? loadCorpora(data) : [];
  for (const corpus of corpora) {
    it(`agrees with bash on every non-opaque command of ${corpus.name}`, { timeout: 240_000 }, async () => {
      const clear: string[] = [];
      const ours: string[][][] = [];
      let opaque = 0;
      for (const command of corpus.commands) {
        const analysis = analyzeShell(command);
        if (analysis.opaque) {
          opaque++;
          continue;
        }
        clear.push(command);
        ours.push(analysis.commands.map((entry) => entry.argv));
      }
      const results = await runOracle(bash as string, clear, 500, 2);
      const disagreements: string[] = [];
      clear.forEach((command, index) => {
        const result = results[index];
        const theirs = result?.ok ? readDeclareF(result.printed)?.map((entry) => entry.argv) : undefined;
        const mine = ours[index];
        if (theirs === undefined || JSON.stringify(theirs) !== JSON.stringify(mine)) {
          disagreements.push(
            `${JSON.stringify(command)}\n  ours: ${JSON.stringify(mine)}\n  bash: ${result?.ok ? JSON.stringify(theirs) : 'syntax error'}`,
          );
        }
      });
      const total = corpus.commands.length;
      const agreed = clear.length - disagreements.length;
      console.log(
        `[differential] ${corpus.name}: ${total} commands, opaque ${opaque} (${((100 * opaque) / total).toFixed(1)} %), ` +
          `compared ${clear.length}, agreement ${agreed}/${clear.length} (${((100 * agreed) / Math.max(1, clear.length)).toFixed(2)} %)`,
      );
      expect(disagreements.slice(0, 20)).toEqual([]);
      expect(disagreements.length).toBe(0);
    });
  }
});

/**
 * Opaque only because some words are run-time (or because xargs/find build further
 * commands): the structure (which commands, which words) is still checked against bash, on
 * the words' source text (bash prints words as written, except `$'...'` which its printer
 * rewrites as plain quotes: such words are compared by position only).
 */
const WORD_LEVEL_REASON =
  /^(parameter expansion|unquoted glob|tilde expansion|brace expansion|dynamic word|dynamic redirection target|dynamic assignment|find -\w+ substitutes file names|xargs appends arguments read from input|parallel builds commands from its input)$/;

describe.skipIf(!bash || !data)('differential: structure of commands opaque only for run-time words', () => {
  const corpora = data ? loadCorpora(data) : [];
  for (const corpus of corpora) {
    it(`agrees with bash on the words of ${corpus.name}`, { timeout: 240_000 }, async () => {
      const picked = corpus.commands.filter((command) => {
        const analysis = analyzeShell(command);
        return analysis.opaque && analysis.opaqueReasons.every((reason) => WORD_LEVEL_REASON.test(reason));
      });
      const results = await runOracle(bash as string, picked, 500, 2);
      const disagreements = picked.filter((command, index) => {
        const ours = analyzeShell(command)
          .commands.filter((entry) => entry.context !== 'xargs' && entry.context !== 'find-exec')
          .map((entry) => entry.words.map((word) => word.raw));
        const result = results[index];
        const theirs = result?.ok ? readDeclareF(result.printed)?.map((entry) => entry.raw) : undefined;
        if (!theirs || theirs.length !== ours.length) return true;
        return ours.some((words, commandIndex) => {
          const other = theirs[commandIndex] as string[];
          return (
            words.length !== other.length ||
            words.some((raw, wordIndex) => raw !== other[wordIndex] && !raw.includes("$'"))
          );
        });
      });
      console.log(
        `[differential] ${corpus.name}: ${picked.length} commands opaque only for run-time words, structure agreement ${picked.length - disagreements.length}/${picked.length}`,
      );
      expect(disagreements.slice(0, 20)).toEqual([]);
    });
  }
});

/** Pieces that combine into odd but plausible shell text: reserved words, operators, quotes. */
const PIECES = [
  ...' \t\n;&|()<>{}[]$`\'"\\#=*?~!-_./,:@%+^0123456789abcxyz',
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
  'X=1 ',
  '&&',
  '||',
  ';;',
  '<<',
  'EOF\n',
  '\\\n',
  'time ',
  '! ',
  'select ',
  'until ',
  'function ',
  'coproc ',
  '{ ',
  ' }',
  'elif ',
  'else ',
  '>&',
  '2>',
  '<>',
  '>|',
  '&>',
  '<<<',
  // whole constructs, so that long valid compound commands come out too
  'if a; then b; fi',
  'for x in 1 2; do c; done',
  'case y in a|b) d;; *) e;; esac',
  '{ e; }',
  '( f )',
  'while g; do h; done',
  "'q w'",
  '"e \\" r"',
  "$'t\\n'",
  'a\\ b',
  ' ; ',
  ' && ',
  ' | ',
  ' > o ',
  ' 2>&1 ',
  ' <<< "s" ',
  'export y=2 ',
  'time -p ',
  ' # c\n',
  '[[ -f a ]] ',
  'cat <<E\nbody\nE\n',
  'sudo -u r ',
  'env A=1 ',
];

describe.skipIf(!bash)('differential: analyzeShell vs bash on generated commands', () => {
  it('agrees with bash on every generated command it calls fully understood', {
    timeout: 240_000,
  }, async () => {
    const generator = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''));
    const samples = fc.sample(generator, { numRuns: 8000, seed: 20261130 });
    const clear = samples.filter((command) => !analyzeShell(command).opaque);
    const results = await runOracle(bash as string, clear, 500, 2);
    const disagreements = clear.filter((command, index) => {
      const result = results[index];
      const theirs = result?.ok ? readDeclareF(result.printed)?.map((entry) => entry.argv) : undefined;
      return (
        JSON.stringify(theirs) !== JSON.stringify(analyzeShell(command).commands.map((entry) => entry.argv))
      );
    });
    console.log(
      `[differential] generated: ${samples.length} commands, ${clear.length} not opaque, ${disagreements.length} disagreements`,
    );
    expect(clear.length).toBeGreaterThan(1000);
    expect(disagreements).toEqual([]);
  });

  it('bash reads quoteShellWord output back as the same word', { timeout: 120_000 }, async () => {
    const values = fc
      .sample(fc.string({ unit: 'binary', maxLength: 30 }), { numRuns: 1500, seed: 7 })
      .filter((value) => !scanForRejection(value).reason && !value.includes('__dx_'));
    const results = await runOracle(
      bash as string,
      values.map((value) => `printf %s ${quoteShellWord(value)}`),
      500,
      2,
    );
    const wrong = values.filter((value, index) => {
      const result = results[index];
      const argv = result?.ok ? readDeclareF(result.printed)?.map((entry) => entry.argv) : undefined;
      return JSON.stringify(argv) !== JSON.stringify([['printf', '%s', value]]);
    });
    expect(wrong).toEqual([]);
  });
});
