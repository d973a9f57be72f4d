/**
 * `isSecretPath` rejects a path that spells no secret fragment without normalising it. That
 * is only sound if every path the policy accepts spells one: checked here on the policy
 * itself (`matchesSecretPolicy`, no quick reject), for the table's paths and for generated
 * ones in every spelling the normaliser undoes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPatternChar, mentionsSecretFragment } from './secret-fragments';
import { isSecretPath, matchesSecretPolicy } from './secret-paths';

const SECRET_NAMES = [
  '.env',
  '.ENV',
  '.env.local',
  'prod.env',
  '.envrc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pypirc',
  '.pgpass',
  '.vault-token',
  '.my.cnf',
  '.boto',
  '.s3cfg',
  'environ',
  'id_rsa',
  'id_ed25519_sk',
  'ssh_host_rsa_key',
  'tls.PEM',
  'a.key',
  'b.p12',
  'c.pfx',
  'd.jks',
];
const SECRET_DIRS = ['.ssh', '.aws', '.gnupg', '.azure', '.password-store', '.config/gcloud'];
const SEQUENCES = [
  '.kube/config',
  '.docker/config.json',
  '.config/gh/hosts.yml',
  '.config/./gh/hosts.yml',
  '.config//gh/hosts.yml',
  '.config/git/credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.gem/credentials',
  '.terraform.d/credentials.tfrc.json',
  'etc/shadow',
  'etc/gshadow',
  'run/secrets/db_password',
  'run/./secrets/x',
  'var/run/secrets/kubernetes.io/serviceaccount/token',
];
/** Secret only in a home directory. */
const HOME_ONLY = [
  '~/.yarnrc.yml',
  '/home/x/.yarnrc.yml',
  '~/.npmrc',
  '$HOME/.npmrc',
  '/root/.npmrc',
  '/home/x/a/../.npmrc',
  'x/.npmrc',
];
const PREFIXES = [
  '',
  './',
  './/',
  'a/../',
  'a/b/../../',
  '~/',
  '$HOME/',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  '${HOME}/',
  '/root/',
  '/home/x/',
  '/',
];

const secretLike = fc.oneof(
  fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...SECRET_NAMES)).map(([p, n]) => p + n),
  fc
    .tuple(
      fc.constantFrom(...PREFIXES),
      fc.constantFrom(...SECRET_DIRS),
      fc.constantFrom('', '/x', '/x.pub', '/a/'),
    )
    .map(([p, d, t]) => p + d + t),
  fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...SEQUENCES)).map(([p, s]) => p + s),
);
/** Arbitrary text over the characters secret names are made of, plus path syntax. */
const pathText = fc
  .array(
    fc.constantFrom(
      ...'./_-~$'.split(''),
      'env',
      'ssh',
      'id_',
      'rsa',
      'config',
      'gh',
      'hosts.yml',
      'home',
      'root',
      '..',
      'E',
      'N',
      'V',
      'k',
      'e',
      'y',
      'p',
      'm',
      'x',
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('secret fragments', () => {
  it('every path the policy accepts spells one', () => {
    fc.assert(
      fc.property(fc.oneof(secretLike, fc.constantFrom(...HOME_ONLY), pathText, fc.string()), (path) => {
        if (matchesSecretPolicy(path)) expect(mentionsSecretFragment(path), path).toBe(true);
        expect(isSecretPath(path), path).toBe(matchesSecretPolicy(path));
      }),
      { numRuns: 3000 },
    );
  });

  it('the generated secret paths are secrets', () => {
    fc.assert(
      fc.property(secretLike, (path) => {
        if (!path.endsWith('.pub')) expect(isSecretPath(path), path).toBe(true);
      }),
    );
  });

  it('ignore ASCII case only', () => {
    expect(mentionsSecretFragment('X.ENV')).toBe(true);
    expect(mentionsSecretFragment('~/.SSH')).toBe(true);
    expect(mentionsSecretFragment('README.md')).toBe(false);
  });

  it('pattern characters are glob and brace characters', () => {
    expect(['*', '?', '[', '{'].every(hasPatternChar)).toBe(true);
    expect(hasPatternChar('src/a-b.ts')).toBe(false);
  });
});
