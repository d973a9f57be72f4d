/**
 * Keeps the docs honest: every TypeScript block in README.md and docs/ must be preceded by
 * `<!-- snippet: path/to/file.ts -->` (or `path#region`) and be byte-identical to that file
 * (or to the region between `// #region name` and `// #endregion name`). The files
 * themselves are type-checked by `pnpm typecheck` and many are run by tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

function region(source: string, name: string | undefined): string {
  if (!name) return source;
  const start = source.indexOf(`// #region ${name}\n`);
  const end = source.indexOf(`// #endregion ${name}`);
  if (start < 0 || end < 0) throw new Error(`region "${name}" not found`);
  return source.slice(start + `// #region ${name}\n`.length, end);
}

const documents = [
  join(root, 'README.md'),
  ...markdownFiles(join(root, 'docs')),
  ...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'README.md')),
].filter((path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
});

describe.each(documents.map((path) => [relative(root, path), path]))('%s', (_label, path) => {
  const text = readFileSync(path, 'utf8');
  const blocks = [
    ...text.matchAll(/(?:<!-- snippet: ([^\s#]+)(?:#(\S+))? -->\n)?```(ts|typescript)\n([\s\S]*?)```/g),
  ];

  it('quotes only type-checked files in its TypeScript blocks', () => {
    const unmarked = blocks.filter((block) => !block[1]).map((block) => block[4]?.split('\n')[0]);
    expect(unmarked, 'TypeScript blocks without a <!-- snippet: file --> marker').toEqual([]);
  });

  for (const block of blocks.filter((entry) => entry[1])) {
    it(`matches ${block[1]}${block[2] ? `#${block[2]}` : ''}`, () => {
      const source = readFileSync(join(root, block[1] as string), 'utf8');
      expect(block[4]).toBe(region(source, block[2]));
    });
  }
});
