/**
 * The text every secret path contains: the cheap test in front of `isSecretPath`, run on
 * every word of every command. `~` and `..` only ever remove text, so a path without any
 * fragment cannot be a secret (secret-fragments.test.ts checks this against the policy).
 * `hosts.yml` is listed on its own because `.config/./gh/hosts.yml` and
 * `.config//gh/hosts.yml` do not contain `config/gh`; `hub` (hub's token file,
 * `.config/hub`) as a whole path component for the same reason.
 *
 * One regular expression, not a hand-written scan: measured on the agent corpus, V8's
 * compiled alternation is about twice as fast per word as a char-code loop over a table.
 */
const SECRET_FRAGMENT =
  /env|ssh|aws|gnupg|azure|netrc|pypirc|pgpass|npmrc|yarnrc|credentials|secrets|kube|docker|gcloud|config\/gh|hosts\.yml|(?:^|\/)hub(?:\/|$)|shadow|id_|vault-token|my\.cnf|boto|s3cfg|password-store|\.(?:pem|key|p12|pfx|jks)/i;

const PATTERN_CHARS = /[*?[{]/;

/** True when `value` contains a secret fragment (ASCII case ignored). */
export function mentionsSecretFragment(value: string): boolean {
  // The shortest fragments have three characters; option words such as `-n` skip the scan.
  return value.length >= 3 && SECRET_FRAGMENT.test(value);
}

/** True when `value` has a glob or brace character (`*`, `?`, `[`, `{`). */
export function hasPatternChar(value: string): boolean {
  return PATTERN_CHARS.test(value);
}
