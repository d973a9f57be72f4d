import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathCandidates } from '../floor/secret-reads';
import {
  expandBraces,
  globCouldMatchSecret,
  globToRegExp,
  SAMPLE_NAMES,
  wildcardMatches,
} from './secret-globs';
import {
  EDITOR_COPY,
  isEnvFileName,
  isSecretFileName,
  isSecretPath,
  normalizePath,
  SEQUENCES,
} from './secret-paths';

describe('isSecretPath: the false-positive policy table', () => {
  it.each([
    '.env',
    '.env.local',
    '.env.production',
    '.env.development.local',
    'x/.env',
    './.env',
    './/.env',
    'a/b/../../.env',
    'prod.env',
    '.ENV',
    '.envrc',
    '~/.ssh',
    '~/.ssh/id_rsa',
    '~/.ssh/config',
    '~/.ssh/known_hosts',
    '$HOME/.ssh/id_rsa',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    '${HOME}/.ssh/id_rsa',
    '/root/.ssh/authorized_keys',
    '/home/alice/.ssh/id_ed25519',
    '/Users/bob/.ssh/id_rsa',
    '.ssh/id_rsa',
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'id_ed25519_sk',
    'id_rsa.old',
    'id_rsa_github',
    '~/.aws/credentials',
    '~/.aws/config',
    '~/.gnupg/private-keys-v1.d/x.key',
    '~/.netrc',
    '.netrc',
    '~/.npmrc',
    '~/.pypirc',
    '~/.git-credentials',
    '.git-credentials',
    '~/.kube/config',
    '~/.docker/config.json',
    '~/.config/gh/hosts.yml',
    '~/.config/gcloud/credentials.db',
    '~/.config/gcloud/application_default_credentials.json',
    '~/.config/gcloud/legacy_credentials/me/adc.json',
    'server.pem',
    'tls/server.key',
    'public.key',
    'cert.p12',
    'cert.pfx',
    'store.jks',
    '/proc/self/environ',
    '/proc/1/environ',
    '/proc/thread-self/environ',
    '/etc/shadow',
    '/etc/gshadow',
    '/etc/ssh/ssh_host_ed25519_key',
    '~/.vault-token',
    '~/.my.cnf',
    '~/.boto',
    // the whole of ~/.kube: kubeconfigs go by any name there
    '.kube/cache/x',
    '~/.m2/settings.xml',
    '~/.s3cfg',
    '~/.password-store/github.gpg',
    '~/.config/git/credentials',
    '~/.cargo/credentials.toml',
    '~/.gem/credentials',
    '~/.terraform.d/credentials.tfrc.json',
    '~/.azure/accessTokens.json',
    '.env~',
    '~/.config/hub',
    '/run/secrets/db_password',
    '~/.yarnrc.yml',
    '/var/run/secrets/kubernetes.io/serviceaccount/token',
    '~/.config//hub',
    'config/#.env.local#',
    '~/.ssh/id_rsa~',
    'id_ed25519~',
    'server.pem~',
    '~/.config/rclone/rclone.conf',
    '/root/.config/rclone/rclone.conf',
    '~/.m2/settings-security.xml',
    '~/.local/share/keyrings/login.keyring',
  ])('%s is secret', (path) => {
    expect(isSecretPath(path)).toBe(true);
  });

  it.each([
    '.env.example',
    '.env.sample',
    '.env.template',
    '.env.dist',
    '.env.local.example',
    'config/.env.tpl',
    'example.env.example',
    'credentials.ts',
    'src/secrets.ts',
    '.yarnrc.yml',
    'run/secrets.md',
    'src/credentials.ts',
    'keys.ts',
    'secrets.md',
    'tokens.json',
    'id_rsa.pub',
    'id_rsa.pub~',
    '.env.example~',
    'notes~',
    '~/.ssh/id_rsa.pub',
    '~/.ssh/id_ed25519.pub',
    'README.md',
    '.gitignore',
    'environment.ts',
    '.npmrc',
    'project/.npmrc',
    'src/env.ts',
    '.envoy',
    'key.ts',
    'keyboard.pem.ts',
    'shadow.css',
    'etc/passwd',
    '/etc/passwd',
    '.venv/bin/python',
    'docs/.ssh-guide.md',
    '.config/gh/config.yml',
    '',
    '.env/bin/activate',
    'rclone.md',
    'docs/rclone/setup.md',
    'src/keyrings.ts',
  ])('%s is not secret', (path) => {
    expect(isSecretPath(path)).toBe(false);
  });

  it('normalises lexically', () => {
    expect(normalizePath('~/a/./b//../c')).toEqual({ components: ['a', 'c'], home: true });
    expect(normalizePath('../../x')).toEqual({ components: ['..', '..', 'x'], home: false });
    expect(normalizePath('/home/u/../../etc/shadow')).toEqual({ components: ['etc', 'shadow'], home: false });
  });
});

