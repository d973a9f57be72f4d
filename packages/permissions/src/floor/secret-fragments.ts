/**
 * The text every secret path contains: the cheap test in front of `isSecretPath`, run on
 * every word of every command. `~` and `..` only ever remove text, so a path without any
 * fragment cannot be a secret (secret-fragments.test.ts checks this against the policy).
 * `hosts.yml` is listed on its own because `.config/./gh/hosts.yml` and
 * `.config//gh/hosts.yml` do not contain `config/gh`; `hub` (hub's token file,
 * `.config/hub`) as a whole path component for the same reason.
 */
export const SECRET_FRAGMENT =
  /env|ssh|aws|gnupg|azure|netrc|pypirc|pgpass|npmrc|yarnrc|credentials|secrets|kube|docker|gcloud|config\/gh|hosts\.yml|(?:^|\/)hub(?:\/|$)|shadow|id_|vault-token|my\.cnf|boto|s3cfg|password-store|\.(?:pem|key|p12|pfx|jks)/i;

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
  '.pe',
  '.ke',
  '.p1',
  '.pf',
  '.jk',
];

/**
 * ASCII letters in lower case, other ASCII characters as they are. The expression ignores
 * ASCII case only (without the `u` flag no other character folds to an ASCII one), and
 * every fragment is ASCII: `fold` gives 0, a code no start contains, for anything else.
 */
const FOLDED = new Uint8Array(128);
for (let code = 1; code < 128; code++) FOLDED[code] = code >= 65 && code <= 90 ? code + 32 : code;
const fold = (code: number): number => (code < 128 ? FOLDED[code]! : 0);

/**
 * Bit `c & 31` of entry `a * 128 + b` is set when some start spells the folded codes `a`,
 * `b`, `c` (other third characters share the bit: a false hit only costs the full test).
 */
const STARTS = new Int32Array(128 * 128);
for (const start of FRAGMENT_STARTS) {
  const [a, b, c] = [0, 1, 2].map((index) => fold(start.charCodeAt(index)));
  STARTS[(a! << 7) | b!]! |= 1 << (c! & 31);
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
  let a = fold(value.charCodeAt(0));
  let b = fold(value.charCodeAt(1));
  for (let i = 2; i < length; i++) {
    const c = fold(value.charCodeAt(i));
    if (((STARTS[(a << 7) | b]! >>> (c & 31)) & 1) === 1) return SECRET_FRAGMENT.test(value);
    a = b;
    b = c;
  }
  return false;
}

/** True when `value` has a glob or brace character (`*`, `?`, `[`, `{`). */
export function hasPatternChar(value: string): boolean {
  return PATTERN_CHARS.test(value);
}
