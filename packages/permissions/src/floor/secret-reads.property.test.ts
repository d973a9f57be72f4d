/**
 * Properties of the secret-read check, on commands built as shell text and parsed by the
 * real parser: a secret path in any spelling (`./`, `//`, `dir/..`, `~`, `$HOME`, `/root`),
 * any embedding (`--opt=P`, `@P`, `REV:P`, `k=@P`, `< P`), any quoting and any argument
 * position of a reading command is denied; ordinary source paths never are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPatternChar, mentionsSecretFragment } from '../secrets/secret-fragments';
import { dynamicWordCouldBeSecret } from '../secrets/secret-globs';
import { isSecretPath } from '../secrets/secret-paths';
import { analyzeShell } from '../shell';
import type { ShellWord } from '../shell/types';
import { checkFloor } from './check-floor';
import { pathCandidates, wordNamesSecret } from './secret-reads';

const HOME_SECRETS = [
  '~/.ssh/id_rsa',
  '~/.aws/credentials',
  '~/.netrc',
  '~/.kube/config',
  '~/.docker/config.json',
  '~/.ssh/config',
];
const RELATIVE_SECRETS = [
  '.env',
  '.env.local',
  '.env.production',
  '.envrc',
  'server.pem',
  'tls.key',
  'id_ed25519',
  'config/.env',
];
const ABSOLUTE_SECRETS = ['/proc/self/environ', '/etc/shadow'];
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
const HOMES = ['~', '$HOME', '${HOME}', '/root', '/home/alice', '/Users/bob'];
const COMMANDS = [
  'cat',
  'cp',
  'base64',
  'curl',
  'xxd',
  'tar -czf out.tgz',
  'node',
  'my-tool',
  'sudo cat',
  'env cat',
  'timeout 5 cat',
  'git show',
  'grep -n x',
  'head -n 5',
  'vim',
];

const secretPath = fc.oneof(
  fc
    .tuple(fc.constantFrom(...HOME_SECRETS), fc.constantFrom(...HOMES))
    .map(([path, home]) => path.replace('~', home)),
  fc
    .tuple(
      fc.constantFrom(...RELATIVE_SECRETS),
      fc.constantFrom('', './', './/', 'src/../', 'a/b/../../', 'x/'),
    )
    .map(([path, prefix]) => prefix + path),
  fc.constantFrom(...ABSOLUTE_SECRETS),
);

/** Ways a path appears inside one argument (or as a redirect). */
const EMBEDDINGS: ((path: string) => string)[] = [
  (p) => p,
  (p) => `--file=${p}`,
  (p) => `@${p}`,
  (p) => `data=@${p}`,
  (p) => `HEAD:${p}`,
  (p) => `a,${p}`,
  (p) => `< ${p}`,
];

