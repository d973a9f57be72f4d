/**
 * Snippets for docs/guides/permissions.md: the engine with inline rules and with the
 * layered settings files, and what it decides.
 */
// #region inline
import { createPermissionEngine, createRuleStore } from '@dexter/permissions';

export const engine = createPermissionEngine({
  rules: {
    allow: ['Bash(git status:*)', 'Bash(git log:*)', 'Bash(ls:*)', 'WriteFile(src/**)'],
    ask: ['Bash(git push:*)'],
    deny: ['Bash(rm:*)', 'WriteFile(.github/**)'],
  },
  cwd: '/repo',
});

const bash = (command: string) => engine.decide({ tool: 'bash', input: { command } });

bash('git log --oneline -5').behavior; // 'allow'  (Bash(git log:*))
bash('git log --output=/tmp/x').behavior; // 'ask'    (a prefix rule never allows a writing flag)
bash('sudo /bin/rm -rf /').behavior; // 'deny'   (unwrapped, matched by basename)
bash('cat .env').behavior; // 'deny'   (built-in floor: secret read)
bash('ls $(cat dirs.txt)').behavior; // 'ask'    (opaque: never allowed, never cached)

engine.decide({
  tool: 'write_file',
  input: { path: 'src/app.ts', content: '' },
  subject: { kind: 'file', access: 'write', path: 'src/app.ts' },
}).behavior; // 'allow'  (WriteFile(src/**))
// #endregion inline

// #region store
// ~/.dexter/settings.json < <cwd>/.dexter/settings.json < <cwd>/.dexter/settings.local.json
export function projectEngine(cwd: string) {
  const store = createRuleStore({ cwd });
  const projectEngine = createPermissionEngine({ store, cwd });
  // A damaged settings file is reported here, and the engine runs with no allow rules.
  for (const problem of projectEngine.loadErrors) console.error(problem.message);
  return projectEngine;
}
// "Always allow" in an approval prompt ends up in engine.persistAllowRule(rule): the rule
// is written to the local layer under a lock, atomically, in canonical form.
// #endregion store
