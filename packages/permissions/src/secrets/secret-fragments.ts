/**
 * The text every secret path contains: the cheap test in front of `isSecretPath`, run on
 * every word of every command. `~` and `..` only ever remove text, so a path without any
 * fragment cannot be a secret (secret-fragments.test.ts checks this against the policy).
 * `hosts.yml` is listed on its own because `.config/./gh/hosts.yml` and
 * `.config//gh/hosts.yml` do not contain `config/gh`; `hub` (hub's token file,
 * `.config/hub`) as a whole path component for the same reason, or ending where a path
 * candidate of the word ends (`--files=.config/hub,x`, see `pathCandidates`): at a `,` or
 * `:`, so a word spells every fragment its candidates do.
 */
/**
 * The fragments, in lower case: one per group of the catalogue (secret-paths.ts), each a
 * substring of every name or directory of that group. `hub` is matched separately, as a
 * whole path component (see above). The three forms below are built from this one list.
 */
export const FRAGMENTS: readonly string[] = [
  // dotenv and project secret files
  'env',
  'secret',
  'vars',
  'htpasswd',
  'vault',
  'account',
  'adminsdk',
  // keys and certificates
  'ssh',
  'id_',
  '.pem',
  '.key',
  '.p12',
  '.pfx',
  '.jks',
  '.ppk',
  '.p8',
  'kdbx',
  'keys.txt',
  'gnupg',
  'shadow',
  'sops',
  // cloud and infra CLIs
  'aws',
  'azure',
  'gcloud',
  'hcloud',
  'kube',
  'docker',
  'config/gh',
  'hosts.yml',
  'glab',
  'doctl',
  '.fly',
  'wrangler',
  'vercel',
  'netlify',
  'pulumi',
  'terraform',
  'tfstate',
  '.oci',
  'ngrok',
  'databricks',
  'snow',
  'rclone',
  'scw',
  'helm',
  '.tsh',
  'k3s',
  'debian.cnf',
  'system-conn',
  'sentry',
  'modal',
  'boto',
  's3cfg',
  'netrc',
  'pgpass',
  'my.cnf',
  'login',
  'credentials',
  // package registries
  'npmrc',
  'yarnrc',
  'pypirc',
  'settings',
  'composer',
  'gradle',
  'bundle',
  'pip.conf',
  'pypoetry',
  // coding agents
  'claude',
  'codex',
  'gemini',
  'copilot',
  'opencode',
  'cursor',
  'qwen',
  'aider',
  'continue',
  // histories
  'hist',
  'lesshst',
  'dbshell',
  '_sessions',
  // ML hubs
  'huggingface',
  'kaggle',
  // password stores, keychains, browsers
  'password-store',
  'keyrings',
  'keychain',
  'cookies',
  'key3',
  'key4',
  'signons',
  'chrom',
  'brave',
  'edge',
  'mozilla',
  'firefox',
];

const escaped = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const HUB = '(?:^|\\/)hub(?:[/,:]|$)';

/** Every fragment, one alternative each (`hub` as a whole component), ASCII case ignored. */
export const SECRET_FRAGMENT = new RegExp([...FRAGMENTS.map(escaped), HUB].join('|'), 'i');

/**
 * `SECRET_FRAGMENT` with its alternatives grouped by their first character (`s(?:sh|ecret|…)`),
 * which the regular expression engine tries with one test of that character instead of one
 * per alternative: on the corpus's long words (13+ characters) it costs about 0.8 of the
 * expression as listed. secret-fragments.test.ts checks that both spell the same literals and
 * agree on any text.
 */
export const FRAGMENT_SEARCH = (() => {
  const groups = new Map<string, string[]>();
  for (const literal of FRAGMENTS) {
    const first = literal[0]!;
    groups.set(first, [...(groups.get(first) ?? []), literal.slice(1)]);
  }
  const alternatives = [...groups].map(
    ([first, tails]) => `${escaped(first)}(?:${tails.map(escaped).join('|')})`,
  );
  return new RegExp([...alternatives, HUB].join('|'), 'i');
})();

/**
 * The first three characters of every alternative of `SECRET_FRAGMENT`, in lower case
 * (`hub` for `(^|/)hub([/,:]|$)`, `.pe` for `.pem`): a fragment can only occur where one of
 * these does. secret-fragments.test.ts derives them from the expression and compares.
 */
export const FRAGMENT_STARTS: readonly string[] = [
  ...new Set([...FRAGMENTS.map((literal) => literal.slice(0, 3)), 'hub']),
];

/**
 * Bit `c & 31` of entry `(a & 31) * 32 + (b & 31)` is set when some start spells the codes
 * `a`, `b`, `c`. `& 31` gives both cases of an ASCII letter one value (the expression ignores
 * ASCII case only: without the `u` flag no other character folds to an ASCII one). Other
 * characters share values with letters (`.` with `n`, digits with `p` to `y`, any non-ASCII
 * one with something): a shared value only costs a needless run of the expression. A 4 KiB
 * table, no case folding per character.
 */
const STARTS = new Int32Array(32 * 32);
for (const start of FRAGMENT_STARTS) {
  const key = ((start.charCodeAt(0) & 31) << 5) | (start.charCodeAt(1) & 31);
  STARTS[key]! |= 1 << (start.charCodeAt(2) & 31);
}

const PATTERN_CHARS = /[*?[{]/;

/** True when `value` contains a secret fragment (ASCII case ignored): `SECRET_FRAGMENT.test(value)`. */
export function mentionsSecretFragment(value: string): boolean {
  const length = value.length;
  if (length < 3) return false;
  // Most words are short and hold no fragment start: a table look-up per character rejects
  // them at a third of the cost of the expression, which then only runs where a fragment may
  // begin. Longer words may be slices or concatenations of the command text (V8 makes those
  // only from 13 characters on), where reading characters one by one costs more than the
  // expression's single pass.
  if (length >= 13) return FRAGMENT_SEARCH.test(value);
  let pair = ((value.charCodeAt(0) & 31) << 5) | (value.charCodeAt(1) & 31);
  for (let i = 2; i < length; i++) {
    const code = value.charCodeAt(i);
    if (((STARTS[pair]! >>> (code & 31)) & 1) === 1) return FRAGMENT_SEARCH.test(value);
    pair = ((pair & 31) << 5) | (code & 31);
  }
  return false;
}

/** True when `value` has a glob or brace character (`*`, `?`, `[`, `{`). */
export function hasPatternChar(value: string): boolean {
  return PATTERN_CHARS.test(value);
}
