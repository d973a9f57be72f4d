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
export const SECRET_FRAGMENT =
  /env|ssh|aws|gnupg|azure|netrc|pypirc|pgpass|npmrc|yarnrc|credentials|secrets|kube|docker|gcloud|config\/gh|hosts\.yml|(?:^|\/)hub(?:[/,:]|$)|shadow|id_|vault-token|my\.cnf|boto|s3cfg|password-store|rclone|settings-security|keyrings|\.(?:pem|key|p12|pfx|jks)/i;

/**
 * `SECRET_FRAGMENT` with its alternatives grouped by their first character (`s(?:sh|ecrets|…)`),
 * which the regular expression engine tries with one test of that character instead of one
 * per alternative: on the corpus's long words (13+ characters) it costs about 0.8 of the
 * expression as listed. secret-fragments.test.ts checks that both spell the same literals and
 * agree on any text.
 */
export const FRAGMENT_SEARCH =
  /a(?:ws|zure)|b(?:oto)|c(?:redentials|onfig\/gh)|d(?:ocker)|e(?:nv)|g(?:nupg|cloud)|h(?:osts\.yml)|(?:^|\/)hub(?:[/,:]|$)|i(?:d_)|k(?:ube|eyrings)|m(?:y\.cnf)|n(?:etrc|pmrc)|p(?:ypirc|gpass|assword-store)|r(?:clone)|s(?:sh|ecrets|hadow|3cfg|ettings-security)|v(?:ault-token)|y(?:arnrc)|\.(?:pem|key|p12|pfx|jks)/i;

/**
 * The first three characters of every alternative of `SECRET_FRAGMENT`, in lower case
 * (`hub` for `(^|/)hub([/,:]|$)`, `.pe` for `.pem`): a fragment can only occur where one of
 * these does. secret-fragments.test.ts derives them from the expression and compares.
 */
export const FRAGMENT_STARTS: readonly string[] = [
  'env',
  'ssh',
  'aws',
  'gnu',
  'azu',
  'net',
  'pyp',
  'pgp',
  'npm',
  'yar',
  'cre',
  'sec',
  'kub',
  'doc',
  'gcl',
  'con',
  'hos',
  'hub',
  'sha',
  'id_',
  'vau',
  'my.',
  'bot',
  's3c',
  'pas',
  'rcl',
  'set',
  'key',
  '.pe',
  '.ke',
  '.p1',
  '.pf',
  '.jk',
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
