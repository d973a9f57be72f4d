/**
 * The text every secret path contains: the cheap test in front of `isSecretPath`, run on
 * every word of every command. `~` and `..` only ever remove text, so a path without any
 * fragment cannot be a secret (secret-fragments.test.ts checks this against the policy).
 * `hosts.yml` is listed on its own because `.config/./gh/hosts.yml` and
 * `.config//gh/hosts.yml` do not contain `config/gh`; `hub` (hub's token file,
 * `.config/hub`) as a whole path component for the same reason.
 */
export const SECRET_FRAGMENT =
  /env|ssh|aws|gnupg|azure|netrc|pypirc|pgpass|npmrc|yarnrc|credentials|secrets|kube|docker|gcloud|config\/gh|hosts\.yml|(?:^|\/)hub(?:\/|$)|shadow|id_|vault-token|my\.cnf|boto|s3cfg|password-store|rclone|settings-security|keyrings|\.(?:pem|key|p12|pfx|jks)/i;

/**
 * The first three characters of every alternative of `SECRET_FRAGMENT`, in lower case
 * (`hub` for `(^|/)hub(/|$)`, `.pe` for `.pem`): a fragment can only occur where one of
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

/** True when `value` contains a secret fragment (ASCII case ignored). */
export function mentionsSecretFragment(value: string): boolean {
  const length = value.length;
  if (length < 3) return false;
  // Most words are short and hold no fragment start: a table look-up per character rejects
  // them at a third of the cost of the expression, which then only runs where a fragment may
  // begin. Longer words may be slices or concatenations of the command text (V8 makes those
  // only from 13 characters on), where reading characters one by one costs more than the
  // expression's single pass.
  if (length >= 13) return SECRET_FRAGMENT.test(value);
  let pair = ((value.charCodeAt(0) & 31) << 5) | (value.charCodeAt(1) & 31);
  for (let i = 2; i < length; i++) {
    const code = value.charCodeAt(i);
    if (((STARTS[pair]! >>> (code & 31)) & 1) === 1) return SECRET_FRAGMENT.test(value);
    pair = ((pair & 31) << 5) | (code & 31);
  }
  return false;
}

/** True when `value` has a glob or brace character (`*`, `?`, `[`, `{`). */
export function hasPatternChar(value: string): boolean {
  return PATTERN_CHARS.test(value);
}
