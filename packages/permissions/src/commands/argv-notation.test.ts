/**
 * Decision 0052's argv notation, seen through the engine: zip's two-letter `-TT CMD` holds a
 * command line the deny rules see (it moved out of the engine's own option list), and `mvn
 * -DNAME` keeps its value, so the goal after it is read one way only (cwd `/repo`).
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { commandLinesIn, readCommand } from './index';

const context = { cwd: '/repo', homeDir: '/root' };
const rmDenied = compileRuleSet({ deny: ['Bash(rm:*)'] });

describe('zip -TT CMD', () => {
  it.each([
    "zip -T -TT 'rm -rf x' a.zip f",
    "zip -qTT 'rm -rf x' a.zip f",
    "zip a.zip f -T --unzip-command='rm -rf x'",
    "zip a.zip f -T --unzip-command 'rm -rf x'",
  ])('%s meets Bash(rm:*)', (command) => {
    expect(evaluateBash(command, rmDenied, context)).toMatchObject({
      behavior: 'deny',
      matchedRule: 'Bash(rm:*)',
    });
  });

  it('holds no command line with -T alone, and zip is not denied then', () => {
    const argv = ['zip', '-T', 'a.zip', 'rm'];
    expect(commandLinesIn(readCommand(argv)!, argv)).toEqual([]);
    expect(evaluateBash('zip -T a.zip f', rmDenied, context).behavior).toBe('ask');
  });
});

describe('mvn -DNAME', () => {
  it('reads `mvn -DskipTests package` one way: the property holds its value, `package` is the goal', () => {
    const readings = readCommand(['mvn', '-DskipTests', 'package'])!;
    expect(readings).toHaveLength(1);
    expect(readings[0]!.options).toMatchObject([{ spelling: '-D', value: 'skipTests', valueIndex: 1 }]);
    expect(readings[0]!.operands).toEqual([2]);
  });

  it('still checks a property value as a possible path (the floor reads the word)', () => {
    expect(evaluateBash('mvn -Dsettings=/root/.aws/credentials package', rmDenied, context).behavior).toBe(
      'deny',
    );
  });
});
