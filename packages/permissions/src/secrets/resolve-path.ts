/**
 * Where a path a command names really is: resolved against the working directory the
 * command runs in, with `~`, `~user`, `$HOME`, `${HOME}`, `$PWD` and `${PWD}` expanded from
 * the engine's home directory, and `.`, `..` and repeated `/` normalised — lexically, with
 * no file system access (symbolic links are not followed). A word holding any other
 * expansion cannot be resolved: the caller treats it as opaque (never allowed).
 */
import path from 'node:path';

const HOME_PREFIX = /^(?:\$HOME|\$\{HOME\})(?=\/|$)/;
const PWD_PREFIX = /^(?:\$PWD|\$\{PWD\})(?=\/|$)/;
/** `~`, `~user`, `~+` (the working directory); `~-` is the previous one, not known here. */
const TILDE_PREFIX = /^~([A-Za-z0-9_.+-]*)(?=\/|$)/;

/**
 * Resolves `word` (a path as bash would pass it) against `cwd`.
 *
 * `cwd` is absolute, or relative when the call's own directory is not known (`''` for that
 * directory itself): the result is then relative too, and matched by its components alone.
 * Returns `undefined` when the path cannot be known (an expansion other than the ones above,
 * `~-`).
 *
 * @example
 * resolvePath('credentials', '/home/u/.aws', '/home/u'); // '/home/u/.aws/credentials'
 * resolvePath('~bob/.netrc', '/repo', '/home/u'); // '/home/bob/.netrc'
 */
export function resolvePath(word: string, cwd: string, homeDir: string): string | undefined {
  let text = word;
  const first = text.charCodeAt(0);
  if (first === 126) {
    // `~`
    const match = TILDE_PREFIX.exec(text);
    if (match === null) return undefined;
    const user = match[1]!;
    let base: string;
    if (user === '') base = homeDir;
    else if (user === '+') base = cwd === '' ? '.' : cwd;
    else if (user === '-') return undefined;
    else if (user === path.posix.basename(homeDir)) base = homeDir;
    else base = path.posix.join(path.posix.dirname(homeDir), user);
    text = base + text.slice(match[0].length);
  } else if (first === 36) {
    // `$`
    const home = HOME_PREFIX.exec(text);
    const pwd = home === null ? PWD_PREFIX.exec(text) : null;
    if (home !== null) text = homeDir + text.slice(home[0].length);
    else if (pwd !== null) text = (cwd === '' ? '.' : cwd) + text.slice(pwd[0].length);
    else return undefined;
  }
  if (text.includes('$') || text.includes('`')) return undefined;
  return joined(text, cwd);
}

/** `text` resolved against `cwd` (absolute or relative), normalised. */
function joined(text: string, cwd: string): string {
  if (text.startsWith('/')) return path.posix.normalize(text).replace(/^\/\/+/, '/');
  const combined = cwd === '' ? text : `${cwd}/${text}`;
  const normal = path.posix.normalize(combined);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

/**
 * The working directory after `cd TARGET` from `cwd`: `cd` alone goes home; `undefined` when
 * the target cannot be known (`cd -` and `pushd +N` name an earlier directory, an expansion).
 */
export function changedDirectory(
  target: string | undefined,
  cwd: string,
  homeDir: string,
): string | undefined {
  if (target === undefined || target === '') return homeDir;
  if (target === '-' || /^[+-]\d+$/.test(target)) return undefined;
  const resolved = resolvePath(target, cwd, homeDir);
  return resolved === '.' ? '' : resolved;
}
