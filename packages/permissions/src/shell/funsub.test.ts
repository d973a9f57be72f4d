// biome-ignore-all lint/suspicious/noTemplateCurlyInString: bash 5.3's ${ cmd; } written as data
/**
 * bash 5.3's `${ cmd; }` and `${| cmd; }`: command substitutions whose commands are listed
 * (opaque), never parameter expansions. The oracle here is bash 5.2, which reads the same
 * text as a parameter expansion (a "bad substitution" when run); the parse is opaque, so the
 * differential test never compares it: failing closed is the whole agreement required.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { analyzeShell } from './analyze-shell';
import { funsubEnd } from './funsub';
import { runOracleBatch } from './oracle/bash-oracle';

const CASES: ReadonlyArray<readonly [string, string[][]]> = [
  ['echo ${ id; }', [['echo', '${ id; }'], ['id']]],
  ['echo ${| id; }', [['echo', '${| id; }'], ['id']]],
  ['echo ${ id;}', [['echo', '${ id;}'], ['id']]],
  ['echo "${ id; }"', [['echo', '${ id; }'], ['id']]],
  [
    'echo "a${ id -u; }b"',
    [
      ['echo', 'a${ id -u; }b'],
      ['id', '-u'],
    ],
  ],
  ['echo ${\tid; }', [['echo', '${\tid; }'], ['id']]],
  ['echo ${\nid\n}', [['echo', '${\nid\n}'], ['id']]],
  ['x=${ id; } ls', [['ls'], ['id']]],
  ['echo ${ a; b | c; }', [['echo', '${ a; b | c; }'], ['a'], ['b'], ['c']]],
  ['echo ${ if t; then { u; }; fi; }', [['echo', '${ if t; then { u; }; fi; }'], ['t'], ['u']]],
  ['echo ${ echo "}"; id; }', [['echo', '${ echo "}"; id; }'], ['echo', '}'], ['id']]],
  ['echo ${ echo ${ id; }; }', [['echo', '${ echo ${ id; }; }'], ['echo', '${ id; }'], ['id']]],
  ['echo ${ echo $(id); }', [['echo', '${ echo $(id); }'], ['echo', '$(id)'], ['id']]],
];

describe('${ cmd; } and ${| cmd; } (bash 5.3 command substitutions)', () => {
  it.each(CASES)('lists the commands of %j, opaque', (command, argvs) => {
    const analysis = analyzeShell(command);
    expect(analysis.opaque).toBe(true);
    expect(analysis.opaqueReasons).toContain('command substitution');
    expect(analysis.commands.map((inner) => inner.argv)).toEqual(argvs);
    const nested = analysis.commands.filter((inner) => inner.depth > 0);
    expect(nested.length).toBeGreaterThan(0);
    // Inside the substitution (or a construct in it), never at the top.
    for (const inner of nested) expect(inner.context).not.toBe('top');
    expect(analysis.commands[0]!.depth).toBe(0);
  });

  it('keeps parameter expansions what they are', () => {
    for (const command of ['echo ${HOME}', 'echo ${x:-a b}', 'echo "${#x}"', 'echo ${x//a/b}']) {
      const analysis = analyzeShell(command);
      expect(
        analysis.commands.map((inner) => inner.argv[0]),
        command,
      ).toEqual(['echo']);
      expect(analysis.opaqueReasons, command).not.toContain('command substitution');
    }
  });

  it('fails closed on an unclosed one', () => {
    for (const command of ['echo ${ id', 'echo ${ id; ', 'echo ${| id }']) {
      expect(analyzeShell(command).opaque, command).toBe(true);
      expect(evaluateBash(command, compileRuleSet({}), { readOnlyAutoAllow: true }).behavior).not.toBe(
        'allow',
      );
    }
  });

  it('lets the floor and deny rules see their commands', () => {
    const deny = compileRuleSet({ deny: ['Bash(rm:*)'] });
    expect(evaluateBash('echo ${ rm -rf /tmp/x; }', deny).behavior).toBe('deny');
    expect(evaluateBash('echo "${| rm x; }"', deny).behavior).toBe('deny');
    expect(evaluateBash('echo ${ cat .env; }', compileRuleSet({})).behavior).toBe('deny');
  });

  it('finds the closing brace where a reserved word may stand', () => {
    const text = '${ a "}" \'}\' b}c; { d; }; e $(f }) ; }';
    expect(funsubEnd(text, 2)).toBe(text.length - 1);
    expect(funsubEnd('${ a', 2)).toBe(-1);
  });
});

function findBash(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const bash = findBash();
if (!bash) console.warn('[funsub] bash not found: the oracle check is SKIPPED');

describe.skipIf(!bash)('the oracle and ${ cmd; }', () => {
  it('is read by bash before 5.3 as a parameter expansion, which the differential test never compares', async () => {
    const version = execFileSync(bash as string, ['-c', 'echo "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}"'], {
      encoding: 'utf8',
      env: {},
    }).trim();
    const [major, minor] = version.split('.').map(Number) as [number, number];
    const [result] = await runOracleBatch(bash as string, ['echo ${ id; }']);
    console.info(`[funsub] bash ${version}: ok=${result?.ok}, printed ${JSON.stringify(result?.printed)}`);
    if (major < 5 || (major === 5 && minor < 3)) {
      // Defined without complaint, its text kept as one word: no command `id` in bash's parse.
      expect(result?.ok).toBe(true);
      expect(result?.printed).toContain('${ id; }');
    }
    // Ours lists `id` and is opaque either way: excluded from the comparison, never allowed.
    expect(analyzeShell('echo ${ id; }').opaque).toBe(true);
  });
});
