/**
 * The protected-path model: "is writing this resolved path dangerous, and how?" — beside the
 * secret model and with the same resolution (paths resolved against the call's `cwd`, any
 * `cd` earlier on the line, `~`, `$HOME`; `.` and `..` normalised lexically; case ignored).
 * Every writer asks it: file tools by their subject, bash redirections and every command that
 * writes, moves, links, truncates, changes mode or checks out over a file (written-paths.ts).
 *
 * `policy` → the floor denies the write (no rule can allow it). `persistence` → no broad rule
 * allows it; it asks unless a rule names that path itself. The settings files the engine
 * reads are added as policy; `permissions.protectedPaths` adds persistence rows. Nothing
 * removes a built-in row.
 */
import os from 'node:os';
import path from 'node:path';
import {
  type CompiledGlob,
  compileLocationGlob,
  homeSpeller,
  matchesLocation,
  normalizeHomeDir,
} from '../secrets/secret-model';
import { lowerCased, normalizePath } from '../secrets/secret-paths';
import { POLICY_HOLDERS, PROTECTED_CATALOGUE, type ProtectedClass } from './protected-catalogue';

/** Options of `createProtectedPathModel`. */
export interface ProtectedPathModelOptions {
  /** The host's home directory (default `os.homedir()`). */
  homeDir?: string;
  /**
   * Settings files the engine reads (its store's layers, any `--settings` file): each is a
   * policy file. Relative ones are resolved against `cwd` (default `process.cwd()`).
   */
  settingsFiles?: readonly string[];
  /** Directory relative `settingsFiles` are resolved against. */
  cwd?: string;
  /**
   * Persistence locations added by the host (`permissions.protectedPaths`): globs on the
   * resolved path, spelled like `secretPaths` (`deploy/hooks/**`, `~/work/bin/**`).
   */
  extraPaths?: readonly string[];
}

/** The answers of the protected-path model. */
export interface ProtectedPathModel {
  readonly homeDir: string;
  /** How writing the file at `resolved` is protected, or `undefined` when it is not. */
  classify(resolved: string): ProtectedClass | undefined;
  /**
   * `classify`, for a path that is moved away or removed: a directory holding a policy file
   * (`.claude`, `~/.gemini`, `/etc/claude-code`) counts as that file.
   */
  classifyRemoval(resolved: string): ProtectedClass | undefined;
  /**
   * True when removing or moving the directory `resolved` takes policy files further below
   * it along: `/`, a home directory or the one holding homes (`~/.claude/settings.json`),
   * `/etc` (`/etc/claude-code/…`), a directory above a settings file in use, and each of
   * `projectDirs` (where project settings such as `.dexter/settings.json` are read) or a
   * directory above one. Such a removal is never allowed by a broad rule (it asks); the
   * policy file itself and its own directory stay floor denials (`classifyRemoval`).
   */
  removesPolicyBelow(resolved: string, projectDirs: readonly string[]): boolean;
  /**
   * False when `text` (a word as written, or a directory) surely names no protected path:
   * it spells no component of the catalogue, of a settings file in use or of an added
   * location. A prefilter: true says nothing.
   */
  mayName(text: string): boolean;
}

type Scope = 'home' | 'absolute' | 'anywhere';

interface CompiledEntry {
  scope: Scope;
  parts: readonly string[];
  tree: boolean;
  class: ProtectedClass;
}

function scopeOf(entryPath: string): { scope: Scope; rest: string } {
  if (entryPath.startsWith('~/')) return { scope: 'home', rest: entryPath.slice(2) };
  if (entryPath.startsWith('/')) return { scope: 'absolute', rest: entryPath.slice(1) };
  return { scope: 'anywhere', rest: entryPath };
}

function compile(entryPath: string, tree: boolean, entryClass: ProtectedClass): CompiledEntry {
  const { scope, rest } = scopeOf(entryPath);
  return { scope, parts: rest.toLowerCase().split('/'), tree, class: entryClass };
}

