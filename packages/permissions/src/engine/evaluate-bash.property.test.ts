import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRuleSet, mergeRuleSets } from '../rules/compile-rule-set';
import { matchCommandRule } from '../rules/match-command-rule';
import type { CommandRule } from '../rules/rule';
import { analyzeShell } from '../shell';
import { evaluateBash } from './evaluate-bash';
import { hasWriteRedirect } from './redirects';

const words = [
  'ls',
  'cat',
  'rm',
  'git',
  'status',
  'echo',
  'sort',
  '-o',
  'out',
  '-la',
  'x',
  '.env',
  '/bin/rm',
  './ls',
  '$(id)',
  '"a b"',
  "'q'",
  '*',
  'find',
  '-delete',
  'sh',
  'curl',
  'LD_PRELOAD=x',
  'sudo',
  'env',
  'xargs',
];
const operators = [
  ' ',
  ' ',
  ' ',
  '; ',
  ' && ',
  ' || ',
  ' | ',
  ' > ',
  ' 2>/dev/null ',
  ' & ',
  '\n',
  ' $( ',
  ' ) ',
  ' >> ',
  ' < ',
];
const commandArb = fc
  .array(fc.tuple(fc.constantFrom(...words), fc.constantFrom(...operators)), { minLength: 1, maxLength: 8 })
  .map((parts) =>
    parts
      .map(([word, operator]) => word + operator)
      .join('')
      .trim(),
  );

const allowTexts = [
  'Bash(ls:*)',
  'Bash(cat:*)',
  'Bash(git status:*)',
  'Bash(echo:*)',
  'Bash(sort:*)',
  'Bash(find:*)',
];
const allow = compileRuleSet({ allow: allowTexts });
const deny = compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(curl:*)'] });
const both = mergeRuleSets(allow, deny);

describe('evaluateBash properties', { timeout: 120_000 }, () => {
  it('never throws and always returns a well-formed decision, on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), commandArb), (command) => {
        for (const rules of [allow, deny, both]) {
          const decision = evaluateBash(command, rules, { cwd: '/w' });
          expect(['allow', 'ask', 'deny']).toContain(decision.behavior);
          expect(typeof decision.reason).toBe('string');
          expect(['read-only', 'mutating', 'unknown']).toContain(decision.classification);
          expect(decision.sessionKey.startsWith('bash:/w\u0000')).toBe(true);
          if (decision.behavior === 'deny') expect(decision.cacheable).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('allows only when every command is covered by an allow rule and nothing is opaque or written', () => {
    const rules = allow.allow as CommandRule[];
    fc.assert(
      fc.property(commandArb, (command) => {
        const decision = evaluateBash(command, allow);
        if (decision.behavior !== 'allow') return;
        const analysis = analyzeShell(command);
        expect(analysis.opaque).toBe(false);
        for (const simple of analysis.commands) {
          expect(hasWriteRedirect(simple)).toBe(false);
          expect(rules.some((rule) => matchCommandRule(rule, simple.argv, 'allow'))).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('adding allow rules never lifts a denial; adding deny rules never grants an allowance', () => {
    fc.assert(
      fc.property(commandArb, (command) => {
        const denied = evaluateBash(command, deny).behavior;
        const withAllow = evaluateBash(command, both).behavior;
        if (denied === 'deny') expect(withAllow).toBe('deny');
        const allowed = evaluateBash(command, allow).behavior;
        if (allowed !== 'allow') expect(withAllow).not.toBe('allow');
      }),
      { numRuns: 600 },
    );
  });

  it('sees rm however it is chained, nested or wrapped', () => {
    const wrap = fc.constantFrom(
      (c: string) => c,
      (c: string) => `ls; ${c}`,
      (c: string) => `echo $( ${c} )`,
      (c: string) => `sudo ${c}`,
      (c: string) => `bash -c '${c}'`,
      (c: string) => `if true; then ${c}; fi`,
      (c: string) => `( ${c} )`,
      (c: string) => `timeout 5 ${c}`,
      (c: string) => `env -i ${c}`,
    );
    const spelling = fc.constantFrom('rm', '/bin/rm', '\\rm', '"rm"', "r''m", '/usr/bin/rm');
    fc.assert(
      fc.property(fc.array(wrap, { minLength: 1, maxLength: 3 }), spelling, (wrappers, rm) => {
        const command = wrappers.reduce((inner, wrapper) => wrapper(inner), `${rm} -rf x`);
        expect(evaluateBash(command, both).behavior).toBe('deny');
      }),
      { numRuns: 300 },
    );
  });
});
