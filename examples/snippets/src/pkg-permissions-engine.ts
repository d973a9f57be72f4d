/**
 * Snippet of packages/permissions/README.md: the engine over the settings files of the
 * working directory, one decision, and an "always allow" answer persisted.
 */
export { engine };

// #region engine
import { createPermissionEngine, createRuleStore } from '@dexter/permissions';

const engine = createPermissionEngine({
  store: createRuleStore({ cwd: process.cwd() }), // ~/.dexter + ./.dexter settings
  rules: { deny: ['Bash(rm:*)'] }, // rules held in code, optional
});

engine.decide({ tool: 'bash', input: { command: 'git status -s' }, cwd: '/repo' });
// → { behavior: 'ask', reason: 'No rule allows this command …', classification: 'read-only',
//     proposedRules: ['Bash(git status:*)'], sessionKey: 'bash:/repo\u0000git status -s', cacheable: true }

await engine.persistAllowRule('Bash(git status:*)'); // the user answered "always"
// #endregion engine
