/**
 * Could an unquoted glob or brace word expand to a secret? `cat .en?`, `cat .e*`,
 * `cat *.pem`, `cat ~/.s*`/`id_*`, `cat {.e,x}nv` all can. Each glob component is tested
 * against representative secret names; a component made only of wildcards (`*`, `?`, `[…]`)
 * is not, by policy: it matches everything, `*` never matches dot files (.env, .ssh, .aws),
 * and treating `ls *` or `wc -l src/*` as a secret read would deny ordinary commands (the
 * glob already makes such commands opaque, so they are asked about, never auto-allowed).
 */
import { isSecretPath, SEQUENCES } from './secret-paths';

/**
 * Stem of extension-based samples: a character no literal glob text contains, so only a
 * wildcard can match it (`*.pem` matches, `x*` does not).
 */
const STEM = '\u0001';

export const SAMPLE_NAMES: readonly string[] = [
  '.env',
  '.env.local',
  '.env.production',
  `${STEM}.env`,
  '.envrc',
  '.ssh',
  '.aws',
  '.gnupg',
  '.azure',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.pgpass',
  '.vault-token',
  '.my.cnf',
  '.boto',
  '.s3cfg',
  '.password-store',
  '.git-credentials',
  '.kube',
  '.docker',
  'gcloud',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  `${STEM}.pem`,
  `${STEM}.key`,
  `${STEM}.p12`,
  `${STEM}.pfx`,
  `${STEM}.jks`,
  'environ',
  'shadow',
  'gshadow',
];

/**
 * True when `text` has a glob character (`*`, `?`, `[`). A loop, not a regular expression:
 * this runs on every component of every glob word against each known secret sequence, and
 * a call to the expression costs more than scanning a component.
 */
function hasGlobChar(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 42 || code === 63 || code === 91) return true;
  }
  return false;
}
/**
 * Whether a glob component could match a secret name, by component (agents repeat the same
 * few patterns, and each answer costs a compilation and a test per sample name); bounded.
 */
const COMPONENT_MATCHES = new Map<string, boolean>();
const ONLY_WILDCARDS = /^(?:\*|\?|\[[^\]]*\])+$/;

/** Translates one glob component to an anchored regular expression (bash rules, dotglob off). */
export function globToRegExp(component: string): RegExp {
  let out = '';
  for (let i = 0; i < component.length; i++) {
    const c = component[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = component.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      let body = component.slice(i + 1, close);
      if (body.startsWith('!') || body.startsWith('^')) body = `^${body.slice(1)}`;
      out += `[${body.replace(/\\/g, '\\\\')}]`;
      i = close;
    } else out += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  const leadingWildcard = component.startsWith('*') || component.startsWith('?') || component.startsWith('[');
  return new RegExp(`^${leadingWildcard ? '(?!\\.)' : ''}${out}$`);
}

/**
 * `globToRegExp(component).test(name)` for a component without `[` and a name without `/`,
 * without building the expression: `*` matches any run of characters, `?` any one, every
 * other character itself, and a component that starts with a wildcard matches no name that
 * starts with `.`. (The expression's wildcards match anything but `/`, which the name has
 * none of.) The usual backtracking to the last `*`: a later `*` can take over whatever an
 * earlier one would have to match more.
 */
export function wildcardMatches(component: string, name: string): boolean {
  const first = component.charCodeAt(0);
  // `*` 42, `?` 63, `.` 46.
  if ((first === 42 || first === 63) && name.charCodeAt(0) === 46) return false;
  let c = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const code = component.charCodeAt(c);
    if (c < component.length && (code === 63 || code === name.charCodeAt(n)) && code !== 42) {
      c++;
      n++;
    } else if (c < component.length && code === 42) {
      star = c++;
      resume = n;
    } else if (star !== -1) {
      c = star + 1;
      n = ++resume;
    } else return false;
  }
  while (c < component.length && component.charCodeAt(c) === 42) c++;
  return c === component.length;
}

