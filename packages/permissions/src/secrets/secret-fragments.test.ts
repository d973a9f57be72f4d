/**
 * `isSecretPath` rejects a path that spells no secret fragment without normalising it. That
 * is only sound if every path the policy accepts spells one: checked here on the policy
 * itself (`matchesSecretPolicy`, no quick reject), for the table's paths and for generated
 * ones in every spelling the normaliser undoes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FRAGMENT_SEARCH,
  FRAGMENT_STARTS,
  FRAGMENTS,
  hasPatternChar,
  mentionsSecretFragment,
  SECRET_FRAGMENT,
} from './secret-fragments';
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

/**
 * The literals an alternation of the expressions' form matches, in lower case: top-level
 * alternatives, a leading `(?:^|\/)` and a trailing `(?:[/,:]|$)` dropped (hub's boundaries),
 * a group `(?:a|b)` at the end expanded (`\.(?:pem|key)` → `.pem`, `.key`; `s(?:sh|ecrets)`
 * → `ssh`, `secrets`), escapes undone.
 */
function literalsOf(expression: RegExp): string[] {
  const literals: string[] = [];
  for (const alternative of expression.source.split(/\|(?![^(]*\))/)) {
    const text = alternative.replace(/^\(\?:\^\|\\\/\)/, '').replace(/\(\?:\[\/,:\]\|\$\)$/, '');
    const group = /^(.*?)\(\?:([^)]*)\)$/.exec(text);
    const expanded = group ? group[2]!.split('|').map((tail) => group[1]! + tail) : [text];
    for (const literal of expanded) {
      const plain = literal.replace(/\\(.)/g, '$1').toLowerCase();
      // Plain text only: no expression syntax left in it.
      expect(plain, plain).toMatch(/^[a-z0-9._/-]+$/);
      literals.push(plain);
    }
  }
  return literals;
}

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

  it('the prefilter knows how every alternative of the expression starts', () => {
    const starts = new Set(literalsOf(SECRET_FRAGMENT).map((literal) => literal.slice(0, 3)));
    expect([...starts].sort()).toEqual([...FRAGMENT_STARTS].sort());
    expect(starts.size).toBe(new Set([...FRAGMENTS, 'hub'].map((literal) => literal.slice(0, 3))).size);
  });

  it('the grouped search spells the same literals, with the same boundaries', () => {
    expect(literalsOf(FRAGMENT_SEARCH).sort()).toEqual(literalsOf(SECRET_FRAGMENT).sort());
    // One alternative per fragment, and hub's.
    expect(literalsOf(SECRET_FRAGMENT)).toHaveLength(FRAGMENTS.length + 1);
    for (const expression of [SECRET_FRAGMENT, FRAGMENT_SEARCH]) {
      expect(expression.flags).toBe('i');
      // hub's are the only anchors.
      expect(expression.source.match(/\(\?:[^)]*[\^$][^)]*\)/g)).toEqual(['(?:^|\\/)', '(?:[/,:]|$)']);
      expect(expression.source).toContain('(?:^|\\/)hub(?:[/,:]|$)');
    }
  });

  it('agrees with the expression on any text', () => {
    // Every fragment spelled out (not derived from the prefilter's table), and characters
    // that fold to ASCII letters only with the `u` flag (`ſ`, the Kelvin sign).
    const fragments = [
      'env',
      'ssh',
      'aws',
      'gnupg',
      'azure',
      'netrc',
      'pypirc',
      'pgpass',
      'npmrc',
      'yarnrc',
      'credentials',
      'secrets',
      'kube',
      'docker',
      'gcloud',
      'config/gh',
      'hosts.yml',
      '/hub/',
      'hub',
      'shadow',
      'id_',
      'vault-token',
      'my.cnf',
      'boto',
      's3cfg',
      'password-store',
      'rclone',
      'settings-security',
      'keyrings',
      'claude',
      'codex',
      'hist',
      'tfstate',
      'vars',
      'keychain',
      'chrom',
      'huggingface',
      '.pem',
      '.key',
      '.p12',
      '.pfx',
      '.jks',
    ];
    const piece = fc.oneof(
      fc.constantFrom(...fragments),
      fc.constantFrom(...'eEnNvVsShH/._-13 x\u00e9\u017f\u212a'.split('')),
      fc.string({ maxLength: 3 }),
    );
    const caseFlipped = fc
      .tuple(fc.array(piece, { maxLength: 24 }), fc.boolean())
      .map(([parts, upper]) => (upper ? parts.join('').toUpperCase() : parts.join('')));
    // Each character's case chosen on its own (`ShAdOw`, `.PeM`).
    const eachFlipped = fc
      .tuple(fc.array(piece, { maxLength: 24 }), fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }))
      .map(([parts, flips]) =>
        [...parts.join('')].map((c, i) => (flips[i % 64] ? c.toUpperCase() : c.toLowerCase())).join(''),
      );
    fc.assert(
      fc.property(
        fc.oneof(
          caseFlipped,
          eachFlipped,
          fc.string({ maxLength: 20 }),
          fc.string({ maxLength: 80 }),
          fc.string({ unit: 'binary', maxLength: 16 }),
        ),
        (text) => {
          const expected = SECRET_FRAGMENT.test(text);
          expect(FRAGMENT_SEARCH.test(text), text).toBe(expected);
          expect(mentionsSecretFragment(text), text).toBe(expected);
        },
      ),
      { numRuns: 10000 },
    );
  }, 60_000);

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