const COMPILED: readonly CompiledEntry[] = PROTECTED_CATALOGUE.map((entry) =>
  compile(entry.path, entry.tree === true, entry.class),
);
const HOLDERS: readonly CompiledEntry[] = POLICY_HOLDERS.map((holder) => compile(holder, false, 'policy'));
const CATALOGUE_INDEX = indexEntries(COMPILED);
const HOLDERS_INDEX = indexEntries(HOLDERS);

/** The directories of the catalogue's absolute policy files (`/etc/claude-code`), lower case. */
const ABSOLUTE_POLICY_DIRS: readonly string[] = [
  ...new Set(
    PROTECTED_CATALOGUE.filter((entry) => entry.class === 'policy' && entry.path.startsWith('/')).map(
      (entry) => path.posix.dirname(entry.path.toLowerCase()),
    ),
  ),
];

/** Any user's home directory, or the directory that holds them (lower case, normalized). */
const ANY_HOME = /^\/(?:root|home|users|var\/root)$|^\/(?:home|users)\/[^/]+$/;

/** `dir` absolute, `.`/`..` folded, no trailing slash (but `/`), lower case. */
function normalizedDir(dir: string): string {
  const folded = path.posix.normalize(dir).toLowerCase();
  return folded.length > 1 ? folded.replace(/\/+$/, '') : folded;
}

/** Every component of the catalogue (lower case), for `mayName`. */
const FRAGMENTS: ReadonlySet<string> = new Set(COMPILED.flatMap((entry) => entry.parts));

function fragmentPattern(fragments: Iterable<string>): RegExp {
  const escaped = [...fragments]
    .filter((fragment) => fragment !== '')
    .sort((a, b) => b.length - a.length)
    .map((fragment) => fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('|'), 'i');
}

const CATALOGUE_PATTERN = fragmentPattern(FRAGMENTS);

/** True when `parts` sit in `components` at `at` and end there (or, for a tree, anywhere below). */
function sitsAt(components: readonly string[], parts: readonly string[], at: number, tree: boolean): boolean {
  if (at + parts.length > components.length) return false;
  if (!tree && at + parts.length !== components.length) return false;
  for (let k = 0; k < parts.length; k++) if (components[at + k] !== parts[k]) return false;
  return true;
}

function entryMatches(entry: CompiledEntry, components: readonly string[], home: boolean, absolute: boolean) {
  if (entry.scope === 'home') return home && sitsAt(components, entry.parts, 0, entry.tree);
  if (entry.scope === 'absolute') return !home && absolute && sitsAt(components, entry.parts, 0, entry.tree);
  for (let at = 0; at + entry.parts.length <= components.length; at++) {
    if (sitsAt(components, entry.parts, at, entry.tree)) return true;
  }
  return false;
}

/** A resolved path normalised for matching: lower-case components, from a home directory or not. */
interface PathShape {
  lower: readonly string[];
  home: boolean;
  absolute: boolean;
}

/**
 * Rows by the component a path they match must hold: a row that is no tree ends where the
 * path ends (its last part is the path's last component), a tree starts at some component
 * (its first part). A path is compared with those rows alone, not with the whole catalogue.
 */
interface EntryIndex {
  byLast: ReadonlyMap<string, readonly CompiledEntry[]>;
  treesByFirst: ReadonlyMap<string, readonly CompiledEntry[]>;
}

function indexEntries(entries: readonly CompiledEntry[]): EntryIndex {
  const byLast = new Map<string, CompiledEntry[]>();
  const treesByFirst = new Map<string, CompiledEntry[]>();
  for (const entry of entries) {
    const [index, part] = entry.tree ? [treesByFirst, entry.parts[0]!] : [byLast, entry.parts.at(-1)!];
    const list = index.get(part);
    if (list === undefined) index.set(part, [entry]);
    else list.push(entry);
  }
  return { byLast, treesByFirst };
}

