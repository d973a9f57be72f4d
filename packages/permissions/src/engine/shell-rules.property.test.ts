/**
 * The rule lookups index rules by command word; this checks them against the plain reading
 * of the contract — every rule in order, the first match wins — on random commands and
 * rule lists (path-qualified and upper-case command words, wrappers, tool-wide rules).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../classifier';
import { commandBasename, matchCommandRule } from '../rules/match-command-rule';
import type { CommandRule, ToolRule } from '../rules/rule';
import { analyzeShell } from '../shell';
import type { SimpleCommand } from '../shell/types';
import { withoutGlobalOptions } from './global-options';
import { hasWriteRedirect } from './redirects';
import { type CommandVerdict, findAllowRule, findRestrictingRule, unwrappedDiffers } from './shell-rules';

type ShellRule = ToolRule | CommandRule;

function referenceRestricting(command: SimpleCommand, rules: readonly ShellRule[]): ShellRule | undefined {
  const argv = command.argv;
  const scan =
    command.unwrapped.opaqueReason !== undefined ||
    (argv[0] !== undefined && ['busybox', 'toybox'].includes(commandBasename(argv[0])));
  for (const rule of rules) {
    if (rule.kind === 'tool') return rule;
    if (matchCommandRule(rule, argv, 'deny')) return rule;
    if (unwrappedDiffers(command) && matchCommandRule(rule, command.unwrapped.argv, 'deny')) return rule;
    if (scan) {
      for (let offset = 1; offset < argv.length; offset++) {
        if (matchCommandRule(rule, argv, 'deny', offset)) return rule;
      }
    }
    const unwrapped = command.unwrapped.argv.length > 0 ? command.unwrapped.argv : argv;
    for (const form of withoutGlobalOptions(unwrapped)) if (matchCommandRule(rule, form, 'deny')) return rule;
  }
  return undefined;
}

function referenceAllow(
  command: SimpleCommand,
  rules: readonly ShellRule[],
  verdict: CommandVerdict,
): ShellRule | undefined {
  for (const rule of rules) {
    if (rule.kind === 'tool') return rule;
    if (hasWriteRedirect(command) || !matchCommandRule(rule, command.argv, 'allow')) continue;
    const flag = verdict.flag;
    const flagOutside =
      flag !== undefined &&
      verdict.classification !== 'read-only' &&
      !(
        rule.argv.includes(flag) &&
        (flag.startsWith('-') || !command.argv.slice(rule.argv.length).includes(flag))
      ) &&
      (verdict.classification === 'mutating' ||
        verdict.prefixExcluded === true ||
        flag.startsWith('-') ||
        /[*?[]/.test(flag));
    if (rule.kind === 'prefix' && flagOutside) continue;
    return rule;
  }
  return undefined;
}

const words = [
  'rm',
  'sort',
  '-o',
  'out',
  '>',
  'f',
  '2>/dev/null',
  'RM',
  '/bin/rm',
  './rm',
  'git',
  'push',
  'status',
  'ls',
  '-la',
  'x',
  'busybox',
  'sudo',
  'env',
  '-Z',
  'Rm',
  'bin/',
  'ls/',
  'LS',
  // A last character outside ASCII (the index rules words out by their last character).
  'rmé',
  '/bin/rmé',
  '',
];
const word = fc.constantFrom(...words.filter((w) => w !== ''));
const commandText = fc.array(word, { minLength: 1, maxLength: 5 }).map((argv) => argv.join(' '));
const rule: fc.Arbitrary<ShellRule> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<ToolRule>({ kind: 'tool', tool: 'Bash' }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom<'exact' | 'prefix'>('exact', 'prefix'),
      tool: fc.constant('Bash'),
      argv: fc.array(word, { minLength: 1, maxLength: 3 }),
    }),
  },
);

describe('indexed rule lookups', () => {
  it('findRestrictingRule returns the first rule of the list that matches, as a plain scan does', () => {
    fc.assert(
      fc.property(commandText, fc.array(rule, { maxLength: 8 }), (text, rules) => {
        for (const command of analyzeShell(text).commands) {
          expect(findRestrictingRule(command, rules)).toBe(referenceRestricting(command, rules));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('findAllowRule returns the first rule of the list that allows, as a plain scan does', () => {
    fc.assert(
      fc.property(commandText, fc.array(rule, { maxLength: 8 }), (text, rules) => {
        for (const command of analyzeShell(text).commands) {
          const verdict = classifyCommand(command);
          expect(findAllowRule(command, rules, verdict)).toBe(referenceAllow(command, rules, verdict));
        }
      }),
      { numRuns: 3000 },
    );
  });
});
