// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are shell commands, not JS templates
/**
 * Held-out probe (an outside review of the secret floor and read-only mode): the attacks it
 * found auto-allowed, each now denied by the floor or never allowed, and benign neighbours of
 * each fix that must stay undenied. The commands are only analysed as strings, never run.
 */
import { describe, expect, it } from 'vitest';
import { createPermissionEngine } from '../src/engine/create-permission-engine';
import { evaluateBash } from '../src/engine/evaluate-bash';
import { compileRuleSet } from '../src/rules/compile-rule-set';
import { createSecretModel } from '../src/secrets/secret-model';

/** A permissive allow list: every reader the attacks use is allowed by a prefix rule. */
const permissive = compileRuleSet({
  allow: [
    'Bash(cat:*)',
    'Bash(head:*)',
    'Bash(tail:*)',
    'Bash(sort:*)',
    'Bash(uniq:*)',
    'Bash(fold:*)',
    'Bash(rev:*)',
    'Bash(hexdump:*)',
    'Bash(gzip:*)',
    'Bash(view:*)',
    'Bash(more:*)',
    'Bash(awk:*)',
    'Bash(pr:*)',
    'Bash(tar:*)',
    'Bash(7z:*)',
    'Bash(ugrep:*)',
    'Bash(ug:*)',
    'Bash(grep:*)',
    'Bash(jq:*)',
    'Bash(yq:*)',
    'Bash(git:*)',
    'Bash(echo:*)',
    'Bash(gcloud:*)',
    'Bash(aws:*)',
    'Bash(terraform:*)',
  ],
});
const none = compileRuleSet({});

/** Home at `/home/dev`, so that `/root` and `/Users/NAME` are other users' homes. */
const homes = ['/home/dev', '/root'].map((homeDir) => createSecretModel({ homeDir }));

function decisions(command: string, cwd = '/repo') {
  return homes.flatMap((secrets) =>
    [
      evaluateBash(command, permissive, { cwd, secrets }),
      evaluateBash(command, none, { cwd, secrets, readOnlyAutoAllow: true }),
    ].map((decision) => decision.behavior),
  );
}

describe('secrets the catalogue missed, now denied by the floor', () => {
  it.each([
    // Home directories spelled in another case (`/ROOT`, `/HOME/DEV`, `/users/x`).
    'cat /ROOT/.NPMRC',
    'cat /HOME/DEV/.NPMRC',
    'cat /Root/.npmrc',
    'cat /users/DEV/.netrc',
    '7z a /tmp/z.7z /ROOT',
    // Histories under other names.
    'cat /root/.histfile',
    'cat ~/.dbshell',
    'uniq /root/.bash_sessions/x.history',
    'cat /home/dev/.zsh_sessions/x.history',
    'head -c 9999 /Users/dev/.ipython/profile_default/history.sqlite',
    'hexdump -C /home/dev/.local/share/atuin/history.db',
    // Agents, cloud and registry credentials.
    'cat /Users/dev/.continue/config.json',
    'fold /home/dev/.config/scw/config.yaml',
    'tail -n +1 /root/.sentryclirc',
    'gzip -c /root/.tsh/keys/x/y',
    'rev /root/.config/pypoetry/auth.toml',
    'head /home/dev/.sbt/credentials',
    'cat /Users/dev/.pub-cache/credentials.json',
    'cat ~/.config/dart/pub-credentials.json',
    'fold /home/dev/.modal.toml',
    'more /root/.config/helm/repositories.yaml',
    // System-wide cluster, database and network credentials.
    'cat /etc/kubernetes/admin.conf',
    'cat /etc/rancher/k3s/k3s.yaml',
    'cat /etc/mysql/debian.cnf',
    'cat /etc/NetworkManager/system-connections/home.nmconnection',
    // Project secrets.
    'cat .dev.vars.production',
    'cat apps/api/.dev.vars.staging',
    'awk 1 firebase-adminsdk-abc12.json',
    'pr AuthKey_ABC123.p8',
  ])('denies %s', (command) => {
    expect(decisions(command)).toEqual(['deny', 'deny', 'deny', 'deny']);
  });

  it.each([
    'cat .dev.vars.example',
    'cat src/dev.vars.ts',
    'cat components/Modal.tsx',
    'cat src/helm/values.yaml',
    'cat charts/app/Chart.yaml',
    'cat debian/control',
    'cat docs/sentry.md',
    'cat src/sessions.ts',
    'cat firebase.json',
    'cat .continue/config.ts',
    'ls /ROOT',
    'stat /Root/.npmrc',
    'cat /HOME/DEV/README.md',
  ])('does not deny %s', (command) => {
    expect(decisions(command)).not.toContain('deny');
  });
});

