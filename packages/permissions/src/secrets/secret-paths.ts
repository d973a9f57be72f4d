/**
 * Which paths hold secrets. Paths are normalised lexically first (`./.env`, `.//.env`,
 * `dir/../.env`, `~`, `$HOME`, `${HOME}`, `/root`, `/home/NAME`, `/Users/NAME`), then
 * matched by component, so a secret is found wherever it sits.
 *
 * False-positive policy (each row is tested):
 *
 * | path                                   | secret? | why                                               |
 * | -------------------------------------- | ------- | ------------------------------------------------- |
 * | `.env`, `.env.local`, `x/.env.prod`, `prod.env` | yes | dotenv files hold API keys                     |
 * | `.env.example`, `.env.sample`, `.env.template`, `.env.dist`, `.env.tpl`, `.env.schema` | no | committed templates |
 * | `.envrc`                               | yes     | direnv files export secrets                       |
 * | `~/.ssh/**` except `*.pub`             | yes     | private keys, agent config; public keys are public|
 * | `~/.aws/**`, `~/.gnupg/**`, `~/.azure/**`, `~/.config/gcloud/**` | yes | cloud and signing credentials |
 * | `/run/secrets/…`, `/var/run/secrets/kubernetes.io/…` (`run/secrets` anywhere) | yes | mounted container and service-account secrets |
 * | `.netrc`, `.git-credentials`, `.pypirc`, `.pgpass`, `.vault-token`, `.my.cnf`, `.boto`, `.s3cfg` anywhere | yes | only ever hold credentials |
 * | `~/.password-store/**`, `.config/git/credentials`, `.cargo/credentials[.toml]`, `.gem/credentials`, `.terraform.d/credentials.tfrc.json` | yes | password store, registry tokens |
 * | `rclone/rclone.conf`, `.m2/settings-security.xml`, `.local/share/keyrings/**` | yes | cloud-storage tokens, Maven's master password, desktop keyrings |
 * | `~/.npmrc`, `~/.yarnrc.yml` (home only) | yes    | auth tokens; a project's copy is committed config |
 * | `.kube/config`, `.docker/config.json`, `.config/gh/hosts.yml`, `.config/hub` | yes | cluster / registry / GitHub tokens |
 * | `*.pem`, `*.key`, `*.p12`, `*.pfx`, `*.jks` | yes | also `public.key`: the name cannot tell, so fail closed |
 * | `id_rsa`, `id_ed25519_sk`, `id_rsa.old`, `id_rsa_github` | yes | private SSH keys                  |
 * | `id_rsa.pub`                           | no      | public key                                        |
 * | `.env~`, `#.env#`, `id_rsa~`            | yes     | an editor's backup or autosave of a secret        |
 * | `.netrc.bak`, `key.pem.orig`, `terraform.tfstate.1700000000.backup` | yes | a backup copy of a secret |
 * | `/proc/PID/environ`, any `environ`       | yes     | another process's environment                     |
 * | `/etc/shadow`, `/etc/gshadow`, `ssh_host_*_key` | yes | password hashes, host keys               |
 * | `/etc/kubernetes/admin.conf`, `k3s.yaml`, `mysql/debian.cnf`, NetworkManager connections | yes | cluster admin keys, database and Wi-Fi passwords |
 * | `.dev.vars.staging`, `*.p8`, `firebase-adminsdk-*.json` | yes | Wrangler secrets per environment, PKCS#8 keys, service-account keys |
 * | `credentials.ts`, `keys.ts`, `secrets.md`, `tokens.json` | no | source files named after the topic   |
 * | `!.env` (an exclusion glob: `rg -g '!.env'`) | no | it names what NOT to read               |
 * | quoted patterns `'.env*'`, `'*.pem'`   | yes     | find -name, --include, --glob, pathspecs expand them |
 */
import { mentionsSecretFragment } from './secret-fragments';

