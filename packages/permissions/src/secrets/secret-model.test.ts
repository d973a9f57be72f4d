/**
 * The catalogue, group by group (docs/threat-model.md lists the same groups), on resolved
 * paths under a home directory the catalogue does not name (`/srv/me`), and trees.
 */
import { describe, expect, it } from 'vitest';
import { createSecretModel } from './secret-model';

const model = createSecretModel({ homeDir: '/srv/me' });
const H = '/srv/me';

const GROUPS: Record<string, readonly string[]> = {
  'coding agents': [
    `${H}/.claude/.credentials.json`,
    `${H}/.claude.json`,
    `${H}/.claude/history.jsonl`,
    `${H}/.codex/auth.json`,
    `${H}/.codex/history.jsonl`,
    `${H}/.gemini/oauth_creds.json`,
    `${H}/.gemini/google_accounts.json`,
    `${H}/.config/github-copilot/hosts.json`,
    `${H}/.config/github-copilot/apps.json`,
    `${H}/.copilot/config.json`,
    `${H}/.local/share/opencode/auth.json`,
    `${H}/.qwen/oauth_creds.json`,
    `${H}/.cursor/mcp.json`,
    `${H}/.aider.conf.yml`,
  ],
  'shell and REPL histories': [
    `${H}/.bash_history`,
    `${H}/.zsh_history`,
    `${H}/.zhistory`,
    `${H}/.history`,
    `${H}/.local/share/fish/fish_history`,
    `${H}/.python_history`,
    `${H}/.node_repl_history`,
    `${H}/.psql_history`,
    `${H}/.mysql_history`,
    `${H}/.sqlite_history`,
    `${H}/.rediscli_history`,
    `${H}/.irb_history`,
    `${H}/.lesshst`,
    '/root/.bash_history',
    '/proc/self/root/home/x/.bash_history',
  ],
  'cloud and infra CLIs': [
    `${H}/.docker/config.json`,
    `${H}/.kube/config`,
    `${H}/.kube/prod.yaml`,
    `${H}/.config/gh/hosts.yml`,
    `${H}/.config/glab-cli/config.yml`,
    `${H}/.config/gcloud/credentials.db`,
    `${H}/.azure/msal_token_cache.json`,
    `${H}/.config/doctl/config.yaml`,
    `${H}/Library/Application Support/doctl/config.yaml`,
    `${H}/.fly/config.yml`,
    `${H}/.wrangler/config/default.toml`,
    `${H}/.config/.wrangler/config/default.toml`,
    `${H}/.local/share/com.vercel.cli/auth.json`,
    `${H}/.config/netlify/config.json`,
    `${H}/.netrc`,
    `${H}/.pulumi/credentials.json`,
    `${H}/.terraform.d/credentials.tfrc.json`,
    `${H}/.terraformrc`,
    '/repo/infra/terraform.tfstate',
    '/repo/infra/terraform.tfstate.backup',
    '/repo/infra/prod.tfvars',
    '/repo/infra/secrets.auto.tfvars.json',
    `${H}/.vault-token`,
    `${H}/.oci/config`,
    `${H}/.config/hcloud/cli.toml`,
    `${H}/.config/ngrok/ngrok.yml`,
    `${H}/.config/sops/age/keys.txt`,
    `${H}/.databrickscfg`,
    `${H}/.aws/credentials`,
  ],
  'package registries': [
    `${H}/.npmrc`,
    `${H}/.yarnrc.yml`,
    `${H}/.pypirc`,
    `${H}/.m2/settings.xml`,
    `${H}/.m2/settings-security.xml`,
    `${H}/.cargo/credentials.toml`,
    `${H}/.gem/credentials`,
    `${H}/.config/composer/auth.json`,
    `${H}/.composer/auth.json`,
    `${H}/.gradle/gradle.properties`,
    `${H}/.bundle/config`,
    `${H}/.config/pip/pip.conf`,
    `${H}/.pip/pip.conf`,
    `${H}/.yarnrc`,
  ],
  'ML hubs': [
    `${H}/.cache/huggingface/token`,
    `${H}/.cache/huggingface/stored_tokens`,
    `${H}/.huggingface/token`,
    `${H}/.kaggle/kaggle.json`,
    `${H}/.config/kaggle/kaggle.json`,
  ],
  'browsers and keychains': [
    `${H}/Library/Keychains/login.keychain-db`,
    '/Library/Keychains/System.keychain',
    `${H}/.local/share/keyrings/login.keyring`,
    `${H}/.password-store/github.gpg`,
    `${H}/.config/google-chrome/Default/Login Data`,
    `${H}/.config/google-chrome/Local State`,
    `${H}/.config/chromium/Default/Cookies`,
    `${H}/Library/Application Support/Google/Chrome/Default/Login Data`,
    `${H}/Library/Application Support/Firefox/Profiles/x.default/logins.json`,
    `${H}/.mozilla/firefox/x.default/key4.db`,
    `${H}/.mozilla/firefox/x.default/cookies.sqlite`,
    `${H}/vault.kdbx`,
  ],
  'project secret files': [
    '/repo/.env',
    '/repo/.env.production.local',
    '/repo/.dev.vars',
    '/repo/.secrets',
    '/repo/.streamlit/secrets.toml',
    '/repo/keys/service-account.json',
    '/repo/serviceAccountKey.json',
    '/repo/client_secret_1234.json',
    '/repo/tls/server.pem',
    '/repo/tls/server.key',
    '/repo/deploy/id_ed25519',
    '/repo/.htpasswd',
    '/repo/.vault_pass',
    '/repo/ansible/vault_password',
    '/repo/app.ppk',
  ],
};