describe('readers the floor did not follow', () => {
  it.each([
    // ugrep recurses like grep (and with a depth).
    'ugrep -r x /Users',
    'ugrep -r token /home',
    'ugrep -R key /root',
    'ug -3 token /root/.config',
    // jq module metadata adds a search directory; `-f` in a cluster makes the operand a program file.
    `jq -n 'import "config" as $c {search: "/root/.docker"}; $c'`,
    `jq -n 'import "config" as $c {search: "~/.docker"}; $c'`,
    `jq -n 'import "credentials" as $c {"search": ["/tmp", "/root/.aws"]}; $c'`,
    `jq -n 'include "x" {search: "~/.aws"}; .'`,
    'jq -nf .env',
    'jq -rf /root/.npmrc -n',
    // Commands that print a credential.
    'gcloud config config-helper --format=json',
    'aws sso get-role-credentials --role-name x --account-id 1 --access-token t',
    'terraform state pull',
  ])('denies %s', (command) => {
    expect(decisions(command)).toEqual(['deny', 'deny', 'deny', 'deny']);
  });

  it.each([
    // The file is computed at run time: the floor cannot check it, so no rule allows it.
    `yq -n 'load(strenv(KUBECONFIG))'`,
    `yq -n 'load("/root/.kube/" + "config")'`,
    // Object names read from input, printed with their content.
    'echo HEAD:.env | git cat-file --batch',
    'git cat-file --batch <<< HEAD:.env',
    'git cat-file --batch-command < names.txt',
    'git cat-file --batch-comm < names.txt',
  ])('never allows %s', (command) => {
    expect(decisions(command)).not.toContain('allow');
  });

  it.each([
    'ugrep -n TODO src/a.ts',
    'ugrep -rn TODO src',
    `jq -n -L ./lib 'import "m" as m {search: "./lib"}; m::f'`,
    'jq -rf prog.jq data.json',
    `yq -n 'load("a.yml") * load("b.yml")'`,
    'git cat-file --batch-check < names.txt',
    'git cat-file -p HEAD:README.md',
    'gcloud config list',
    'aws sso login',
    'terraform state list',
    'terraform show',
  ])('does not deny %s', (command) => {
    expect(decisions(command)).not.toContain('deny');
  });
});

describe('second pass: backup copies and jq modules the floor cannot resolve', () => {
  it.each([
    'cat /root/.claude/.credentials.json.bak',
    'cat .netrc.bak',
    'cat key.pem.bak',
    'cat secrets.toml.orig',
    'cat terraform.tfstate.1700000000.backup',
    'cat ~/.aws/credentials.old',
  ])('denies %s', (command) => {
    expect(decisions(command)).toEqual(['deny', 'deny', 'deny', 'deny']);
  });

  it.each([
    `jq -nL /root/.docker 'import "config" as $c; $c'`,
    `jq -nL/root/.docker 'import "config" as $c; $c'`,
    `jq -n 'import "config" as $c {search: "/ro" + "ot/.docker"}; $c'`,
    `jq -n 'import "config" as $c {search: ("/root/.docker")}; $c'`,
    `jq -n 'import "config" as $c {search: "/root/.dock\\u0065r"}; $c'`,
    `jq -n 'import "/root/.dock\\u0065r/config" as $c; $c'`,
    `jq -n 'import "\\("/root/.docker/config")" as $c; $c'`,
    `jq -n 'import "config" as $c {search: "$ORIGIN/../../root/.docker"}; $c'`,
  ])('never allows %s', (command) => {
    expect(decisions(command)).not.toContain('allow');
  });

  it.each([
    // grep up to 3.5 takes options from GREP_OPTIONS (`-r` reads the whole tree), as tar does from TAR_OPTIONS.
    'GREP_OPTIONS=-r grep KEY /root',
    'GREP_OPTIONS=-r grep KEY src',
    'env GREP_OPTIONS=--recursive grep token ~',
  ])('never allows %s', (command) => {
    expect(decisions(command)).not.toContain('allow');
  });

  it.each([
    // Environment variables that hold credentials under other names, and ps's BSD `e` later on.
    'printenv MYSQL_PWD',
    'printenv DATABASE_URL',
    'printenv REDIS_URL',
    'printenv MONGODB_URI',
    'printenv SENTRY_DSN',
    'printenv CI_JOB_JWT',
    'printenv SLACK_WEBHOOK_URL',
    'printenv STRIPE_SK',
    `yq -n 'strenv(DATABASE_URL)'`,
    'ps -ef e',
    'ps --forest e',
  ])('denies %s', (command) => {
    expect(decisions(command)).toEqual(['deny', 'deny', 'deny', 'deny']);
  });

  it.each([
    'cat README.md.orig',
    'printenv PWD',
    'printenv NODE_ENV',
    'printenv SKIP_TESTS',
    'ps -C node',
    'ps -u alice',
    'ps --sort start -ef',
    'ps -ef',
    'cat id_map.json.bak',
    'cat config.json.1',
    `jq -n 'import "data" as $d {search: "./data"}; $d'`,
    `jq -n 'import "m" as m {search: ["./lib", "./vendor"]}; m::f'`,
    'jq -L lib -n \'include "util"; f\'',
  ])('does not deny %s', (command) => {
    expect(decisions(command)).not.toContain('deny');
  });
});