const HOME_WORD = /^(?:~[A-Za-z0-9_.-]*|\$HOME|\$\{HOME\})(?=\/|$)/;
const HOME_MARK = '\u0000home';

/** A path split into normalised components, and whether it starts at a home directory. */
export interface NormalizedPath {
  components: string[];
  home: boolean;
}

/** Lexical normalisation: no file system access, `..` resolved against earlier components. */
export function normalizePath(path: string): NormalizedPath {
  // Only a leading `~` or `$` can start a home word: skip the regular expression otherwise.
  const first = path.charCodeAt(0);
  const match = first === 126 || first === 36 ? HOME_WORD.exec(path) : null;
  const text = match ? `/${HOME_MARK}${path.slice(match[0].length)}` : path;
  const absolute = text.startsWith('/');
  const components: string[] = [];
  // The `/`-separated parts of `text`, by `indexOf` (`split` costs more than the rest here).
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('/', start);
    if (end === -1) end = text.length;
    const part = text.slice(start, end);
    start = end + 1;
    if (part === '' || part === '.') continue;
    if (part === '..') {
      const last = components[components.length - 1];
      if (last !== undefined && last !== '..') components.pop();
      else if (!absolute) components.push(part);
      continue;
    }
    components.push(part);
  }
  if (components[0] === HOME_MARK) return { components: components.slice(1), home: true };
  // Names compare ignoring case (`/ROOT/.NPMRC`, `/HOME/U/.npmrc` on a case-insensitive file system).
  const top = absolute ? components[0]?.toLowerCase() : undefined;
  if (top === 'root') return { components: components.slice(1), home: true };
  if ((top === 'home' || top === 'users') && components.length >= 2) {
    return { components: components.slice(2), home: true };
  }
  return { components, home: false };
}

// The catalogue, grouped as docs/threat-model.md lists it. Every name is in lower case:
// components are compared lower-cased (macOS and Windows file systems ignore case).

/** Directories everything under which is secret, wherever they sit. */
export const SECRET_DIRS: ReadonlySet<string> = new Set([
  // keys, cloud and signing credentials, password stores
  '.ssh',
  '.aws',
  '.gnupg',
  '.azure',
  '.password-store',
  '.kube',
  '.oci',
  '.pulumi',
  '.huggingface',
  '.kaggle',
  '.snowsql',
  '.snowflake',
  '.databricks',
  '.tsh',
  '.bash_sessions',
  '.zsh_sessions',
]);
/** File names that only ever hold secrets, wherever they sit. */
const ANYWHERE_FILES = new Set([
  // project secret files
  '.envrc',
  '.dev.vars',
  '.secrets',
  '.secrets.toml',
  '.secrets.yaml',
  '.secrets.yml',
  '.secrets.json',
  'secrets.toml',
  '.htpasswd',
  '.vault_pass',
  '.vault_pass.txt',
  '.vault-pass',
  '.vault_password',
  '.vault-password',
  'vault_pass.txt',
  'vault_password',
  'vault-password.txt',
  'application_default_credentials.json',
  // login and client credentials
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pypirc',
  '.pgpass',
  '.vault-token',
  '.my.cnf',
  '.mylogin.cnf',
  '.boto',
  '.s3cfg',
  '.databrickscfg',
  '.terraformrc',
  'terraform.rc',
  'environ',
  '.lesshst',
  '.histfile',
  '.dbshell',
  '.sentryclirc',
  '.modal.toml',
  // coding agents
  '.claude.json',
  '.credentials.json',
  '.aider.conf.yml',
  // browser credential stores
  'login data',
  'login data for account',
  'logins.json',
  'key3.db',
  'key4.db',
  'signons.sqlite',
  'cookies',
  'cookies.sqlite',
]);
/** Secret only as a home directory's own file: a project's copy is committed config. */
const HOME_FILES = new Set(['.npmrc', '.yarnrc.yml', '.yarnrc']);
const SECRET_EXTENSIONS =
  /\.(?:pem|key|p8|p12|pfx|jks|ppk|kdbx|keystore|tfstate|tfstate\.backup|tfvars|tfvars\.json)$/;
