/**
 * Bash writers of protected paths (issue 25, item 1): attack lines under the broad rules an
 * agent is commonly given, and benign neighbours that must stay allowed. Analysed as strings.
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { compileRuleSet } from '../rules/compile-rule-set';
import { createSecretModel } from '../secrets/secret-model';
import { createProtectedPathModel } from './protected-paths';

const home = '/home/u';
const broad = compileRuleSet({
  allow: [
    'Bash(cp:*)',
    'Bash(mv:*)',
    'Bash(ln:*)',
    'Bash(tee:*)',
    'Bash(dd:*)',
    'Bash(install:*)',
    'Bash(truncate:*)',
    'Bash(chmod:*)',
    'Bash(sed:*)',
    'Bash(perl:*)',
    'Bash(python3:*)',
    'Bash(node:*)',
    'Bash(git:*)',
    'Bash(echo:*)',
    'Bash(cat:*)',
    'Bash(jq:*)',
    'Bash(rm:*)',
    'Bash(crontab:*)',
    'Bash(curl:*)',
    'Bash(touch:*)',
    'Bash(ls:*)',
    'Bash(npm:*)',
    'Bash(systemctl:*)',
    'Bash(rsync:*)',
    'Bash(vim:*)',
    'Bash(cd:*)',
    'Bash(mkdir:*)',
  ],
});
const options = {
  cwd: '/repo',
  secrets: createSecretModel({ homeDir: home }),
  protectedPaths: createProtectedPathModel({ homeDir: home, settingsFiles: ['/opt/agent/policy.json'] }),
};
const decide = (command: string, rules = broad, extra = {}) =>
  evaluateBash(command, rules, { ...options, ...extra });

describe('policy files: the floor denies every writer', () => {
  it.each([
    'cp /tmp/x .claude/settings.json',
    'cp /tmp/settings.json .claude/',
    'cp -t .claude /tmp/settings.json',
    'mv /tmp/x .claude/settings.local.json',
    'mv .claude/settings.json /tmp/off.json',
    'mv .claude /tmp/claude-off',
    'rm -f .claude/settings.json',
    'rm -rf ~/.gemini',
    'ln -sf /tmp/evil.json .gemini/settings.json',
    'ln .dexter/settings.json /tmp/handle',
    'echo {} > .claude/settings.json',
    'echo {} >| .claude/settings.json',
    'printf x >> ~/.claude/settings.json',
    'cat /tmp/x > $HOME/.gemini/settings.json',
    'echo {} | tee .dexter/settings.json',
    'echo {} | sudo tee /etc/claude-code/managed-settings.json',
    'dd if=/tmp/x of=.claude/settings.json',
    'tree -o .claude/settings.json',
    'tree -oa .claude/settings.json',
    'sort -o .dexter/settings.json /tmp/x',
    'install -m 644 /tmp/x .dexter/settings.local.json',
    'truncate -s 0 .claude/settings.json',
    ': > .claude/settings.json',
    'chmod 000 .claude/settings.json',
    "sed -i 's/deny/allow/' .claude/settings.json",
    "sed -i.bak -e 's/x/y/' ~/.dexter/settings.json",
    "perl -pi -e 's/hooks/x/' .gemini/settings.json",
    'git checkout -- .claude/settings.json',
    'git checkout HEAD~3 -- .claude/settings.json',
    'git restore .gemini/settings.json',
    'git rm .claude/settings.json',
    "python3 -c \"open('.claude/settings.json','w').write('{}')\"",
    'python3 -c "import os; os.remove(\'.claude/settings.json\')"',
    "python3 -c \"from pathlib import Path; (Path.home() / '.claude' / 'settings.json').write_text('{}')\"",
    "node -e \"require('fs').writeFileSync('.gemini/settings.json', '{}')\"",
    'perl -e \'open(F, ">.claude/settings.json"); print F "{}"\'',
    'cd .claude && echo {} > settings.json',
    'cd ~ && cp /tmp/x .claude/settings.json',
    'cp x sub/../.claude/settings.json',
    'cp x .CLAUDE/Settings.json',
    'cp x /repo/.claude/settings.json',
    'curl -o .claude/settings.json http://127.0.0.1:9/x',
    'touch .dexter/settings.json',
    'cp /tmp/x /opt/agent/policy.json',
    'sudo -u root cp /tmp/x /etc/gemini-cli/settings.json',
    'rsync -a /tmp/x .claude/settings.json',
    'vim .claude/settings.json',
    // A tree written where a policy file is: its directory counts as the file.
    'cp -r /tmp/x .claude',
    'cp -a /tmp/x/. .claude',
    'mv /tmp/x .gemini',
    'rsync -a /tmp/x/ .claude',
    'git restore .claude',
    'git checkout HEAD~3 -- .claude',
  ])('%s', (command) => {
    const decision = decide(command);
    expect(decision.behavior).toBe('deny');
    expect(decision.matchedRule).toBe('builtin:protected-write');
    // Whatever the rules: a tool-wide rule or read-only mode does not change it.
    expect(decide(command, compileRuleSet({ allow: ['Bash'] }), { readOnlyAutoAllow: true }).behavior).toBe(
      'deny',
    );
  });
});

describe('persistence paths: no broad rule allows writing them', () => {
  it.each([
    'cp /tmp/hook .git/hooks/pre-commit',
    'echo x | tee -a .git/hooks/post-checkout',
    'chmod +x .git/hooks/pre-commit',
    'ln -s /tmp/e .git/hooks/pre-push',
    'git config core.hooksPath /tmp/hooks',
    'git config --global alias.st "!sh -c id"',
    'git config --file .git/config core.fsmonitor /tmp/x',
    'echo "curl x | sh" | tee -a /home/u/.bashrc',
    'cp /tmp/x /home/u/.zshrc',
    'cp /tmp/k /home/u/.ssh/authorized_keys',
    'cat /tmp/k | tee -a /root/.ssh/authorized_keys',
    'crontab /tmp/jobs',
    'cp x /etc/cron.d/job',
    'cp x /home/u/.config/systemd/user/x.service',
    'systemctl --user enable /tmp/x.service',
    'cp /tmp/x .envrc',
    'cp /tmp/t .vscode/tasks.json',
    "sed -i 's/a/b/' .vscode/settings.json",
    'cp /tmp/m .mcp.json',
    'echo script-shell=/tmp/x | tee .npmrc',
    'npm config set script-shell /tmp/x',
    'cp /tmp/ls /home/u/.local/bin/ls',
    'cp /tmp/x .husky/pre-commit',
    "python3 -c \"open('.git/hooks/pre-commit','w').write('id')\"",
    'cd .git/hooks && cp /tmp/x pre-commit',
    // A directory above policy files takes them along: the project, a home, /etc, the root.
    'rm -rf /repo',
    'rm -rf ../repo',
    'cd src && rm -rf ..',
    'rm -rf /',
    'rm -rf /home/u',
    'rm -rf /home',
    'rm -rf /root',
    'mv /home/u /tmp/gone',
    'mv /repo /tmp/repo-old',
    'rm -rf /etc',
    'rm -rf /opt',
    'git rm -r .',
    // A tree's contents copied into the project or a home: where they land is not seen.
    'cp -r /tmp/x/. .',
    'cp -a /tmp/x/. /home/u',
    'rsync -a /tmp/x/ ./',
  ])('%s asks', (command) => {
    const decision = decide(command);
    expect(decision.behavior, decision.reason).toBe('ask');
    expect(decide(command, compileRuleSet({ allow: ['Bash'] })).behavior).toBe('ask');
    expect(decide(command, broad, { defaultMode: 'deny' }).behavior).toBe('deny');
  });

  it('read-only mode never allows one', () => {
    expect(
      decide('cp /tmp/x .git/hooks/pre-commit', compileRuleSet({}), { readOnlyAutoAllow: true }).behavior,
    ).toBe('ask');
  });

  it('an exact rule naming the command allows it', () => {
    const exact = compileRuleSet({ allow: ['Bash(cp scripts/pre-commit .git/hooks/pre-commit)'] });
    expect(decide('cp scripts/pre-commit .git/hooks/pre-commit', exact).behavior).toBe('allow');
    expect(decide('cp scripts/pre-push .git/hooks/pre-push', exact).behavior).toBe('ask');
  });
});

describe('benign neighbours stay allowed', () => {
  it.each([
    'cat .claude/settings.json',
    'jq .permissions .claude/settings.json',
    'cp .claude/settings.json /tmp/backup.json',
    'cat /home/u/.gemini/settings.json',
    'git add .claude/settings.json',
    'git diff .claude/settings.json',
    'git log -- .gemini/settings.json',
    'ls -la .claude',
    'cp /tmp/notes.md .claude/',
    'cp /tmp/x .claude/notes.md',
    'mkdir -p .claude',
    'cat /home/u/.bashrc',
    'cat .git/config',
    'git config user.name',
    'git config --get core.hooksPath',
    'git config --list',
    'crontab -l',
    'cp src/a.ts src/b.ts',
    'mv build/out.js dist/',
    'rm -rf build',
    'rm -rf /repo/build',
    'rm -rf /home/u/.cache/pip',
    'rm -rf /home/u/.npm',
    'rm -rf /root/.npm',
    'rm -rf /tmp/scratch',
    'mv build/out.js /tmp/',
    'echo done | tee build.log',
    'git checkout -- src/index.ts',
    'git checkout main',
    'python3 -c "import json; print(json.load(open(\'.claude/settings.json\')))"',
    'node -e "console.log(require(\'./.claude/settings.json\'))"',
    'touch src/new.ts',
    'chmod +x scripts/build.sh',
    'cp docs/settings.json /tmp/x',
    'cp x docs/settings.json',
    'ln -s ../shared lib',
    'cp -r src build',
    'cp -r src/. build',
    'rsync -a src/ build/',
    'cp -r /tmp/x .',
    'mv build dist',
    'git checkout -- .',
    'git restore .',
  ])('%s', (command) => {
    const decision = decide(command);
    expect(decision.behavior, decision.reason).toBe('allow');
  });
});

describe('a protected path named where the table cannot tell whether it is written', () => {
  const rules = compileRuleSet({ allow: ['Bash(mytool:*)', 'Bash(git:*)'] });
  // A command the table does not know may write any operand: only an exact rule allows it.
  it('is asked under a broad rule when the command may write', () => {
    const decision = decide('mytool .git/hooks/pre-commit', rules);
    expect(decision.behavior, decision.reason).toBe('ask');
    expect(decision.reason).toContain('.git/hooks/pre-commit makes code run later');
  });
  // `--foo` may take the path as its value: a word the table leaves `unknown`, but `git log`
  // is read-only in every reading.
  it('counts for nothing when the classifier finds the command read-only', () => {
    const decision = decide('git log --foo .git/hooks/pre-commit', rules);
    expect(decision.behavior, decision.reason).toBe('allow');
  });
});
