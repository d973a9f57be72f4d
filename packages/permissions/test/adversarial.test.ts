/**
 * The adversarial suite: every attack of `adversarial-cases.ts` under three rule sets —
 * none, a typical allow list, a deny list — and the benign commands under the same three.
 * Targets: zero attacks auto-allowed, zero deny-rule bypasses, zero false denials.
 */
import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../src/engine/create-permission-engine';
import { evaluateBash } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';
import { createSecretModel } from '../src/secrets/secret-model';
import {
  type AttackCase,
  attackCases,
  benignCases,
  contextAttacks,
  contextBenign,
  fileToolAttacks,
} from './adversarial-cases';

const ruleSets = {
  none: compileRuleSet({}),
  allowList: compileRuleSet({
    allow: [
      'Bash(git status:*)',
      'Bash(ls:*)',
      'Bash(cat:*)',
      'Bash(grep:*)',
      'Bash(sort:*)',
      'Bash(find:*)',
      'Bash(echo:*)',
    ],
  }),
  denyList: compileRuleSet({ deny: ['Bash(rm:*)', 'Bash(curl:*)'] }),
} as const;
type RuleSetName = keyof typeof ruleSets;

const show = (command: string) =>
  JSON.stringify(command.length > 100 ? `${command.slice(0, 97)}...` : command);

