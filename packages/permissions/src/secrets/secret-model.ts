/**
 * The one secret model: "does reading this resolved path, or this directory tree, expose a
 * secret?" Shared by every reader the engine sees — the shell floor (paths a command reads,
 * resolved against its working directory) and tools whose permission subject is a file
 * (`read_file`, `view`, an MCP server's file tool).
 *
 * A file is secret when the catalogue (secret-paths.ts) says so, or when it matches one of
 * the host's added locations (`permissions.secretPaths`). A directory is a secret location
 * when it is one, or contains one: the home directory, `~/.config`, `/home`, `/root`, `/etc`
 * and `/proc` contain many. Added locations only ever add: the catalogue cannot be narrowed.
 */
import os from 'node:os';
import path from 'node:path';
import { matchPathGlob } from '../rules/match-path-glob';
import { mentionsSecretFragment } from './secret-fragments';
import { componentsAreSecret, lowerCased, normalizePath, SEQUENCE_DIRS, SEQUENCES } from './secret-paths';

/** Options of `createSecretModel`. */
export interface SecretModelOptions {
  /** The host's home directory (default `os.homedir()`): `~`, `$HOME` and paths under it. */
  homeDir?: string;
  /**
   * Locations added to the catalogue (`permissions.secretPaths`): globs (`*`, `?`, `**`) on the
   * resolved path — absolute, `~/…` under the home directory, or a name or relative path
   * matched at any depth (`prod.yml`, `config/prod.yml`). Matched ignoring case.
   */
  extraPaths?: readonly string[];
}

/** The answers of the secret model. */
export interface SecretModel {
  readonly homeDir: string;
  /** The added locations, as given. */
  readonly extraPaths: readonly string[];
  /** True when reading the file (or anything under the directory) at `resolved` exposes a secret. */
  isSecret(resolved: string): boolean;
  /**
   * True when reading the tree at `resolved` recursively reaches a secret: it is a secret
   * location or contains one. With `skipsHidden` (rg, ag, fd without `--hidden`), only
   * secrets the walk reaches without entering a hidden directory count.
   */
  treeHoldsSecret(resolved: string, skipsHidden?: boolean): boolean;
}

/**
 * Top-level directories of the file system that hold secrets below them: `/etc/shadow`,
 * `/proc/PID/environ`, `/run/secrets`, `/var/run/secrets`, macOS keychains in `/Library`,
 * `/private/etc`, and every user's home (`/home`, `/Users`).
 */
const SYSTEM_HOLDERS = new Set(['etc', 'proc', 'run', 'var', 'library', 'private', 'home', 'users']);

/** `/`, `/etc`, `/proc/…`, `/var`, `/var/run`, `/home`, …: system paths above a secret. */
function holdsSystemSecrets(components: readonly string[]): boolean {
  if (components.length === 0) return true;
  const first = components[0]!;
  if (components.length === 1) return SYSTEM_HOLDERS.has(first);
  if (first === 'proc') return components.length === 2;
  return (first === 'var' || first === 'private') && components[1] === 'run' && components.length === 2;
}

/** A process's view of the root directory: `/proc/self/root/etc/shadow` is `/etc/shadow`. */
const PROC_ROOT = /^\/proc\/[^/]+\/root(?=\/|$)/;

/** Every sequence whose secret may sit inside a tree (a file sequence or a directory one). */
const ALL_SEQUENCES: readonly (readonly string[])[] = [...SEQUENCES, ...SEQUENCE_DIRS];

/** A host-added location glob, compiled (`compileLocationGlob`). */
export interface CompiledGlob {
  /** Lower-cased glob, absolute or relative-at-any-depth. */
  glob: string;
  /** The literal directory the glob's matches sit under (absolute globs only). */
  root: string | undefined;
}

/**
 * A host-added location (`permissions.secretPaths`, `permissions.protectedPaths`) compiled for
 * `matchesLocation`: `~/` expanded, lower-cased, a relative glob made to match at any depth.
 */