/** Service-account and OAuth client keys (`service-account-prod.json`, `client_secret_123.json`). */
const KEY_FILE_JSON =
  /^(?:.*service[-_]?account.*|serviceaccountkey|.*firebase-adminsdk.*|client_secrets?(?:[-_.].*)?)\.json$/;
/** Shell and REPL histories: `.bash_history`, `.python_history`, `fish_history`, `.zhistory`. */
const HISTORY =
  /^(?:\.[a-z0-9_.-]*(?:_history|history)|[a-z0-9_.-]*_history|\.[a-z]*_hist(?:ory)?(?:\.[a-z]+)?)$/;
const SSH_KEY = /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[._-].*)?$/;
const HOST_KEY = /^ssh_host_.*_key$/;
const ENV_TEMPLATE_PARTS = new Set([
  'example',
  'sample',
  'template',
  'dist',
  'tpl',
  'tmpl',
  'schema',
  'defaults',
]);
/** Secret files known by their last path components (`~/.kube/config`). */
export const SEQUENCES: readonly (readonly string[])[] = [
  // cloud and infra CLIs
  ['.docker', 'config.json'],
  ['.config', 'gh', 'hosts.yml'],
  ['.config', 'hub'],
  ['glab-cli', 'config.yml'],
  ['doctl', 'config.yaml'],
  ['.fly', 'config.yml'],
  ['.wrangler', 'config', 'default.toml'],
  ['com.vercel.cli', 'auth.json'],
  ['.vercel', 'auth.json'],
  ['netlify', 'config.json'],
  ['.netlify', 'config.json'],
  ['.terraform.d', 'credentials.tfrc.json'],
  ['hcloud', 'cli.toml'],
  ['ngrok', 'ngrok.yml'],
  ['.ngrok2', 'ngrok.yml'],
  ['rclone', 'rclone.conf'],
  ['age', 'keys.txt'],
  ['.config', 'git', 'credentials'],
  // package registries
  ['.cargo', 'credentials'],
  ['.cargo', 'credentials.toml'],
  ['.gem', 'credentials'],
  ['.m2', 'settings.xml'],
  ['.m2', 'settings-security.xml'],
  ['composer', 'auth.json'],
  ['.composer', 'auth.json'],
  ['.gradle', 'gradle.properties'],
  ['.bundle', 'config'],
  ['pip', 'pip.conf'],
  ['.pip', 'pip.conf'],
  ['pypoetry', 'auth.toml'],
  ['.sbt', 'credentials'],
  ['.ivy2', '.credentials'],
  ['.pub-cache', 'credentials.json'],
  ['dart', 'pub-credentials.json'],
  ['scw', 'config.yaml'],
  ['helm', 'repositories.yaml'],
  ['.continue', 'config.json'],
  ['.continue', 'config.yaml'],
  // coding agents
  ['.claude', '.credentials.json'],
  ['.claude', 'history.jsonl'],
  ['.codex', 'auth.json'],
  ['.codex', 'history.jsonl'],
  ['.gemini', 'oauth_creds.json'],
  ['.gemini', 'google_accounts.json'],
  ['.qwen', 'oauth_creds.json'],
  ['.copilot', 'config.json'],
  ['.cursor', 'mcp.json'],
  ['opencode', 'auth.json'],
  // ML hubs
  ['huggingface', 'token'],
  ['huggingface', 'stored_tokens'],
  // (spelled out under ~/.cache too, so that ~/.cache is known to hold them)
  ['.cache', 'huggingface', 'token'],
  ['.cache', 'huggingface', 'stored_tokens'],
  ['kaggle', 'kaggle.json'],
  // system
  ['etc', 'shadow'],
  ['etc', 'gshadow'],
  ['etc', 'kubernetes', 'admin.conf'],
  ['rancher', 'k3s', 'k3s.yaml'],
  ['mysql', 'debian.cnf'],
  // histories kept as databases
  ['profile_default', 'history.sqlite'],
  ['atuin', 'history.db'],
];
/**
 * Directories everything under which is secret, known by their last components (mounted
 * container secrets `/run/secrets/…`, `/var/run/secrets/kubernetes.io/…`; keyrings; browser
 * profiles, which hold saved passwords, cookies and the key that decrypts them).
 */
