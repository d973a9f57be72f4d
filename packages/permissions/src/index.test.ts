import { describe, expect, it } from 'vitest';
import * as permissions from './index';
import * as testing from './testing/index';

describe('package surface', () => {
  it('exports every entry point by name', () => {
    const functions = [
      'analyzeShell',
      'normalizeCommand',
      'quoteShellWord',
      'classifyCommand',
      'classifyArgv',
      'subcommandPrefix',
      'isInterpreterOrWrapper',
      'checkFloor',
      'parseRule',
      'serializeRule',
      'compileRuleSet',
      'mergeRuleSets',
      'matchCommandRule',
      'matchPathGlob',
      'normalizeToolName',
      'evaluateBash',
      'evaluateBashDetailed',
      'evaluateTool',
      'createPermissionEngine',
      'proposeRules',
      'createRuleStore',
      'readSettingsFile',
      'parseSettingsText',
      'loadSettingsObject',
      'listProtectedPaths',
      'createProtectedPathModel',
      'classifyAddress',
      'blockedAddressReason',
      'describeSessionKey',
      'normalizeFilePath',
      'requestMatchesRule',
      'rulesAlwaysWouldSave',
    ] as const;
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test enumerates the surface on purpose
    for (const name of functions) expect(typeof permissions[name], name).toBe('function');
    expect(typeof permissions.PermissionsError.isInstance).toBe('function');
    expect(Object.keys(testing).sort()).toEqual(
      [
        'RuleAssertionError',
        'RuleTableAssertionError',
        'RuleTableError',
        'assertRuleTable',
        'checkRuleTable',
        'decideCommand',
        'describeRuleTableCase',
        'expectDecision',
        'findNearMisses',
        'formatRuleTableMismatches',
        'loadRuleTable',
        'parseRuleTableText',
        'reportRuleTable',
        'runRuleTableReport',
      ].sort(),
    );
  });

  it('wires the parts together end to end', async () => {
    const engine = permissions.createPermissionEngine({
      rules: { allow: ['Bash(git log:*)'], deny: ['Bash(rm:*)'] },
    });
    expect(engine.decide({ tool: 'bash', input: { command: 'git log -3' } }).behavior).toBe('allow');
    expect(engine.decide({ tool: 'bash', input: { command: 'sudo /bin/rm -rf /' } }).behavior).toBe('deny');
    const error = new permissions.PermissionsError('rule_invalid', 'x');
    expect(permissions.PermissionsError.isInstance(error)).toBe(true);
  });
});
