/**
 * Keeps the docs navigable: every relative link in docs/**\/*.md must point at a file that
 * exists, and a `#fragment` into a Markdown file at one of its headings (GitHub's slugs).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

function links(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('slug', () => {
  it('follows GitHub', () => {
    expect(slug('How command rules match')).toBe('how-command-rules-match');
    expect(slug('The CLI: `dexter-permissions`')).toBe('the-cli-dexter-permissions');
    expect(slug('Executor guide — `@dexter/executor`')).toBe('executor-guide--dexterexecutor');
  });
});

describe.each(markdownFiles(join(root, 'docs')).map((path) => [relative(root, path), path]))(
  '%s',
  (_label, path) => {
    const text = readFileSync(path, 'utf8');
    it('links only to files and headings that exist', () => {
      const broken = links(text).filter((target) => {
        const [file = '', fragment] = target.split('#');
        const resolved = file === '' ? path : resolve(dirname(path), file);
        if (!existsSync(resolved)) return true;
        if (fragment === undefined || !resolved.endsWith('.md')) return false;
        return !anchors(readFileSync(resolved, 'utf8')).has(fragment);
      });
      expect(broken).toEqual([]);
    });
  },
);