describe('globs and braces that could expand to a secret', () => {
  it.each([
    '.en?',
    '.e*',
    '.env*',
    '*.pem',
    '~/.ssh/*',
    '~/.s*/id_*',
    '.[e]nv',
    '*.*',
    '.*',
    'id_*',
    '*env',
    '~/.aw?/*',
    '~/.kube/conf*',
    '~/.kube/*',
    '~/.docker/*.json',
    '~/.k?be/config',
  ])('%s could', (pattern) => {
    expect(globCouldMatchSecret(pattern) || isSecretPath(pattern)).toBe(true);
  });

  it.each([
    '*',
    'x*',
    'p*',
    'src/*',
    '*/*',
    '*.ts',
    '*.md',
    'test_*.py',
    'src/**/*.tsx',
    '[abc]',
    'docs/*.txt',
    '*/config',
    'docker/*.json',
    'config/*.json',
  ])('%s could not', (pattern) => {
    expect(globCouldMatchSecret(pattern) || isSecretPath(pattern)).toBe(false);
  });

  it('matches a component without [ as its expression does, without building it', () => {
    // The expression's wildcards stop at `/`; the matcher's names never have one.
    for (const name of [...SAMPLE_NAMES, ...SEQUENCES.flat()]) expect(name, name).not.toContain('/');
    const text = (characters: string[], maxLength: number) =>
      fc.array(fc.constantFrom(...characters), { maxLength }).map((parts) => parts.join(''));
    const literal = [
      '.',
      'e',
      'n',
      'v',
      'a',
      '-',
      '\\',
      '^',
      '$',
      '(',
      ')',
      '+',
      '|',
      '{',
      '}',
      ']',
      '\u0001',
    ];
    fc.assert(
      fc.property(text([...literal, '*', '*', '?'], 8), text(literal, 8), (component, name) => {
        expect(wildcardMatches(component, name), `${component} ~ ${name}`).toBe(
          globToRegExp(component).test(name),
        );
      }),
      { numRuns: 5000 },
    );
    for (const component of ['*', '**', '*.pem', '.e*', '?nv', '*.*', 'id_*', 'conf*', '.k?be', '*e*v*'])
      for (const name of [...SAMPLE_NAMES, ...SEQUENCES.flat()])
        expect(wildcardMatches(component, name), `${component} ~ ${name}`).toBe(
          globToRegExp(component).test(name),
        );
  }, 60_000);

  it('reads an editor copy only from a name that ends in ~ or starts and ends with #', () => {
    // isSecretFileName runs the expression only for those names.
    const name = fc
      .array(fc.constantFrom('#', '~', '.env', 'id_rsa', 'a', '.', '\n', ''), { maxLength: 6 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(name, fc.string({ maxLength: 6 })), (text) => {
        if (EDITOR_COPY.test(text))
          expect(text.endsWith('~') || (text.startsWith('#') && text.endsWith('#')), text).toBe(true);
      }),
      { numRuns: 5000 },
    );
    for (const copy of ['.env~', '.env~~', '#.env#', 'id_rsa~', '#id_rsa#'])
      expect(isSecretFileName(copy), copy).toBe(true);
    for (const plain of ['#notes', 'notes#', '~notes', '#', '~', '##', 'a~b', 'notes~'])
      expect(isSecretFileName(plain), plain).toBe(false);
  });

  it('knows a dotenv name by a . first or fourth from the end, in any case and script', () => {
    // isEnvFileName's quick reject: every name whose lower case could be a dotenv name has one.
    const name = fc
      .array(fc.constantFrom('.', 'env', 'ENV', 'eNv', 'x', '\u0130', '\u212a', '\u03a3', ' ', 'local'), {
        maxLength: 5,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 })),
        (text) => {
          const lower = text.toLowerCase();
          if (lower === '.env' || lower.startsWith('.env.') || (lower.endsWith('.env') && lower.length > 4))
            expect(text.charCodeAt(0) === 46 || text.charCodeAt(text.length - 4) === 46, text).toBe(true);
          else expect(isEnvFileName(text), text).toBe(false);
        },
      ),
      { numRuns: 5000 },
    );
    for (const text of ['.ENV', '.Env.Local', 'PROD.ENV', '\u0130.env', 'x.env'])
      expect(isEnvFileName(text), text).toBe(true);
  });

  it('expands braces with a cap', () => {
    expect(expandBraces('{.env,x}')).toEqual(['.env', 'x']);
    expect(expandBraces('.{e,x}nv')).toEqual(['.env', '.xnv']);
    expect(expandBraces('a{b,{c,d}}e')).toEqual(['abe', 'ace', 'ade']);
    expect(expandBraces('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}', 64)).toHaveLength(64);
    expect(expandBraces('no-braces')).toEqual(['no-braces']);
  });
});

describe('pathCandidates', () => {
  it('looks inside --opt=VALUE, @file, REV:path, lists and attached short values', () => {
    expect(pathCandidates('--env-file=.env')).toContain('.env');
    expect(pathCandidates('file=@.env')).toContain('.env');
    expect(pathCandidates('HEAD:config/.env')).toContain('config/.env');
    expect(pathCandidates('a,.env')).toContain('.env');
    expect(pathCandidates('-f.env')).toContain('.env');
  });
});
