import { describe, expect, it } from 'vitest';
import { compileRuleSet } from '../rules/compile-rule-set';
import { emptyRuleSet, type RuleSet } from '../rules/rule';
import { analyzeShell } from '../shell/analyze-shell';
import { evaluateBash, evaluateBashDetailed, evaluateBashListing } from './evaluate-bash';

const typical = compileRuleSet({
  allow: [
    'Bash(git status:*)',
    'Bash(git log:*)',
    'Bash(ls:*)',
    'Bash(cat:*)',
    'Bash(sort:*)',
    'Bash(find:*)',
    'Bash(echo:*)',
  ],
  deny: ['Bash(rm:*)', 'Bash(curl:*)'],
});
const behavior = (command: string, rules = typical, options = {}) =>
  evaluateBash(command, rules, options).behavior;

describe('evaluateBash: allow rules', () => {
  it('allows a command every part of which a rule covers', () => {
    const decision = evaluateBash('git status -s && ls -la | sort', typical, { cwd: '/repo' });
    expect(decision).toMatchObject({ behavior: 'allow', cacheable: true, classification: 'read-only' });
    expect(decision.matchedRule).toContain('Bash(git status:*)');
    expect(decision.sessionKey).toBe('bash:/repo\u0000git status -s && ls -la | sort');
  });

  it('matches prefixes on word boundaries only', () => {
    expect(behavior('git status')).toBe('allow');
    expect(behavior('git statusx')).toBe('ask');
    expect(behavior('git')).toBe('ask');
  });

  it('never lets a path-qualified command word match a bare-name allow rule', () => {
    expect(behavior('./ls')).toBe('ask');
    expect(behavior('/tmp/ls -la')).toBe('ask');
    expect(behavior('/bin/ls')).toBe('ask');
    expect(behavior('"ls" -la')).toBe('allow'); // quotes are removed: it is the same word
  });

  it('never allows a write redirect through a word rule', () => {
    expect(behavior('echo hi > out.txt')).toBe('ask');
    expect(behavior('cat a >> b')).toBe('ask');
    expect(behavior('ls &> log')).toBe('ask');
    expect(behavior('ls 2>/dev/null')).toBe('allow');
    expect(behavior('ls 2>&1 | sort')).toBe('allow');
    expect(behavior('echo x > out', compileRuleSet({ allow: ['Bash(echo x)'] }))).toBe('ask');
    expect(behavior('echo x > out', compileRuleSet({ allow: ['Bash'] }))).toBe('allow'); // tool-wide rule, not a word rule
  });

  it('never lets a prefix rule allow a write/exec flag; an exact rule can', () => {
    expect(behavior('sort -o out.txt in.txt')).toBe('ask');
    expect(behavior('sort -uo out.txt in.txt')).toBe('ask');
    expect(behavior('find . -delete')).toBe('ask');
    expect(behavior('find . -exec rm {} ;')).toBe('deny'); // the nested rm meets the deny rule
    expect(behavior('find . -name x -execdir cat {} +')).toBe('ask');
    expect(behavior('git log --output=x')).toBe('ask');
    expect(
      behavior('sort -o out.txt in.txt', compileRuleSet({ allow: ['Bash(sort -o out.txt in.txt)'] })),
    ).toBe('allow');
    expect(behavior('sed -i s/a/b/ f', compileRuleSet({ allow: ['Bash(sed:*)'] }))).toBe('ask');
  });

  it('needs every command covered', () => {
    expect(behavior('git status; npm publish')).toBe('ask');
    expect(behavior('ls | xargs wc -l')).toBe('ask');
  });
});