describe('adversarial suite', () => {
  it('has at least 250 attacks and 100 benign commands', () => {
    expect(attackCases.length).toBeGreaterThanOrEqual(250);
    expect(benignCases.length).toBeGreaterThanOrEqual(100);
  });

  const results = new Map<
    RuleSetName,
    { allowed: string[]; bypass: string[]; floorMiss: string[]; falseDeny: string[]; notAllowed: string[] }
  >();

  for (const name of Object.keys(ruleSets) as RuleSetName[]) {
    it(`holds under the ${name} rule set`, { timeout: 180_000 }, () => {
      const rules = ruleSets[name];
      const outcome = {
        allowed: [] as string[],
        bypass: [] as string[],
        floorMiss: [] as string[],
        falseDeny: [] as string[],
        notAllowed: [] as string[],
      };
      for (const attack of attackCases as AttackCase[]) {
        const decision = evaluateBash(attack.command, rules, { cwd: '/work/project' });
        const line = `[${attack.category}] ${show(attack.command)} → ${decision.behavior}: ${decision.reason.slice(0, 160)}`;
        if (decision.behavior === 'allow') outcome.allowed.push(line);
        if (attack.floor && decision.behavior !== 'deny') outcome.floorMiss.push(line);
        if (name === 'denyList' && attack.hidesDenied && decision.behavior !== 'deny')
          outcome.bypass.push(line);
      }
      for (const benign of benignCases) {
        const decision = evaluateBash(benign.command, rules, { cwd: '/work/project' });
        const line = `${show(benign.command)} → ${decision.behavior}: ${decision.reason.slice(0, 160)}`;
        if (decision.behavior === 'deny') outcome.falseDeny.push(line);
        if (name === 'allowList' && benign.allowedByTypical && decision.behavior !== 'allow')
          outcome.notAllowed.push(line);
      }
      results.set(name, outcome);
      console.log(
        `[adversarial] ${name}: ${attackCases.length} attacks → ${outcome.allowed.length} auto-allowed, ` +
          `${outcome.floorMiss.length} floor misses, ${name === 'denyList' ? outcome.bypass.length : 0} deny-rule bypasses; ` +
          `${benignCases.length} benign → ${outcome.falseDeny.length} false denials` +
          (name === 'allowList' ? `, ${outcome.notAllowed.length} expected allows missed` : ''),
      );
      expect(outcome.allowed, 'attacks auto-allowed').toEqual([]);
      expect(outcome.floorMiss, 'floor cases not denied').toEqual([]);
      expect(outcome.bypass, 'deny-rule bypasses').toEqual([]);
      expect(outcome.falseDeny, 'benign commands denied').toEqual([]);
      expect(outcome.notAllowed, 'benign commands the allow list should allow').toEqual([]);
    });
  }

  const rank = { allow: 0, ask: 1, deny: 2 } as const;
  type Rewrite = [label: string, rewrite: (command: string) => string];

  /** Every attack rewritten each way must get a decision at least as strict as on its own. */
  function expectNoneWeakened(
    name: RuleSetName,
    what: string,
    rewrites: readonly Rewrite[],
    applies: (attack: AttackCase) => boolean = () => true,
  ): void {
    const rules = ruleSets[name];
    const weakened: string[] = [];
    const attacks = (attackCases as AttackCase[]).filter(applies);
    for (const attack of attacks) {
      const alone = evaluateBash(attack.command, rules).behavior;
      for (const [label, rewrite] of rewrites) {
        const rewritten = evaluateBash(rewrite(attack.command), rules).behavior;
        if (rank[rewritten] < rank[alone])
          weakened.push(`[${attack.category}] ${show(attack.command)}, ${label}: ${alone} → ${rewritten}`);
      }
    }
    console.log(
      `[adversarial] ${name}: ${attacks.length} attacks × ${rewrites.length} ${what} → ${weakened.length} weakened`,
    );
    expect(weakened).toEqual([]);
  }

  // The structured parse gives way to the linear fallback scan on a syntax error or over the
  // length cap — both within an attacker's reach (`…\nfi`, 70 KB of padding). The floor and
  // deny rules must hold there just as well: no attack may get a weaker decision that way.
  const padding = 'echo a; '.repeat(9000);
  const fallbackForms: Rewrite[] = [
    ['syntax error after it', (command) => `${command}\nfi`],
    ['over the length cap', (command) => padding + command],
  ];
  for (const name of Object.keys(ruleSets) as RuleSetName[]) {
    it(`forcing the fallback scan weakens no decision under the ${name} rule set`, { timeout: 180_000 }, () =>
      expectNoneWeakened(name, 'fallback forms', fallbackForms),
    );
  }

  // Inside a subshell, a group, `if`/`while`/`case`, a function or a command substitution —
  // or nested past the depth cap — an attack must get the same decision as on its own.
  const wrappers: Rewrite[] = [
    ['in ( … )', (command) => `(${command}\n)`],
    ['in { …; }', (command) => `{ ${command}\n}`],
    ['in if', (command) => `if true; then ${command}\nfi`],
    ['after &&', (command) => `true && ${command}`],
    ['with &', (command) => `${command} &`],
    ['in while', (command) => `while false; do ${command}\ndone`],
    ['in a function', (command) => `f() { ${command}\n}; f`],
    ['in $( … )', (command) => `echo "$(${command}\n)"`],
    ['in case', (command) => `case x in x) ${command}\n;; esac`],
    ['past the depth cap', (command) => `${'$('.repeat(17)}${command}${'\n)'.repeat(17)}`],
  ];
  for (const name of Object.keys(ruleSets) as RuleSetName[]) {
    it(
      `wrapping an attack in compound commands weakens no decision under the ${name} rule set`,
      {
        timeout: 180_000,
      },
      () => expectNoneWeakened(name, 'wrappers', wrappers),
    );
  }

  // Behind a wrapper (`nohup`, `sudo -u root`, `timeout 5`, …) a single-command attack must get
  // the same decision. (Not assignments or reserved words: after a wrapper `PATH=x` and `!`
  // are program names, and not lists: a wrapper takes only the first command.)
  const wrapperPrefixes = [
    'nohup',
    'timeout 5',
    'env',
    'env -i',
    'sudo',
    'sudo -u root',
    'command',
    'exec',
    'nice -n 5',
    'stdbuf -oL',
    'setsid',
    'ionice -c3',
    'time',
    'echo x | xargs',
  ];
  const prefixed: Rewrite[] = wrapperPrefixes.map((prefix) => [
    `after ${prefix}`,
    (command) => `${prefix} ${command}`,
  ]);
  const singleCommand = (attack: AttackCase) =>
    attack.category !== 'assignments' &&
    attack.category !== 'reserved-words' &&
    !/[;&|\n(){}]/.test(attack.command);
  for (const name of Object.keys(ruleSets) as RuleSetName[]) {
    it(
      `a wrapper in front of a single-command attack weakens no decision under the ${name} rule set`,
      {
        timeout: 180_000,
      },
      () => expectNoneWeakened(name, 'wrapper prefixes', prefixed, singleCommand),
    );
  }

  // Issue 14: the working directory, `cd` and the home directory decide which file is read.
  const secrets = createSecretModel({ homeDir: '/home/u' });
  for (const name of Object.keys(ruleSets) as RuleSetName[]) {
    it(`resolves paths against the working directory under the ${name} rule set`, () => {
      const rules = ruleSets[name];
      const missed: string[] = [];
      const falseDeny: string[] = [];
      for (const attack of contextAttacks) {
        for (const readOnlyAutoAllow of [false, true]) {
          const decision = evaluateBash(attack.command, rules, {
            cwd: attack.cwd,
            secrets,
            readOnlyAutoAllow,
          });
          if (decision.behavior !== 'deny')
            missed.push(`[${attack.category}] ${attack.cwd}: ${show(attack.command)} → ${decision.behavior}`);
        }
      }
      for (const benign of contextBenign) {
        const decision = evaluateBash(benign.command, rules, {
          cwd: benign.cwd,
          secrets,
          readOnlyAutoAllow: true,
        });
        if (decision.behavior === 'deny')
          falseDeny.push(`${benign.cwd}: ${show(benign.command)} → ${decision.reason.slice(0, 160)}`);
      }
      console.log(
        `[adversarial] ${name}: ${contextAttacks.length} cwd/cd attacks → ${missed.length} not denied; ` +
          `${contextBenign.length} benign → ${falseDeny.length} false denials`,
      );
      expect(missed).toEqual([]);
      expect(falseDeny).toEqual([]);
    });
  }

  it('denies secret reads through file tools whatever the rules allow', () => {
    const engine = createPermissionEngine({
      homeDir: '/home/u',
      rules: {
        allow: ['Read(**)', 'Read(/**)', 'Read(~/**)', 'Write(**)', 'mcp__filesystem', 'ReadFile', 'View'],
      },
    });
    const missed: string[] = [];
    for (const [tool, path, cwd, recursive] of fileToolAttacks) {
      const access = tool === 'edit_file' ? 'write' : 'read';
      const decision = engine.decide({
        tool,
        input: { path },
        cwd,
        subject: { kind: 'file', access, path, ...(recursive ? { recursive } : {}) },
      });
      if (decision.behavior !== 'deny' || decision.matchedRule !== 'builtin:secret-read')
        missed.push(`${tool} ${path} (cwd ${cwd}) → ${decision.behavior}`);
    }
    console.log(`[adversarial] file tools: ${fileToolAttacks.length} attacks → ${missed.length} not denied`);
    expect(missed).toEqual([]);
  });
});