/** Whether glob `component` matches `name` (no `/` in it), as `globToRegExp` reads it; an unreadable pattern matches. */
function globMatches(component: string, name: string): boolean {
  if (component.indexOf('[') === -1) return wildcardMatches(component, name);
  try {
    return globToRegExp(component).test(name);
  } catch {
    return true; // a pattern we cannot read: fail closed
  }
}

/**
 * True when the last components of a glob path could spell a secret known by its directory
 * (`~/.kube/conf*`, `~/.docker/*.json`, `~/.k?be/config`): there a lone `*` counts too, since
 * the literal directory already narrows it to the secret's neighbours (one component
 * must be literal: two bare wildcards are not `etc/shadow`).
 */
function sequenceCouldMatch(components: readonly string[]): boolean {
  for (const sequence of SEQUENCES) {
    const start = components.length - sequence.length;
    if (start < 0) continue;
    let matches = true;
    let literal = false;
    for (let k = 0; k < sequence.length && matches; k++) {
      const component = components[start + k]!;
      if (component === sequence[k]) {
        literal = true;
        continue;
      }
      matches = hasGlobChar(component) && globMatches(component, sequence[k]!);
    }
    if (matches && literal) return true;
  }
  return false;
}

/** True when some component of a glob path could match a secret name. */
export function globCouldMatchSecret(pattern: string): boolean {
  // No glob character anywhere (a brace word, `$X`): no component to test, nothing to split.
  if (!hasGlobChar(pattern)) return false;
  const components = pattern.split('/');
  if (components.length > 1 && sequenceCouldMatch(components)) return true;
  for (const component of components) {
    if (!hasGlobChar(component) || ONLY_WILDCARDS.test(component)) continue;
    let matches = COMPONENT_MATCHES.get(component);
    if (matches === undefined) {
      matches = componentCouldMatchSecret(component);
      if (COMPONENT_MATCHES.size >= 512) COMPONENT_MATCHES.clear();
      COMPONENT_MATCHES.set(component, matches);
    }
    if (matches) return true;
  }
  return false;
}

function componentCouldMatchSecret(component: string): boolean {
  if (component.indexOf('[') === -1) {
    for (let i = 0; i < SAMPLE_NAMES.length; i++)
      if (wildcardMatches(component, SAMPLE_NAMES[i]!)) return true;
    return false;
  }
  let regex: RegExp;
  try {
    regex = globToRegExp(component);
  } catch {
    return true; // a pattern we cannot read: fail closed
  }
  return SAMPLE_NAMES.some((name) => regex.test(name));
}

/** Expands `{a,b}` alternatives (no sequences), capped; returns the input when there are none. */
export function expandBraces(word: string, cap = 64): string[] {
  const open = word.indexOf('{');
  if (open === -1) return [word];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < word.length; i++) {
    const c = word.charCodeAt(i); // `{` 123, `}` 125, `,` 44 (no one-character strings)
    if (c === 123) depth++;
    else if (c === 125) {
      depth--;
      if (depth === 0) {
        close = i;
        break;
      }
    } else if (c === 44 && depth === 1) commas.push(i);
  }
  if (close === -1 || commas.length === 0) return [word];
  const head = word.slice(0, open);
  const tail = word.slice(close + 1);
  const bounds = [open, ...commas, close];
  const results: string[] = [];
  for (let k = 0; k + 1 < bounds.length && results.length < cap; k++) {
    const alternative = word.slice(bounds[k]! + 1, bounds[k + 1]);
    for (const expanded of expandBraces(`${head}${alternative}${tail}`, cap)) {
      if (results.length >= cap) break;
      results.push(expanded);
    }
  }
  return results;
}

/** True when a run-time word (glob/brace) could name a secret. */
export function dynamicWordCouldBeSecret(value: string): boolean {
  for (const expanded of expandBraces(value)) {
    if (isSecretPath(expanded) || globCouldMatchSecret(expanded)) return true;
  }
  return false;
}
