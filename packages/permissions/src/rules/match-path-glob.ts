/**
 * Path globs of file-tool rules (`WriteFile(src/**)`, `ReadFile(*.md)`):
 * `*` matches any run of characters within one path segment, `?` one character, a `**`
 * segment zero or more whole segments. A glob without `/` matches the last segment (the
 * file name) at any depth, like `.gitignore`. Matching is a dynamic program over segments
 * and a greedy two-pointer wildcard match within one — no regular expressions, so no
 * backtracking blow-up on hostile paths.
 */

/** Wildcard match of one segment (`*`, `?`), iterative with one backtrack point. */
function matchSegment(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    const char = pattern[p];
    if (char === '?' || (char !== undefined && char !== '*' && char === text[t])) {
      p++;
      t++;
    } else if (char === '*') {
      starP = p++;
      starT = t;
    } else if (starP !== -1) {
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

function splitSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '' && segment !== '.');
}

/**
 * True when `path` (with `/` separators, already normalized) matches `glob`.
 *
 * @example
 * ```ts
 * matchPathGlob('src/**', 'src/a/b.ts'); // true
 * matchPathGlob('*.md', 'docs/guide.md'); // true
 * matchPathGlob('src/*', 'src/a/b.ts');   // false
 * ```
 */
export function matchPathGlob(glob: string, path: string): boolean {
  const pathSegments = splitSegments(path);
  if (!glob.includes('/')) {
    const last = pathSegments[pathSegments.length - 1];
    if (glob === '**') return true;
    return last !== undefined && matchSegment(glob, last);
  }
  const globSegments = splitSegments(glob);
  // reachable[j]: glob[0..i) can match path[0..j)
  let reachable = new Array<boolean>(pathSegments.length + 1).fill(false);
  reachable[0] = true;
  for (const segment of globSegments) {
    const next = new Array<boolean>(pathSegments.length + 1).fill(false);
    if (segment === '**') {
      let any = false;
      for (let j = 0; j <= pathSegments.length; j++) {
        any ||= reachable[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < pathSegments.length; j++) {
        if (reachable[j] && matchSegment(segment, pathSegments[j]!)) next[j + 1] = true;
      }
    }
    reachable = next;
  }
  return reachable[pathSegments.length]!;
}