describe('evaluateBash: order of the steps', () => {
  it('runs the floor before everything and names the check', () => {
    const decision = evaluateBash('cat .env', typical);
    expect(decision.behavior).toBe('deny');
    expect(decision.matchedRule).toMatch(/^builtin:/);
    expect(decision.cacheable).toBe(false);
    expect(evaluateBash('LD_PRELOAD=/tmp/x.so ls', compileRuleSet({ allow: ['Bash'] })).matchedRule).toMatch(
      /^builtin:/,
    );
  });

  it('applies deny rules by basename, as written and unwrapped', () => {
    for (const command of [
      'rm -rf /',
      '/bin/rm x',
      '\\rm x',
      '"rm" x',
      "r''m x",
      'sudo rm x',
      'env -i rm x',
      'timeout 5 rm x',
      'nice -n 5 rm x',
      'command rm x',
      'xargs rm < list',
      'ls; rm x',
      'echo $(rm x)',
      'bash -c "rm x"',
    ]) {
      const decision = evaluateBash(command, typical);
      expect(decision.behavior, command).toBe('deny');
      expect(decision.cacheable, command).toBe(false);
    }
    expect(evaluateBash('/bin/rm x', typical).matchedRule).toBe('Bash(rm:*)');
  });

  it('runs the floor on computed scripts and locale strings, in the parse and in the fallback scan', () => {
    for (const command of [
      'sh -c "printenv; echo $1"',
      "bash -c 'cat .env; echo $X'",
      'eval "cat ~/.ssh/id_rsa $X"',
      "sudo sh -c 'LD_PRELOAD=/tmp/x.so ls $1'",
      // Locale strings are read as their text.
      '$"env"',
      'sudo $"printenv"',
      'env $"LD_PRELOAD=/tmp/x.so" ls',
      '$"gh" auth token',
      'TEXTDOMAINDIR=/tmp/evil ls',
    ]) {
      for (const shell of [{}, { maxLength: 8 }]) {
        expect(
          evaluateBash(command, emptyRuleSet, { shell }).matchedRule,
          `${command} ${JSON.stringify(shell)}`,
        ).toMatch(/^builtin:/);
      }
    }
  });

  it('checks deny rules even when the input is rejected or capped', () => {
    expect(behavior('rm -rf /\u0007')).toBe('deny');
    expect(behavior(`${'echo a; '.repeat(20_000)}rm -rf /`)).toBe('deny');
  });

  it('denies code it cannot see while deny rules exist, asks otherwise', () => {
    for (const command of [
      '$(echo rm) -rf /',
      'echo cm0= | base64 -d | sh',
      'x=rm; $x -rf /',
      'eval "$CMD"',
      'eval "rm -rf /"',
    ]) {
      expect(behavior(command), command).toBe('deny');
      expect(behavior(command, emptyRuleSet), command).toBe('ask');
    }
  });

  it('asks, never cacheable, for opaque commands', () => {
    const decision = evaluateBash('ls $(dirname x)', typical);
    expect(decision).toMatchObject({ behavior: 'ask', cacheable: false });
    expect(decision.proposedRules ?? []).toEqual([]);
  });

  it('lets ask rules win over allow rules', () => {
    const rules = compileRuleSet({ allow: ['Bash(git:*)'], ask: ['Bash(git push:*)'] });
    expect(evaluateBash('git push origin main', rules)).toMatchObject({
      behavior: 'ask',
      matchedRule: 'Bash(git push:*)',
    });
    expect(behavior('git fetch', rules)).toBe('allow');
  });

  it('allows read-only commands in read-only mode only', () => {
    expect(behavior('wc -l a.txt', emptyRuleSet)).toBe('ask');
    expect(behavior('wc -l a.txt', emptyRuleSet, { readOnlyAutoAllow: true })).toBe('allow');
    expect(behavior('sort -o x y', emptyRuleSet, { readOnlyAutoAllow: true })).toBe('ask');
    expect(behavior('cat a > b', emptyRuleSet, { readOnlyAutoAllow: true })).toBe('ask');
  });

  it('falls back to the default', () => {
    expect(behavior('npm publish', emptyRuleSet)).toBe('ask');
    expect(evaluateBash('npm publish', emptyRuleSet, { defaultMode: 'deny' })).toMatchObject({
      behavior: 'deny',
      cacheable: false,
    });
  });

  it('records every step up to the deciding one', () => {
    const { steps } = evaluateBashDetailed('npm test', typical);
    expect(steps.map((step) => step.step)).toEqual([
      'input',
      'floor',
      'deny-rules',
      'opaque',
      'ask-rules',
      'allow-rules',
      'read-only-mode',
      'default',
    ]);
    expect(steps.filter((step) => step.decided).map((step) => step.step)).toEqual(['default']);
  });
});