export function compileLocationGlob(pattern: string, homeDir: string): CompiledGlob | undefined {
  let glob = pattern.trim().replace(/\\/g, '/');
  if (glob === '') return undefined;
  if (glob === '~' || glob.startsWith('~/')) glob = homeDir + glob.slice(1);
  glob = glob.toLowerCase();
  if (glob.startsWith('/')) {
    const literal: string[] = [];
    for (const part of glob.split('/').slice(1)) {
      if (/[*?[]/.test(part)) break;
      literal.push(part);
    }
    return { glob, root: `/${literal.join('/')}` };
  }
  // `a/b` relative: at any depth, as a name alone is.
  if (glob.startsWith('./')) glob = glob.slice(2);
  return { glob: glob.includes('/') && !glob.startsWith('**/') ? `**/${glob}` : glob, root: undefined };
}

/** True when `resolved` is, or sits under, a location compiled by `compileLocationGlob`. */
export function matchesLocation(globs: readonly CompiledGlob[], resolved: string): boolean {
  if (globs.length === 0) return false;
  const lower = resolved.toLowerCase();
  for (const { glob } of globs) {
    if (matchPathGlob(glob, lower)) return true;
    // Everything under a matched directory too.
    if (glob.includes('/') && matchPathGlob(`${glob}/**`, lower)) return true;
  }
  return false;
}

/**
 * `resolved` with the home directory spelled `~` (so a catalogue's home rows apply), case
 * ignored; `/proc/PID/root/…` is the same file as `/…`. `homeDir` is normalised, without a
 * trailing `/`.
 */
export function homeSpeller(homeDir: string): (path: string) => string {
  const lowerHome = homeDir.toLowerCase();
  const homePrefix = lowerHome === '/' ? '/' : `${lowerHome}/`;
  return (path: string): string => {
    const resolved = path.startsWith('/proc/') ? path.replace(PROC_ROOT, '') || '/' : path;
    if (resolved.length < homeDir.length || lowerHome === '/') return resolved;
    const lower = resolved.toLowerCase();
    if (lower === lowerHome) return '~';
    if (lower.startsWith(homePrefix)) return `~/${resolved.slice(homePrefix.length)}`;
    return resolved;
  };
}

/** A home directory as the models keep it: `/` separators, normalised, no trailing `/`. */
export function normalizeHomeDir(homeDir: string): string {
  return path.posix.normalize(homeDir.replace(/\\/g, '/')).replace(/\/$/, '') || '/';
}

/** True when `components` end with a proper, non-empty prefix of a sequence whose rest the walk reaches. */
function endsInsideSequence(components: readonly string[], skipsHidden: boolean): boolean {
  for (const sequence of ALL_SEQUENCES) {
    for (let taken = Math.min(sequence.length - 1, components.length); taken >= 1; taken--) {
      let matches = true;
      for (let k = 0; k < taken && matches; k++) {
        matches = components[components.length - taken + k] === sequence[k];
      }
      if (!matches) continue;
      if (!skipsHidden || sequence.slice(taken).every((part) => !part.startsWith('.'))) return true;
    }
  }
  return false;
}

/**
 * Creates the secret model for a home directory and the host's added locations.
 *
 * @example
 * const model = createSecretModel({ homeDir: '/home/u' });
 * model.isSecret('/home/u/.aws/credentials'); // true
 * model.treeHoldsSecret('/home/u/.config'); // true: it holds gh/hosts.yml, gcloud, ...
 * model.treeHoldsSecret('/home/u/project/src'); // false (only the catalogue's fixed places count)
 */
export function createSecretModel(options: SecretModelOptions = {}): SecretModel {
  const homeDir = normalizeHomeDir(options.homeDir ?? os.homedir());
  const extraPaths = Object.freeze([...(options.extraPaths ?? [])]);
  const extras = extraPaths.flatMap((pattern) => compileLocationGlob(pattern, homeDir) ?? []);
  const homeSpelled = homeSpeller(homeDir);
  const matchesExtra = (resolved: string): boolean => matchesLocation(extras, resolved);

  const isSecret = (resolved: string): boolean => {
    const spelled = homeSpelled(resolved);
    if (mentionsSecretFragment(spelled)) {
      const { components, home } = normalizePath(spelled);
      if (componentsAreSecret(lowerCased(components), home)) return true;
    }
    return matchesExtra(resolved);
  };

  const treeHoldsSecret = (resolved: string, skipsHidden = false): boolean => {
    if (isSecret(resolved)) return true;
    const { components: raw, home } = normalizePath(homeSpelled(resolved));
    const components = lowerCased(raw);
    const absolute = home || resolved.startsWith('/');
    // A home directory (any user's), the root, and the system directories that hold secrets.
    if (home && components.length === 0) return true;
    if (absolute && !home && holdsSystemSecrets(components)) return true;
    // `~/.config`, `.local/share`, `Library`: directories on the way to a catalogue entry.
    if (endsInsideSequence(components, skipsHidden)) return true;
    if (extras.length > 0 && absolute) {
      const lower = resolved.toLowerCase();
      for (const { root } of extras) {
        if (root !== undefined && (root === '/' || root.startsWith(`${lower}/`) || root === lower))
          return true;
      }
    }
    return false;
  };

  return { homeDir, extraPaths, isSecret, treeHoldsSecret };
}

let defaultModel: SecretModel | undefined;

/** The model for `os.homedir()` and no added locations (made once). */
export function defaultSecretModel(): SecretModel {
  defaultModel ??= createSecretModel();
  return defaultModel;
}