describe('the secret catalogue, by group', () => {
  for (const [group, paths] of Object.entries(GROUPS)) {
    it.each(paths)(`${group}: %s`, (path) => {
      expect(model.isSecret(path)).toBe(true);
      // Case does not matter (macOS and Windows file systems ignore it).
      expect(model.isSecret(path.toUpperCase())).toBe(true);
    });
  }

  it.each([
    '/repo/.env.example',
    '/repo/.env.sample',
    '/repo/src/credentials.ts',
    '/repo/src/secrets.md',
    '/repo/docs/history.md',
    '/repo/src/history.ts',
    '/repo/.secrets.baseline',
    '/repo/.npmrc',
    `${H}/.ssh/id_ed25519.pub`,
    `${H}/.config/Code/User/settings.json`,
    `${H}/.cargo/config.toml`,
    '/repo/variables.tf',
    '/repo/src/account.ts',
    '/repo/README.md',
    `${H}/.claude/settings.json`,
    // transcripts are left alone (decision 0006): agents read them to debug sessions
    `${H}/.claude/projects/-repo/abc.jsonl`,
  ])('not secret: %s', (path) => {
    expect(model.isSecret(path)).toBe(false);
  });
});

describe('trees', () => {
  it.each([
    H,
    '/home/other',
    '/root',
    '/home',
    '/Users',
    '/',
    '/etc',
    '/proc',
    '/proc/1',
    '/var/run',
    '/proc/1/root',
    '/proc/self/root/root',
    `${H}/.config`,
    `${H}/.local`,
    `${H}/.local/share`,
    `${H}/.kube`,
    `${H}/.docker`,
    `${H}/.ssh`,
    `${H}/.claude`,
    `${H}/.cache`,
    `${H}/Library`,
    `${H}/Library/Application Support`,
  ])('%s holds secrets', (path) => {
    expect(model.treeHoldsSecret(path)).toBe(true);
  });

  it.each(['/repo', '/repo/src', '/usr/share', '/var/log', '/tmp', `${H}/project`, 'src', '.'])(
    '%s is not known to hold any',
    (path) => {
      expect(model.treeHoldsSecret(path)).toBe(false);
    },
  );

  it('a walk that skips hidden entries does not reach ~/.docker from ~, but does reach gh from ~/.config', () => {
    expect(model.treeHoldsSecret(`${H}/.cache`, true)).toBe(true);
    expect(model.treeHoldsSecret(`${H}/.config`, true)).toBe(true);
    expect(model.treeHoldsSecret(`${H}/.docker`, true)).toBe(true);
    expect(model.treeHoldsSecret(`${H}/project`, true)).toBe(false);
  });
});

describe('locations a host adds', () => {
  const added = createSecretModel({
    homeDir: '/srv/me',
    extraPaths: ['config/production.yml', '~/work/keys', '/opt/app/*.conf', 'passwords.txt'],
  });

  it('adds, at any depth, under home, absolute, by name', () => {
    expect(added.isSecret('/repo/config/production.yml')).toBe(true);
    expect(added.isSecret('/repo/CONFIG/Production.yml')).toBe(true);
    expect(added.isSecret('/srv/me/work/keys/a.txt')).toBe(true);
    expect(added.isSecret('/opt/app/db.conf')).toBe(true);
    expect(added.isSecret('/x/y/passwords.txt')).toBe(true);
    expect(added.isSecret('/repo/config/staging.yml')).toBe(false);
    expect(added.treeHoldsSecret('/srv/me/work')).toBe(true);
    expect(added.treeHoldsSecret('/opt')).toBe(true);
  });

  it('never removes a built-in location', () => {
    expect(added.isSecret('/repo/.env')).toBe(true);
    expect(createSecretModel({ extraPaths: ['!.env', ''] }).isSecret('/repo/.env')).toBe(true);
  });
});