function quote(word: string, style: number): string {
  if (word.startsWith('< ')) return `< ${quote(word.slice(2), style)}`;
  const dynamic = word.includes('$') || word.startsWith('~');
  switch (dynamic ? 0 : style) {
    case 1:
      return `'${word}'`;
    case 2:
      return `"${word}"`;
    case 3:
      return `${word.slice(0, 1)}"${word.slice(1)}"`;
    case 4:
      return [...word].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\${c}`)).join('');
    default:
      return word.includes('$') ? `"${word}"` : word;
  }
}

function floorOf(source: string) {
  for (const command of analyzeShell(source).commands) {
    const violation = checkFloor(command);
    if (violation) return violation;
  }
  return undefined;
}

describe('secret reads in every spelling', () => {
  it('are denied', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMANDS),
        secretPath,
        fc.nat({ max: EMBEDDINGS.length - 1 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.constantFrom('a.txt', '-v', 'out'), { maxLength: 2 }),
        fc.array(fc.constantFrom('b.md', '-q'), { maxLength: 2 }),
        (command, path, embedding, style, before, after) => {
          const word = quote(EMBEDDINGS[embedding]!(path), style);
          // cp's last operand is its destination (written, not read): give it one.
          const destination = command === 'cp' ? ['/tmp/dest'] : [];
          const source = [command, ...before, word, ...after, ...destination].join(' ');
          expect(floorOf(source)?.check, source).toBe('secret-read');
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('ordinary source paths are not', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/);
    const extension = fc.constantFrom('.ts', '.md', '.json', '.py', '.txt', '.example', '.pub', '.lock', '');
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMANDS),
        fc.array(fc.tuple(fc.constantFrom('', 'src/', './', '~/project/', '/tmp/'), name, extension), {
          minLength: 1,
          maxLength: 4,
        }),
        (command, parts) => {
          const words = parts.map(([dir, stem, ext]) => `${dir}${stem}${ext}`);
          const source = [command, ...words].join(' ');
          const violation = floorOf(source);
          // A generated stem may spell a real secret name (`id_rsa`, `x.env`): only those may trip.
          if (violation)
            expect(
              words.some((word) => /(^|\/)(id_[a-z0-9]+|[^/]*env[^/]*|[^/]*\.(?:key|pem))$/.test(word)),
              source,
            ).toBe(true);
        },
      ),
      { numRuns: 1500 },
    );
  }, 120_000);
});

/** `wordNamesSecret` as first written: every candidate through `isSecretPath` and `dynamicWordCouldBeSecret`. */
function wordNamesSecretAsWritten(value: string, word?: ShellWord): boolean {
  const hinted = mentionsSecretFragment(value);
  const patterned = (hinted || (word !== undefined && (word.glob || word.dynamic))) && hasPatternChar(value);
  if (!patterned && !hinted) return false;
  const candidates = pathCandidates(value);
  if (hinted && candidates.some(isSecretPath)) return true;
  if (!patterned) return false;
  return candidates.some(
    (candidate, index) => candidates.indexOf(candidate) === index && dynamicWordCouldBeSecret(candidate),
  );
}

describe('wordNamesSecret', () => {
  it('skips only tests whose answer it knows', () => {
    // Words of secret names, glob and brace syntax, and the separators candidates split at.
    const piece = fc.constantFrom(
      '.env',
      '.ENV',
      'env',
      'id_rsa',
      'hub',
      '.config',
      'gh',
      'hosts.yml',
      '.ssh',
      'x.pem',
      'key',
      'src',
      'a',
      '*',
      '?',
      '[ab]',
      '{',
      '}',
      ',',
      '/',
      '=',
      ':',
      '@',
      '-',
      '.',
      '~',
      '$HOME',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(piece, { maxLength: 10 }).map((parts) => parts.join('')),
          // A secret piece between separators (`*=.config/hub,x`): a candidate may be a
          // secret path where the whole word spells no fragment.
          fc
            .tuple(
              fc.array(piece, { maxLength: 3 }),
              fc.constantFrom('=', ':', '@', ',', ''),
              fc.constantFrom('.config/hub', '~/.config/hub', 'hub', '.env', 'id_rsa', '*.pem', '.e*'),
              fc.constantFrom(',', ':', '', '/'),
              fc.array(piece, { maxLength: 3 }),
            )
            .map(
              ([before, left, secret, right, after]) =>
                `${before.join('')}${left}${secret}${right}${after.join('')}`,
            ),
        ),
        fc.option(fc.record({ glob: fc.boolean(), dynamic: fc.boolean(), quoted: fc.boolean() })),
        (value, flags) => {
          const word: ShellWord | undefined = flags === null ? undefined : { value, raw: value, ...flags };
          expect(wordNamesSecret(value, word), value).toBe(wordNamesSecretAsWritten(value, word));
        },
      ),
      { numRuns: 6000 },
    );
  }, 120_000);

  it('a word spells a secret fragment when one of its path candidates is a secret', () => {
    // `wordNamesSecret` tests the candidates only when the word itself spells a fragment.
    const piece = fc.constantFrom(
      '.config/hub',
      'hub',
      '/hub',
      '.env',
      'id_',
      'x',
      '-o',
      '=',
      ':',
      '@',
      ',',
      '/',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
        (value) => {
          if (pathCandidates(value).some(isSecretPath))
            expect(mentionsSecretFragment(value), value).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