/** The class the rows of `index` give `shaped`: `policy` when one gives it, else `persistence` when one matches. */
function find(shaped: PathShape, index: EntryIndex): ProtectedClass | undefined {
  const { lower, home, absolute } = shaped;
  if (lower.length === 0) return undefined;
  let found: ProtectedClass | undefined;
  const ending = index.byLast.get(lower[lower.length - 1]!);
  if (ending !== undefined) {
    for (const entry of ending) {
      if (!entryMatches(entry, lower, home, absolute)) continue;
      if (entry.class === 'policy') return 'policy';
      found = 'persistence';
    }
  }
  if (index.treesByFirst.size === 0) return found;
  for (const component of lower) {
    const trees = index.treesByFirst.get(component);
    if (trees === undefined) continue;
    for (const entry of trees) {
      if (!entryMatches(entry, lower, home, absolute)) continue;
      if (entry.class === 'policy') return 'policy';
      found = 'persistence';
    }
  }
  return found;
}

/**
 * Creates the protected-path model.
 *
 * @example
 * const model = createProtectedPathModel({ homeDir: '/home/u' });
 * model.classify('/repo/.claude/settings.json'); // 'policy'
 * model.classify('/repo/.git/hooks/pre-commit'); // 'persistence'
 * model.classify('/repo/src/index.ts'); // undefined
 */
export function createProtectedPathModel(options: ProtectedPathModelOptions = {}): ProtectedPathModel {
  const homeDir = normalizeHomeDir(options.homeDir ?? os.homedir());
  const cwd = options.cwd ?? process.cwd();
  const spell = homeSpeller(homeDir);
  const settingsFiles = new Set(
    (options.settingsFiles ?? []).map((file) =>
      path.posix.resolve(cwd.replace(/\\/g, '/'), file.replace(/\\/g, '/')).toLowerCase(),
    ),
  );
  const extras: CompiledGlob[] = (options.extraPaths ?? []).flatMap(
    (pattern) => compileLocationGlob(pattern, homeDir) ?? [],
  );

  /** `resolved` as the catalogue's rows are matched against it: normalised once per path. */
  const shape = (resolved: string): PathShape => {
    const { components, home } = normalizePath(spell(resolved));
    return { lower: lowerCased(components), home, absolute: home || resolved.startsWith('/') };
  };

  const settingsPolicy = (resolved: string): boolean =>
    settingsFiles.size > 0 &&
    resolved.startsWith('/') &&
    settingsFiles.has(path.posix.normalize(resolved).toLowerCase());

  const classifyShaped = (resolved: string, shaped: PathShape): ProtectedClass | undefined => {
    if (settingsPolicy(resolved)) return 'policy';
    return find(shaped, CATALOGUE_INDEX) ?? (matchesLocation(extras, resolved) ? 'persistence' : undefined);
  };

  const classify = (resolved: string): ProtectedClass | undefined =>
    classifyShaped(resolved, shape(resolved));

  const classifyRemoval = (resolved: string): ProtectedClass | undefined => {
    // One normalised path for the file and for the directories that hold policy files.
    const shaped = shape(resolved);
    const direct = classifyShaped(resolved, shaped);
    if (direct === 'policy') return direct;
    if (find(shaped, HOLDERS_INDEX) === 'policy') return 'policy';
    if (settingsFiles.size > 0 && resolved.startsWith('/')) {
      const prefix = `${path.posix.normalize(resolved).toLowerCase().replace(/\/$/, '')}/`;
      for (const file of settingsFiles) {
        // The directory that holds a settings file (`mv ~/.dexter x`), not any ancestor.
        if (file.startsWith(prefix) && !file.slice(prefix.length).includes('/')) return 'policy';
      }
    }
    return direct;
  };

  /** Homes and absolute policy directories, lower case: removing one or a parent removes policy. */
  const policyDirs = [normalizedDir(homeDir), ...ABSOLUTE_POLICY_DIRS];
  const removesPolicyBelow = (resolved: string, projectDirs: readonly string[]): boolean => {
    const absolute =
      resolved === '~' || resolved.startsWith('~/') ? `${homeDir}${resolved.slice(1)}` : resolved;
    if (!absolute.startsWith('/')) return false;
    const target = normalizedDir(absolute);
    if (ANY_HOME.test(target)) return true;
    const above = (dir: string) => dir === target || dir.startsWith(target === '/' ? '/' : `${target}/`);
    if (policyDirs.some(above)) return true;
    for (const dir of projectDirs) if (dir.startsWith('/') && above(normalizedDir(dir))) return true;
    for (const file of settingsFiles) if (above(path.posix.dirname(file))) return true;
    return false;
  };

  const extraFragments = [...settingsFiles].flatMap((file) => file.split('/').slice(-2));
  const pattern =
    extraFragments.length === 0 ? CATALOGUE_PATTERN : fragmentPattern([...FRAGMENTS, ...extraFragments]);
  const mayName = (text: string): boolean => extras.length > 0 || pattern.test(text);

  return { homeDir, classify, classifyRemoval, removesPolicyBelow, mayName };
}

