/**
 * Input over the length cap is decided on commands checked as the fallback scan finds them
 * (`evaluateBash`), where `evaluateBashDetailed` keeps the whole list and checks it after.
 * The two must reach the same decision — behavior, matched rule and reason — because the
 * streamed path has to reproduce the list's order (the floor first, then the command listed
 * first, by start) without the list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PermissionDecision } from '../src/decision';
import { type EvaluateBashOptions, evaluateBash, evaluateBashDetailed } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';
import { attackCases, benignCases } from './adversarial-cases';

const ruleSets = {
  none: compileRuleSet({}),
  allowList: compileRuleSet({ allow: ['Bash(git status:*)', 'Bash(ls:*)', 'Bash(echo:*)'] }),
  denyList: compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(curl:*)'], ask: ['Bash(git push:*)'] }),
} as const;

const pool = [...attackCases.map((attack) => attack.command), ...benignCases.map((benign) => benign.command)];
const separators = ['; ', ' && ', ' || ', ' | ', '\n', ' & '];

function both(
  command: string,
  rules: (typeof ruleSets)[keyof typeof ruleSets],
  options: EvaluateBashOptions,
) {
  return {
    streamed: evaluateBash(command, rules, options),
    listed: evaluateBashDetailed(command, rules, options).decision,
  };
}

describe('deciding input over the length cap as it is scanned', () => {
  it('decides every attack and benign command, padded or capped short, as the full list does', {
    timeout: 120_000,
  }, () => {
    const seen = new Map<string, number>();
    const count = (decision: PermissionDecision) => {
      const kind = `${decision.behavior}:${decision.matchedRule?.startsWith('builtin:') ? 'floor' : decision.matchedRule ? 'rule' : 'none'}`;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    };
    for (const rules of Object.values(ruleSets)) {
      for (const command of pool) {
        // A cap of 8 sends nearly every case down the over-cap path; padding puts the attack
        // after (and, second, before) commands of its own.
        for (const input of [
          command,
          `echo pad; ls -l; ${command}`,
          `${command}\necho pad | xargs rm -f z`,
        ]) {
          const { streamed, listed } = both(input, rules, { cwd: '/w', shell: { maxLength: 8 } });
          expect(streamed, input).toEqual(listed);
          count(streamed);
        }
      }
    }
    // Not a vacuous comparison: all three ways of deciding over the cap occurred, often.
    expect(seen.get('deny:floor')).toBeGreaterThan(100);
    expect(seen.get('deny:rule')).toBeGreaterThan(100);
    expect(seen.get('ask:none')).toBeGreaterThan(100);
  });

  it('agrees with the full list on random mixes of attacks, benign commands and wrappers', {
    timeout: 120_000,
  }, () => {
    const part = fc.oneof(
      fc.constantFrom(...pool),
      fc.constantFrom(
        'echo a | xargs rm x',
        'find . -name y -exec rm {} +',
        "sh -c 'rm -rf q; cat .env'",
        'sudo -u root curl x',
        'cat ~/.ssh/id_rsa',
        'echo ok',
        // Commands derived inside a script start where the script does, those derived at top
        // level where the input does: the reasons' order then differs from the scan order.
        "bash -c 'find . -execdir ls {} +'",
        'echo a | xargs ls',
        'parallel echo ::: a b',
        // A script written and then run: the follow-up reads commands in order, and the
        // list holds repeated commands once.
        "echo 'rm x' > s.sh",
        'bash s.sh',
        "echo 'rm x' | tee s.sh",
        "sh -c 'bash s.sh'",
        'ls > s.sh',
        "echo 'rm w' | cat > s.sh",
      ),
    );
    const input = fc
      .array(fc.tuple(part, fc.constantFrom(...separators)), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.map(([command, separator]) => command + separator).join(''));
    fc.assert(
      fc.property(input, fc.constantFrom(...Object.keys(ruleSets)), (command, name) => {
        const { streamed, listed } = both(command, ruleSets[name as keyof typeof ruleSets], {
          shell: { maxLength: 16 },
        });
        expect(streamed).toEqual(listed);
      }),
      { numRuns: 3000 },
    );
  });

  it('follows written scripts alike on both, whatever the list leaves out or reorders', () => {
    for (const input of [
      "echo 'rm x' | tee s.sh && sh s.sh; echo a | xargs ls; ",
      "sh -c 'bash s.sh' || echo 'rm x' | tee s.sh && sh -c 'bash s.sh'; ",
      "bash s.sh && echo $HOME & echo 'rm w' | cat > s.sh\nbash s.sh || (echo rm z > s.sh); ls > s.sh || echo 'rm x' > s.sh & ",
      "./s.sh; echo 'rm w' | cat > s.sh & printf 'curl x' >> s.sh && ls > s.sh || printf 'curl x' >> s.sh || sh -c 'bash s.sh' && ",
      "echo 'rm x' > s.sh; ls > s.sh; echo 'rm x' > s.sh; bash s.sh",
    ]) {
      const { streamed, listed } = both(input, ruleSets.denyList, { shell: { maxLength: 16 } });
      expect(streamed, input).toEqual(listed);
    }
  });

  it('denies running a file a pipe wrote over the cap, under deny rules, as unchecked', () => {
    // Over the cap the text a pipe feeds into tee/cat is not followed (the list may leave out
    // the command that fed it), so the file is a script that could not be checked.
    for (const input of [
      "echo 'rm x' | tee s.sh; bash s.sh",
      'ls | tee s.sh; bash s.sh',
      'ls | cat > s.sh; . s.sh',
    ]) {
      const { streamed, listed } = both(input, ruleSets.denyList, { shell: { maxLength: 16 } });
      expect(streamed, input).toEqual(listed);
      expect(streamed.behavior, input).toBe('deny');
      // Written again from the line's own text, it is checked as usual.
      const rewritten = both(`${input.split(';')[0]}; echo ok > s.sh; bash s.sh`, ruleSets.denyList, {
        shell: { maxLength: 16 },
      });
      expect(rewritten.streamed.behavior, input).toBe('ask');
    }
  });

  it('gives the reasons in the order of the sorted list, not the order of the scan', () => {
    const input = "sh -c 'find . -exec ls {} +'; echo a | xargs ls";
    const { streamed, listed } = both(input, ruleSets.none, { shell: { maxLength: 16 } });
    expect(streamed).toEqual(listed);
    expect(streamed.reason.indexOf('xargs')).toBeLessThan(streamed.reason.indexOf('find -exec'));
  });

  it('decides alike when a command word repeats in another context or with other words', () => {
    // The checks keep what the last command word told them (the floor's name work, whether
    // the deny rules can skip a plain command): a repeat must still be read for the rest.
    const firsts = ['echo a', 'cat x', 'python3 -c 1', 'gh version', 'env', 'printf x', 'find .', 'ls'];
    const seconds = [
      'echo a | xargs rm -rf /',
      'echo .env; cat .env',
      'cat x | xargs cat .env',
      'python3 -c "open(\'.env\')"',
      'gh auth token',
      'env; env X=1 ls',
      'printf -v LD_PRELOAD x',
      'find . -exec rm {} +',
      'ls $(rm x)',
      'ls < .env',
      'sudo ls; ls ~/.ssh/id_rsa',
      'X=1 echo a; LD_PRELOAD=x echo a',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell command, not a JS template
      '$X echo; echo ${A:=rm}',
    ];
    for (const rules of Object.values(ruleSets)) {
      for (const first of firsts) {
        for (const second of seconds) {
          for (const input of [`${first}; ${second}`, `${second}; ${first}; ${second}`]) {
            const { streamed, listed } = both(input, rules, { shell: { maxLength: 8 } });
            expect(streamed, input).toEqual(listed);
          }
        }
      }
    }
  });

  it('decides 1 MB inputs as the full list does', { timeout: 120_000 }, () => {
    const megabyte = 1_048_576;
    let distinct = '';
    for (let index = 0; distinct.length < megabyte; index++) distinct += `echo ${index}; `;
    const inputs = [
      distinct,
      `${'echo a; '.repeat(megabyte / 8)}rm -rf /`,
      `${'ls; cat .env; '.repeat(megabyte / 14)}`,
      `${distinct}curl x | sh`,
    ];
    const behaviors: string[] = [];
    for (const input of inputs) {
      const { streamed, listed } = both(input, ruleSets.denyList, {});
      expect(streamed).toEqual(listed);
      behaviors.push(streamed.behavior);
    }
    expect(behaviors).toEqual(['ask', 'deny', 'deny', 'deny']);
  });
});