export const SEQUENCE_DIRS: readonly (readonly string[])[] = [
  ['.config', 'gcloud'],
  ['.config', 'glab-cli'],
  ['.config', 'github-copilot'],
  ['.config', 'sops'],
  ['.local', 'share', 'opencode'],
  ['run', 'secrets'],
  ['.local', 'share', 'keyrings'],
  ['library', 'keychains'],
  ['library', 'cookies'],
  ['.config', 'google-chrome'],
  ['.config', 'chromium'],
  ['.config', 'bravesoftware'],
  ['.config', 'microsoft-edge'],
  ['.mozilla', 'firefox'],
  ['application support', 'google', 'chrome'],
  ['application support', 'bravesoftware'],
  ['application support', 'microsoft edge'],
  ['application support', 'firefox'],
  ['microsoft', 'usersecrets'],
  ['networkmanager', 'system-connections'],
];

/** The first characters of `SECRET_DIRS` (all `.`): a component that starts otherwise is none of them. */
const SECRET_DIR_FIRSTS: ReadonlySet<number> = new Set([...SECRET_DIRS].map((dir) => dir.charCodeAt(0)));
/** The last component of every sequence in `SEQUENCES`: a path whose base is none of them ends in none. */
const SEQUENCE_LASTS: ReadonlySet<string> = new Set(
  SEQUENCES.map((sequence) => sequence[sequence.length - 1]!),
);

/** Space, tab, newline. */
const isBlank = (code: number) => code === 32 || code === 9 || code === 10;

/** True for dotenv-style names that are not templates. */
export function isEnvFileName(name: string): boolean {
  // `.env`, `.env.…` and `….env` have a `.` first or fourth from the end, in any case (only
  // `.` lower-cases to `.`, only `e`/`E`… to `e`, `n`, `v`, each to one character): most
  // names have neither and skip the lower-case copy.
  if (name.charCodeAt(0) !== 46 && name.charCodeAt(name.length - 4) !== 46) return false;
  const lower = name.toLowerCase();
  let parts: string[];
  if (lower === '.env') return true;
  if (lower.startsWith('.env.')) parts = lower.slice(5).split('.');
  // `prod.env`, not a phrase that mentions one (`jest -t "reads .env"`): no file is named so.
  else if (
    lower.endsWith('.env') &&
    lower.length > 4 &&
    !lower.startsWith('!') &&
    !isBlank(lower.charCodeAt(lower.length - 5))
  )
    parts = lower.slice(0, -4).split('.');
  else return false;
  return !parts.some((part) => ENV_TEMPLATE_PARTS.has(part));
}

// An editor's backup or autosave copy holds the same text: `.env~`, `id_rsa~`, `#.env#`.
export const EDITOR_COPY = /^#(.+)#$|^(.+?)~+$/;

/** A copy kept under a backup suffix (`.bak`, `.old`, `.orig`, a number, …); the name before them. */
const BACKUP_COPY = /^(.+?)(?:\.(?:bak|backup|old|orig|save|sav|tmp|[0-9]+))+$/;

