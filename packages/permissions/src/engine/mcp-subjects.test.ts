/**
 * MCP subjects are explicit (issue 25, item 2): an MCP tool is a file tool only through a
 * subject mapping; names match exactly at `__`; annotations never allow; several differing
 * path keys are all checked and the call asks.
 */
import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../decision';
import { createProtectedPathModel } from '../protected/protected-paths';
import { compileRuleSet } from '../rules/compile-rule-set';
import { ruleNamesTool } from '../rules/tool-name';
import { createSecretModel } from '../secrets/secret-model';
import { createPermissionEngine } from './create-permission-engine';
import { evaluateTool } from './evaluate-tool';
import { toolSessionKey } from './session-key';

const home = '/home/u';
const options = {
  cwd: '/repo',
  homeDir: home,
  secrets: createSecretModel({ homeDir: home }),
  protectedPaths: createProtectedPathModel({ homeDir: home }),
};
const guideRules = compileRuleSet({ allow: ['Read(**)', 'Read(/**)'] });
const call = (tool: string, input: Record<string, unknown>, extra: Partial<PermissionRequest> = {}) =>
  evaluateTool({ tool, input, cwd: '/repo', ...extra }, guideRules, options);

describe('Read/Write never cover an MCP tool by guessing from its arguments', () => {
  it.each([
    ['mcp__filesystem__write_file', { path: 'src/a.ts', content: 'x' }],
    ['mcp__filesystem__write_file', { path: '.git/hooks/pre-commit', content: 'id' }],
    ['mcp__filesystem__edit_file', { path: 'src/a.ts', edits: [] }],
    ['mcp__github__create_or_update_file', { path: 'README.md', content: 'x', owner: 'o', repo: 'r' }],
    ['mcp__github__delete_file', { path: 'README.md', owner: 'o', repo: 'r' }],
    ['mcp__slack__files_upload', { file: 'notes.md', channels: 'x' }],
    ['mcp__fs__read_text_file', { path: 'notes.md' }],
  ])('%s %j asks under Read(**)', (tool, input) => {
    expect(call(tool, input).behavior).toBe('ask');
  });

  it('a subject mapping makes an MCP tool a file reader', () => {
    const decision = call(
      'mcp__fs__read_text_file',
      { path: 'notes.md' },
      { subject: { kind: 'file', access: 'read', path: 'notes.md' } },
    );
    expect(decision.behavior).toBe('allow');
  });

  it('a rule naming the tool still allows it, and the floor still checks every guessed path', () => {
    const named = compileRuleSet({ allow: ['mcp__fs__read_text_file', 'mcp__fs'] });
    const decide = (tool: string, input: Record<string, unknown>) =>
      evaluateTool({ tool, input, cwd: '/repo' }, named, options);
    expect(decide('mcp__fs__read_text_file', { path: 'notes.md' }).behavior).toBe('allow');
    expect(decide('mcp__fs__read_text_file', { path: '.env' }).behavior).toBe('deny');
    expect(decide('mcp__fs__write_file', { path: '.claude/settings.json' }).behavior).toBe('deny');
    expect(decide('mcp__fs__write_file', { path: '.git/hooks/pre-commit' }).behavior).toBe('ask');
    expect(decide('mcp__fs__move_file', { source: 'a', destination: 'b', path: '.env' }).behavior).toBe(
      'deny',
    );
    expect(decide('mcp__fs__read_multiple_files', { paths: ['a.md', '~/.ssh/id_rsa'] }).behavior).toBe(
      'deny',
    );
  });
});

