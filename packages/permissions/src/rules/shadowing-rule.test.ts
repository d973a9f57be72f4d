/**
 * No dead answers (issue 25, item 6): no proposal, "always" answer or advice offers an allow
 * rule that an ask or deny rule would shadow; the answer says what would have to change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../engine/create-permission-engine';
import { evaluateBash } from '../engine/evaluate-bash';
import { evaluateTool } from '../engine/evaluate-tool';
import { PermissionsError } from '../errors';
import { createRuleStore } from '../store/rule-store';
import { compileRuleSet } from './compile-rule-set';
import { parseRule } from './parse-rule';
import { shadowingRule } from './shadowing-rule';

describe('shadowingRule', () => {
  const rules = compileRuleSet({
    ask: ['Bash(git push:*)', 'WebFetch(domain:example.com)', 'WriteFile(src/**)'],
    deny: ['Bash(rm:*)', 'mcp__fs__move_file'],
  });
  it.each([
    ['Bash(git push:*)', 'ask'],
    ['Bash(git push origin main)', 'ask'],
    ['Bash(git push --force:*)', 'ask'],
    ['Bash(rm -rf build)', 'deny'],
    ['Bash(/bin/rm x)', 'deny'],
    ['WebFetch(domain:docs.example.com)', 'ask'],
    ['WriteFile(src/a.ts)', 'ask'],
    ['mcp__fs__move_file', 'deny'],
  ])('%s is shadowed by a %s rule', (text, list) => {
    expect(shadowingRule(parseRule(text), rules)?.list).toBe(list);
  });

  it.each([
    'Bash(git:*)',
    'Bash(git status:*)',
    'Bash(git pushx)',
    'WebFetch(domain:python.org)',
    'WriteFile(docs/**)',
    'WriteFile(src/**/x.ts)',
    'mcp__fs__read_file',
  ])('%s can take effect', (text) => {
    expect(shadowingRule(parseRule(text), rules)).toBeUndefined();
  });
});

describe('decisions never propose a shadowed rule', () => {
  it('an ask rule decides: no proposal, and the reason says what would have to change', () => {
    const rules = compileRuleSet({ ask: ['Bash(git push:*)'], allow: ['Bash(git status:*)'] });
    const decision = evaluateBash('git push origin main', rules);
    expect(decision.behavior).toBe('ask');
    expect(decision.proposedRules).toEqual([]);
    expect(decision.reason).toMatch(/remove or narrow Bash\(git push:\*\)/);
    const tool = evaluateTool(
      { tool: 'WebFetch', input: { url: 'https://example.com/x' } },
      compileRuleSet({ ask: ['WebFetch(domain:example.com)'] }),
    );
    expect(tool.behavior).toBe('ask');
    expect(tool.proposedRules ?? []).toEqual([]);
    expect(tool.reason).toMatch(/remove or narrow/);
  });

  it('a default ask proposes only rules that would take effect', () => {
    const rules = compileRuleSet({ ask: ['Bash(git push:*)'] });
    expect(evaluateBash('git status', rules).proposedRules).toEqual(['Bash(git status:*)']);
  });

  it('a persistence write proposes the exact rule that allows it', () => {
    const rules = compileRuleSet({ allow: ['Bash(cp:*)'] });
    const decision = evaluateBash('cp hooks/pre-commit .git/hooks/pre-commit', rules);
    expect(decision.behavior).toBe('ask');
    expect(decision.proposedRules).toEqual(['Bash(cp hooks/pre-commit .git/hooks/pre-commit)']);
    const allowed = compileRuleSet({ allow: ['Bash(cp:*)', ...decision.proposedRules!] });
    expect(evaluateBash('cp hooks/pre-commit .git/hooks/pre-commit', allowed).behavior).toBe('allow');
  });
});

describe('"always" never saves a dead rule', () => {
  it('the engine refuses with rule_shadowed and says what to change', async () => {
    const engine = createPermissionEngine({ rules: { ask: ['Bash(git push:*)'] } });
    const error = await engine
      .persistAllowRule('Bash(git push origin main)')
      .catch((caught: unknown) => caught);
    expect(PermissionsError.isInstance(error)).toBe(true);
    expect((error as PermissionsError).code).toBe('rule_shadowed');
    expect((error as PermissionsError).message).toMatch(/Remove or narrow Bash\(git push:\*\)/);
    await engine.persistAllowRule('Bash(git status:*)');
    expect(engine.decide({ tool: 'bash', input: { command: 'git status' } }).behavior).toBe('allow');
  });

  it('the rule store refuses an allow rule another layer shadows, and writes nothing', async () => {
    const dir = mkdtempSync(`${tmpdir()}/dexter-shadow-`);
    try {
      const user = `${dir}/user.json`;
      const local = `${dir}/local.json`;
      writeFileSync(user, JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
      const store = createRuleStore({
        layers: [
          { name: 'user', file: user },
          { name: 'local', file: local },
        ],
      });
      await expect(store.addRule('allow', 'Bash(rm -rf build)')).rejects.toMatchObject({
        code: 'rule_shadowed',
      });
      expect(() => readFileSync(local, 'utf8')).toThrow();
      await store.addRule('allow', 'Bash(ls:*)');
      expect(JSON.parse(readFileSync(local, 'utf8')).permissions.allow).toEqual(['Bash(ls:*)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