let defaultModel: ProtectedPathModel | undefined;

/** The model for `os.homedir()`, the built-in catalogue alone (made once). */
export function defaultProtectedPathModel(): ProtectedPathModel {
  defaultModel ??= createProtectedPathModel();
  return defaultModel;
}

/** Options of `listProtectedPaths`. */
export interface ListProtectedPathsOptions {
  /** The project directory (absolute): rows that apply at any depth are listed under it. */
  cwd: string;
  /** The home directory (absolute): `~/` rows, and home copies of rows that apply anywhere. */
  home: string;
  /** Settings files in use (the engine's layers, a `--settings` file): listed as policy. */
  settingsFiles?: readonly string[];
}

/** The catalogue resolved for one context (see `listProtectedPaths`). */
export interface ProtectedPathList {
  /** Writing these is denied by the floor. */
  readonly policy: readonly string[];
  /** Writing these is never allowed by a broad rule. */
  readonly persistence: readonly string[];
}

/**
 * The protected-path catalogue resolved for a context — for an OS sandbox that denies
 * writing these paths to every program.
 *
 * Every entry is an absolute path. An entry without glob characters names a file or a
 * directory (a directory covers everything below it). An entry holding `**` is a glob in
 * which `**` stands for any number of directories (zero included): the catalogue's
 * rows that apply at any depth (`.git/hooks`, `.bashrc`) are listed as `<cwd>/<row>`,
 * `<cwd>/**\/<row>` and `<home>/<row>`. Rows for other platforms (macOS `/Library/…`) are
 * listed too; a path that does not exist can simply be ignored. Lists are sorted and free of
 * repeats; settings the host adds (`permissions.protectedPaths`) are not resolved here.
 *
 * @example
 * ```ts
 * const { policy, persistence } = listProtectedPaths({ cwd: '/repo', home: '/home/u' });
 * policy.includes('/repo/.claude/settings.json'); // true
 * persistence.includes('/home/u/.bashrc'); // true
 * ```
 */
export function listProtectedPaths(options: ListProtectedPathsOptions): ProtectedPathList {
  if (typeof options?.cwd !== 'string' || !options.cwd.startsWith('/')) {
    throw new TypeError('listProtectedPaths: cwd must be an absolute path');
  }
  if (typeof options.home !== 'string' || !options.home.startsWith('/')) {
    throw new TypeError('listProtectedPaths: home must be an absolute path');
  }
  const cwd = path.posix.normalize(options.cwd).replace(/(.)\/$/, '$1');
  const home = normalizeHomeDir(options.home);
  const lists: Record<ProtectedClass, Set<string>> = { policy: new Set(), persistence: new Set() };
  const join = (base: string, rest: string) => (base === '/' ? `/${rest}` : `${base}/${rest}`);
  for (const entry of PROTECTED_CATALOGUE) {
    const { scope, rest } = scopeOf(entry.path);
    const list = lists[entry.class];
    if (scope === 'home') list.add(join(home, rest));
    else if (scope === 'absolute') list.add(`/${rest}`);
    else {
      list.add(join(cwd, rest));
      list.add(join(cwd, `**/${rest}`));
      list.add(join(home, rest));
    }
  }
  for (const file of options.settingsFiles ?? []) lists.policy.add(path.posix.resolve(cwd, file));
  return {
    policy: Object.freeze([...lists.policy].sort()),
    persistence: Object.freeze([...lists.persistence].sort()),
  };
}