describe('evaluateBash: classification and proposals', () => {
  it('classifies the whole command', () => {
    expect(evaluateBash('ls', emptyRuleSet).classification).toBe('read-only');
    expect(evaluateBash('ls; sort -o x y', emptyRuleSet).classification).toBe('mutating');
    expect(evaluateBash('ls; touch x', emptyRuleSet).classification).toBe('unknown');
    expect(evaluateBash('ls > x', emptyRuleSet).classification).toBe('mutating');
    expect(evaluateBash('frobnicate', emptyRuleSet).classification).toBe('unknown');
  });

  it('proposes exact rules for mutating commands and subcommand prefixes for read-only ones', () => {
    expect(evaluateBash('git log -n 3', emptyRuleSet).proposedRules).toEqual(['Bash(git log:*)']);
    expect(evaluateBash('ls -la && touch a.txt', emptyRuleSet).proposedRules).toEqual([
      'Bash(ls:*)',
      'Bash(touch a.txt)',
    ]);
    expect(evaluateBash('sort -o out in', emptyRuleSet).proposedRules).toEqual(['Bash(sort -o out in)']);
    expect(evaluateBash('python3 -c "print(1)"', emptyRuleSet).proposedRules).toEqual([
      "Bash(python3 -c 'print\\(1\\)')",
    ]);
    expect(evaluateBash('git', emptyRuleSet).proposedRules).not.toContain('Bash(git:*)');
    expect(
      evaluateBash('ls && npm publish', compileRuleSet({ allow: ['Bash(ls:*)'] })).proposedRules,
    ).toEqual(['Bash(npm publish)']);
  });

  it('proposes rules that allow the command once added', () => {
    for (const command of ['git log -n 3', 'touch "a b.txt"', 'grep -r "x) Bash(*" .', 'npm run build']) {
      const proposed = evaluateBash(command, emptyRuleSet).proposedRules ?? [];
      expect(proposed.length, command).toBeGreaterThan(0);
      expect(behavior(command, compileRuleSet({ allow: proposed })), command).toBe('allow');
    }
  });
});

describe('evaluateBashListing (the CLI eval)', () => {
  const ask = compileRuleSet({ allow: ['Bash(ls:*)'], ask: ['Bash(git push:*)'] });
  const noListing = () => undefined;

  it('decides as evaluateBash does, without proposed rules, and keeps the analysis', () => {
    for (const command of ['git push origin main', 'make build', 'ls -la', 'rm -rf /', 'echo $(id)']) {
      const { proposedRules: _, ...decision } = evaluateBash(command, ask, { cwd: '/repo' });
      const listed = evaluateBashListing(command, ask, { cwd: '/repo' }, noListing);
      const { proposedRules, ...rest } = listed.decision;
      expect(rest).toEqual(decision);
      expect(proposedRules ?? []).toEqual([]);
      expect(listed.analysis).toEqual(analyzeShell(command));
    }
    // Proposals exist for these asks (not computed for the listing).
    expect(evaluateBash('make build', ask).proposedRules).not.toHaveLength(0);
  });

  it("gives evaluateBash's denial and analyzeShell's analysis when the evaluation fails inside", () => {
    const poisoned = new Proxy(
      {},
      {
        get() {
          throw new Error('poisoned rule set');
        },
      },
    ) as unknown as RuleSet;
    const listed = evaluateBashListing('ls -la && git status', poisoned, {}, noListing);
    expect(listed.decision).toEqual(evaluateBash('ls -la && git status', poisoned));
    expect(listed.decision.reason).toContain('internal error');
    expect(listed.analysis).toEqual(analyzeShell('ls -la && git status'));
  });
});