describe('file tools without a subject name their file in other fields', () => {
  const engine = createPermissionEngine({
    homeDir: '/home/u',
    rules: { allow: ['ReadFile', 'mcp__filesystem'] },
  });
  it.each([
    ['ReadFile', { absolute_path: '/home/u/.aws/credentials' }],
    ['ReadFile', { notebook_path: '~/.aws/credentials' }],
    ['ReadFile', { filePath: '/home/u/.npmrc' }],
    ['ReadFile', { target_file: '.env' }],
    ['ReadFile', { filename: '.env.local' }],
    ['ReadFile', { file: '/root/.codex/auth.json' }],
    ['mcp__filesystem__read_multiple_files', { paths: ['README.md', '/home/u/.aws/credentials'] }],
  ])('denies %s %j', (tool, input) => {
    const decision = engine.decide({ tool, input, cwd: '/repo' });
    expect(decision.behavior).toBe('deny');
    expect(decision.matchedRule).toBe('builtin:secret-read');
  });

  it('still allows a plain file', () => {
    expect(engine.decide({ tool: 'ReadFile', input: { absolute_path: '/repo/README.md' } }).behavior).toBe(
      'allow',
    );
    expect(
      engine.decide({ tool: 'mcp__filesystem__read_multiple_files', input: { paths: ['a.md', 'b.md'] } })
        .behavior,
    ).toBe('allow');
  });
});

describe('archivers that read the names of the files they read from their input', () => {
  // A prefix rule for the archiver: what it reads is named on stdin or in a list file, which
  // the floor cannot see, so the rule does not cover those forms.
  const archivers = compileRuleSet({
    allow: ['Bash(find:*)', 'Bash(zip:*)', 'Bash(rsync:*)', 'Bash(7z:*)'],
  });
  const decide = (command: string) =>
    homes.map((secrets) => evaluateBash(command, archivers, { cwd: '/repo', secrets }).behavior);

  it.each([
    'find /root | zip x.zip -@',
    'find ~ -name "*.pem" | zip -r@ keys.zip',
    'find /root | zip --names-stdin x.zip',
    'zip x.zip -@ < list.txt',
    'find / | rsync -a --files-from=- / /tmp/out',
    'rsync -a --files-from list.txt / /tmp/out',
    '7z a x.7z @list.txt',
    '7z a x.7z -i@list.txt',
  ])('never allows %s under a prefix rule', (command) => {
    expect(decide(command)).not.toContain('allow');
  });

  it.each([
    'zip -r site.zip dist',
    'zip x.zip README.md src/a.ts',
    'zip user@host.zip a.txt',
    'rsync -a dist/ /tmp/out',
    '7z a x.7z dist',
  ])('still allows %s', (command) => {
    expect(decide(command)).toEqual(['allow', 'allow']);
  });
});