/** True when a file name alone marks a secret. */
export function isSecretFileName(fileName: string): boolean {
  // Only a name that ends in `~`, or starts and ends with `#`, can be a copy: skip the
  // expression (and its match) for the rest. `#` 35, `~` 126.
  const last = fileName.charCodeAt(fileName.length - 1);
  const copy =
    last === 126 || (last === 35 && fileName.charCodeAt(0) === 35) ? EDITOR_COPY.exec(fileName) : null;
  const name = (copy === null ? fileName : (copy[1] ?? copy[2]!)).toLowerCase();
  if (isEnvFileName(name) || ANYWHERE_FILES.has(name)) return true;
  // Wrangler's per-environment copies (`.dev.vars.staging`), not its templates.
  if (name.startsWith('.dev.vars.'))
    return !name
      .slice(10)
      .split('.')
      .some((part) => ENV_TEMPLATE_PARTS.has(part));
  if (SSH_KEY.test(name)) return !name.endsWith('.pub');
  if (SECRET_EXTENSIONS.test(name) || HOST_KEY.test(name) || HISTORY.test(name) || KEY_FILE_JSON.test(name))
    return true;
  // A backup copy holds the same text: `.netrc.bak`, `key.pem.orig`, `terraform.tfstate.1700000000.backup`.
  const backup = BACKUP_COPY.exec(name);
  return backup !== null && isSecretFileName(backup[1]!);
}

/** True when `sequence` ends `components` (or, with `anywhere`, occurs anywhere in them). */
function containsSequence(
  components: readonly string[],
  sequence: readonly string[],
  anywhere: boolean,
): boolean {
  const last = components.length - sequence.length;
  if (last < 0) return false;
  for (let i = anywhere ? 0 : last; i <= last; i++) {
    let k = 0;
    while (k < sequence.length && components[i + k] === sequence[k]) k++;
    if (k === sequence.length) return true;
  }
  return false;
}

/**
 * True when `path` names a secret file or directory (see the policy table above).
 *
 * @example
 * isSecretPath('./config/../.env'); // true
 * isSecretPath('.env.example'); // false
 * isSecretPath('$HOME/.ssh/id_ed25519'); // true
 */
export function isSecretPath(path: string): boolean {
  // Every path the table accepts spells a secret fragment (secret-fragments.test.ts checks
  // it): the common case, an ordinary path, is rejected by one scan without normalising.
  return mentionsSecretFragment(path) && matchesSecretPolicy(path);
}

/** The policy table itself, on the normalised path; `isSecretPath` without its quick reject. */
export function matchesSecretPolicy(path: string): boolean {
  const normalized = normalizePath(path);
  return componentsAreSecret(lowerCased(normalized.components), normalized.home);
}

/** `components` in lower case (the same array when it has no upper-case letter). */
export function lowerCased(components: string[]): string[] {
  for (let i = 0; i < components.length; i++) {
    const component = components[i]!;
    const lower = component.toLowerCase();
    if (lower !== component) components[i] = lower;
  }
  return components;
}

/** The policy on normalised, lower-cased components (`home`: they start at a home directory). */
export function componentsAreSecret(components: readonly string[], home: boolean): boolean {
  const base = components[components.length - 1];
  if (base === undefined) return false;
  let dirIndex = 0;
  while (
    dirIndex < components.length &&
    !(SECRET_DIR_FIRSTS.has(components[dirIndex]!.charCodeAt(0)) && SECRET_DIRS.has(components[dirIndex]!))
  )
    dirIndex++;
  if (dirIndex < components.length) {
    // Inside ~/.ssh only public keys are not secret.
    return !(components[dirIndex] === '.ssh' && base.endsWith('.pub') && dirIndex < components.length - 1);
  }
  if (isSecretFileName(base)) return true;
  if (home && HOME_FILES.has(base) && components.length === 1) return true;
  if (SEQUENCE_LASTS.has(base)) {
    for (const sequence of SEQUENCES) {
      if (containsSequence(components, sequence, false)) return true;
    }
  }
  for (const sequence of SEQUENCE_DIRS) {
    if (containsSequence(components, sequence, true)) return true;
  }
  return false;
}