describe("the floor looks for an MCP call's paths in more fields and deeper", () => {
  const named = compileRuleSet({ allow: ['mcp__fs', 'mcp__fin'] });
  const decide = (tool: string, input: Record<string, unknown>) =>
    evaluateTool({ tool, input, cwd: '/repo' }, named, options).behavior;

  it.each([
    ['mcp__fs__move_file', { source: '/tmp/x.json', destination: '.claude/settings.json' }],
    ['mcp__fs__move_file', { source: '.claude', destination: '/tmp/x' }],
    ['mcp__fs__copy', { from: '.env', to: '/tmp/x' }],
    ['mcp__fs__read', { uri: 'file:///repo/.env' }],
    ['mcp__fs__read', { uri: 'file:///repo/%2Eenv' }],
    ['mcp__fs__read', { args: { file: '~/.ssh/id_rsa' } }],
    ['mcp__fs__read', { items: [{ path: '~/.aws/credentials' }] }],
  ])('%s %j is denied', (tool, input) => {
    expect(decide(tool, input)).toBe('deny');
  });

  it.each([
    ['mcp__fs__read', { path: 'README.md' }],
    ['mcp__fin__get', { source: 'sec', ticker: 'AAPL' }],
    ['mcp__fs__read', { uri: 'file://other-host/repo/.env' }],
  ])('%s %j is still allowed by the rule naming it', (tool, input) => {
    expect(decide(tool, input)).toBe('allow');
  });

  it('a call with more values than the guesses look at asks', () => {
    const values = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, 'x']));
    expect(decide('mcp__fs__read', values)).toBe('ask');
  });
});

describe('several path keys', () => {
  it('checks each and asks when they differ (a decoy file_path beside path)', () => {
    const allowAll = compileRuleSet({ allow: ['mcp__fs__read_text_file', 'ReadFile', 'Read(**)'] });
    const decoy = { file_path: 'notes.md', path: '.env' };
    expect(
      evaluateTool({ tool: 'mcp__fs__read_text_file', input: decoy, cwd: '/repo' }, allowAll, options)
        .behavior,
    ).toBe('deny');
    const differ = { file_path: 'notes.md', path: 'other.md' };
    expect(
      evaluateTool({ tool: 'mcp__fs__read_text_file', input: differ, cwd: '/repo' }, allowAll, options)
        .behavior,
    ).toBe('ask');
    expect(evaluateTool({ tool: 'read_file', input: differ, cwd: '/repo' }, allowAll, options).behavior).toBe(
      'ask',
    );
    const same = { file_path: 'notes.md', path: 'notes.md' };
    expect(evaluateTool({ tool: 'read_file', input: same, cwd: '/repo' }, allowAll, options).behavior).toBe(
      'allow',
    );
  });
});

describe('MCP names match exactly at the __ boundaries', () => {
  it.each([
    ['mcp__github__create_issue', 'mcp__githubcreate__issue'],
    ['mcp__github__create_issue', 'mcp__github__createissue'],
    ['mcp__github__create_issue', 'mcp__git-hub__create_issue'],
    ['mcp__jira', 'mcp__ji__ra'],
    ['mcp__jira', 'mcp__JIRA__create'],
    ['mcp__fs', 'mcp__fs_x__read'],
    ['mcpgithubcreateissue', 'mcp__github__create_issue'],
  ])('an allow rule %s does not allow %s', (rule, tool) => {
    expect(ruleNamesTool(rule, tool, true)).toBe(false);
    const rules = compileRuleSet({ allow: [rule] });
    expect(evaluateTool({ tool, input: {} }, rules, options).behavior).toBe('ask');
  });

  it('the same names allow themselves; deny rules still match leniently', () => {
    const rules = compileRuleSet({ allow: ['mcp__github__create_issue', 'mcp__jira'] });
    expect(evaluateTool({ tool: 'mcp__github__create_issue', input: {} }, rules, options).behavior).toBe(
      'allow',
    );
    expect(evaluateTool({ tool: 'mcp__jira__create', input: {} }, rules, options).behavior).toBe('allow');
    const deny = compileRuleSet({ deny: ['mcp__github__create_issue'] });
    expect(evaluateTool({ tool: 'mcp__githubcreate__issue', input: {} }, deny, options).behavior).toBe(
      'deny',
    );
  });

  it('session keys of different MCP names differ', () => {
    expect(toolSessionKey('mcp__github__create_issue')).not.toBe(toolSessionKey('mcp__githubcreate__issue'));
    expect(toolSessionKey('WriteFile')).toBe(toolSessionKey('write_file'));
  });
});

describe('server annotations never allow', () => {
  it('an MCP tool declared allow (readOnlyHint) still asks without a rule', () => {
    const engine = createPermissionEngine({ homeDir: home });
    const decision = engine.decide({ tool: 'mcp__srv__get_data', input: {}, defaultBehavior: 'allow' });
    expect(decision.behavior).toBe('ask');
    // A host's own read tool keeps its declared default.
    expect(engine.decide({ tool: 'get_quote', input: {}, defaultBehavior: 'allow' }).behavior).toBe('allow');
  });
});
