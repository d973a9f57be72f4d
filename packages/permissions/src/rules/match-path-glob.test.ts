import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPathGlob } from './match-path-glob';

/** Reference semantics: plain recursion over segments, a regular expression per segment. */
function reference(glob: string, path: string): boolean {
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  const segmentRe = (part: string) =>
    new RegExp(
      `^${part
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
      's',
    );
  if (!glob.includes('/')) {
    if (glob === '**') return true;
    const last = segments[segments.length - 1];
    return last !== undefined && segmentRe(glob).test(last);
  }
  const parts = glob.split('/').filter((s) => s !== '' && s !== '.');
  const go = (i: number, j: number): boolean => {
    if (i === parts.length) return j === segments.length;
    if (parts[i] === '**') {
      for (let k = j; k <= segments.length; k++) if (go(i + 1, k)) return true;
      return false;
    }
    return j < segments.length && segmentRe(parts[i]!).test(segments[j]!) && go(i + 1, j + 1);
  };
  return go(0, 0);
}

describe('matchPathGlob', () => {
  it.each([
    ['src/**', 'src/a.ts', true],
    ['src/**', 'src/a/b/c.ts', true],
    ['src/**', 'src', true],
    ['src/**', 'lib/a.ts', false],
    ['src/*', 'src/a.ts', true],
    ['src/*', 'src/a/b.ts', false],
    ['*.md', 'README.md', true],
    ['*.md', 'docs/guide.md', true],
    ['*.md', 'docs/guide.mdx', false],
    ['./a.md', 'a.md', true],
    ['./a.md', 'docs/a.md', false],
    ['/tmp/**', '/tmp/x/y', true],
    ['/tmp/**', '/etc/passwd', false],
    ['src/**/*.test.ts', 'src/a/b/c.test.ts', true],
    ['src/**/*.test.ts', 'src/c.test.ts', true],
    ['src/**/*.test.ts', 'src/c.ts', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
  ])('%s vs %s → %s', (glob, path, expected) => {
    expect(matchPathGlob(glob, path)).toBe(expected);
  });

  it('agrees with a regular-expression reference on random globs and paths', () => {
    const segment = fc.stringMatching(/^[ab*?.]{1,4}$/);
    const globArb = fc
      .array(fc.oneof(segment, fc.constant('**')), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('/'));
    const pathArb = fc
      .array(fc.stringMatching(/^[ab.]{1,3}$/), { minLength: 1, maxLength: 5 })
      .map((p) => p.join('/'));
    fc.assert(
      fc.property(globArb, pathArb, (glob, path) => {
        expect(matchPathGlob(glob, path)).toBe(reference(glob, path));
      }),
      { numRuns: 2000 },
    );
  });

  it('stays fast on hostile patterns (no backtracking blow-up)', () => {
    const glob = `${'*a'.repeat(30)}*b`;
    const path = 'a'.repeat(5000);
    expect(matchPathGlob(glob, path)).toBe(false);
  });
});
