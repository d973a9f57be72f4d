/**
 * Non-shell tools: rules name the tool (`WebFetch`, `WriteFile`), a path glob on the
 * file the call touches (`WriteFile(src/**)`, matched against the path relative to the
 * working directory; absolute globs against the absolute path; `~/` globs against the home
 * directory), or a domain the call's URL must fall under (`WebFetch(domain:python.org)`,
 * from a `{ kind: 'url' }` subject or an input's `url` field). Deny, then ask, then allow;
 * otherwise the tool's declared default (`allow` for pure reads), else the engine default.
 * A call whose URL does not parse is never allowed: no domain rule can vouch for it.
 *
 * Rules also name a file access instead of a tool: `Read(glob)` covers every tool whose
 * subject is a file it reads (`read_file`, `view`, an MCP server's file tool), `Write(glob)`
 * (or `Edit(glob)`) every tool that writes one. Before any rule, the built-in floor: a file
 * tool that reads a secret (the secret model, on the path resolved against `cwd` and the home
 * directory), or reads a tree that holds one, is denied — no rule can allow it.
 */
import path from 'node:path';
import type { PermissionDecision, PermissionRequest } from '../decision';
import { classifyHost } from '../network/network-targets';
import type { ProtectedClass } from '../protected/protected-catalogue';
import { defaultProtectedPathModel, type ProtectedPathModel } from '../protected/protected-paths';
import { hostOfUrl, matchDomain } from '../rules/match-domain';
import { matchPathGlob } from '../rules/match-path-glob';
import { parseRule } from '../rules/parse-rule';
import type { Rule, RuleSet } from '../rules/rule';
import { serializeRule } from '../rules/serialize-rule';
import { isFileWriteToolName, isMcpToolName, normalizeToolName, ruleNamesTool } from '../rules/tool-name';
import { resolvePath } from '../secrets/resolve-path';
import { defaultSecretModel, type SecretModel } from '../secrets/secret-model';
import { fileWriteSessionKey, toolSessionKey } from './session-key';

/** Options of `evaluateTool`. */
export interface EvaluateToolOptions {
  /** Working directory relative globs are resolved against (request `cwd` wins). */
  cwd?: string;
  /** Home directory for `~/` globs. */
  homeDir?: string;
  defaultMode?: 'ask' | 'deny';
  /**
   * The secret model the floor checks file subjects against (default: the built-in one for
   * this user's home, as `evaluateBash`'s).
   */
  secrets?: SecretModel;
  /**
   * The protected-path model file writes are checked against (default: the built-in
   * catalogue, as `evaluateBash`'s): writing a policy file is denied by the floor; a
   * persistence path is allowed only by a rule that names it.
   */
  protectedPaths?: ProtectedPathModel;
  /**
   * A settings layer could not be read: a tool's declared `allow` default no longer allows
   * (a deny rule of that layer might have named it).
   */
  settingsDamaged?: boolean;
}

/** Tools that show a file's content while they change it (an edit returns the text around it). */
const EDIT_TOOLS = new Set([
  'edit',
  'editfile',
  'multiedit',
  'strreplace',
  'strreplacebasededittool',
  'notebookedit',
  'applypatch',
]);

/** How a call touches its file: the subject's access, else a write for file-writing tool names, else a read. */
function fileAccess(request: PermissionRequest): 'read' | 'write' {
  if (request.subject?.kind === 'file') return request.subject.access;
  return isFileWriteToolName(request.tool) ? 'write' : 'read';
}

/**
 * The floor for file tools: reading a secret file, or a tree that holds one
 * (`recursive` subjects), whatever the tool (`read_file`, `view`, `mcp__fs__read_text_file`).
 * An edit shows content too. A write alone is left to the rules, as `cp x .env` is in bash.
 */
function fileFloor(
  request: PermissionRequest,
  target: Target | undefined,
  model: SecretModel | undefined,
): string | undefined {
  if (target === undefined || model === undefined) return undefined;
  const reads = fileAccess(request) === 'read' || EDIT_TOOLS.has(normalizeToolName(request.tool));
  if (!reads) return undefined;
  const recursive = request.subject?.kind === 'file' && request.subject.recursive === true;
  // A file tool takes `$` literally (no shell): then the path as written is the file.
  const resolved = target.resolved ?? target.absolute;
  if (model.isSecret(resolved)) {
    return `${target.original} names a file that holds secrets (keys, tokens, credentials); reading it is never allowed. Use a template such as .env.example, or ask the user for the specific non-secret value.`;
  }
  if (recursive && model.treeHoldsSecret(resolved)) {
    return `${target.original} is a directory that holds secrets (keys, tokens, credentials, histories); reading it recursively is never allowed.`;
  }
  return undefined;
}

/** How the file a call writes is protected (`undefined`: it writes none, or none protected). */
function protectedWrite(
  mayWrite: boolean,
  targets: readonly (Target | undefined)[],
  model: ProtectedPathModel | undefined,
  projectDirs: readonly string[] | undefined,
): { class: ProtectedClass; target: Target; abovePolicy?: true } | undefined {
  if (model === undefined || !mayWrite) return undefined;
  let found: { class: ProtectedClass; target: Target; abovePolicy?: true } | undefined;
  for (const target of targets) {
    if (target === undefined) continue;
    const resolved = target.resolved ?? target.absolute;
    const protection = model.classifyRemoval(resolved);
    if (protection === 'policy') return { class: protection, target };
    if (protection !== undefined) found ??= { class: protection, target };
    else if (projectDirs !== undefined && model.removesPolicyBelow(resolved, projectDirs))
      found ??= { class: 'persistence', target, abovePolicy: true };
  }
  return found;
}

/** True when `rule` names `target` itself: a path rule with no wildcard that matches it. */
function namesPathItself(rule: Rule): boolean {
  return rule.kind === 'path' && !/[*?[]/.test(rule.glob);
}

export interface Target {
  absolute: string;
  relative: string | undefined;
  /** The path as the call gave it. */
  original: string;
  /** Resolved with `~`, `$HOME` expanded (the floor's view); undefined when it cannot be. */
  resolved: string | undefined;
}

/**
 * Input fields a call without a file subject may name its file in: `file_path` and
 * `notebook_path` (Claude Code), `absolute_path` (Gemini CLI), `path`, `filePath`, `target_file`,
 * `filename`, `file`.
 */
const INPUT_PATH_KEYS = [
  'file_path',
  'path',
  'absolute_path',
  'notebook_path',
  'filePath',
  'target_file',
  'filename',
  'file',
];

/** Array fields a call without a file subject may name several files in (read_many_files). */
const INPUT_PATH_LISTS = ['paths', 'file_paths', 'files'];

/**
 * Every path a call without a file subject names, in `INPUT_PATH_KEYS` order, then
 * `INPUT_PATH_LISTS`, repeats dropped. The floor checks each; when the single keys disagree
 * (a decoy `file_path` beside the `path` the tool reads) no rule can allow the call.
 */
function inputPaths(input: Record<string, unknown>): { single: string[]; listed: string[] } {
  const single: string[] = [];
  for (const key of INPUT_PATH_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && value !== '' && !single.includes(value)) single.push(value);
  }
  const listed: string[] = [];
  for (const key of INPUT_PATH_LISTS) {
    const value = input[key];
    if (!Array.isArray(value)) continue;
    for (const entry of value) if (typeof entry === 'string' && entry !== '') listed.push(entry);
  }
  return { single, listed };
}

/**
 * More fields an MCP tool without a subject mapping may name a file in (`move_file`'s
 * `source`/`destination`, a copy's `from`/`to`): guesses the floor checks, never rules.
 */
const MCP_GUESSED_KEYS = new Set([
  ...INPUT_PATH_KEYS,
  'source',
  'destination',
  'src',
  'dest',
  'target',
  'from',
  'to',
  'old_path',
  'new_path',
  'oldPath',
  'newPath',
  'directory',
  'dir',
]);
const MCP_GUESSED_LISTS = new Set(INPUT_PATH_LISTS);
/** How deep into an MCP call's arguments, and how many values, the guesses look. */
const MCP_GUESS_DEPTH = 4;
const MCP_GUESS_VALUES = 512;

/**
 * The paths an MCP call's arguments may name, for the floor: the fields above at any depth
 * (`{ args: { file: … } }`: a server's schema may nest them), and any `file://` URI. Bounded:
 * a call with more values than the guesses look at is one no rule can allow (`overflow`).
 */
function mcpGuessedPaths(input: Record<string, unknown>): { paths: string[]; overflow: boolean } {
  const paths: string[] = [];
  let seen = 0;
  const add = (value: string) => {
    const file = value.startsWith('file://') ? fileUriPath(value) : value;
    if (file !== undefined && file !== '' && !paths.includes(file)) paths.push(file);
  };
  const walk = (value: unknown, key: string | undefined, depth: number): void => {
    if (++seen > MCP_GUESS_VALUES) return;
    if (typeof value === 'string') {
      if ((key !== undefined && MCP_GUESSED_KEYS.has(key)) || value.startsWith('file://')) add(value);
      return;
    }
    if (typeof value !== 'object' || value === null || depth >= MCP_GUESS_DEPTH) return;
    // Stopped as soon as the bound is passed: a huge object or array is not listed whole.
    if (Array.isArray(value)) {
      const listed = key !== undefined && MCP_GUESSED_LISTS.has(key);
      for (const entry of value) {
        if (seen > MCP_GUESS_VALUES) return;
        walk(entry, listed ? 'path' : undefined, depth + 1);
      }
      return;
    }
    const fields = value as Record<string, unknown>;
    for (const name in fields) {
      if (seen > MCP_GUESS_VALUES) return;
      if (Object.hasOwn(fields, name)) walk(fields[name], name, depth + 1);
    }
  };
  walk(input, undefined, 0);
  return { paths, overflow: seen > MCP_GUESS_VALUES };
}

/** The path of a `file://` URI, or `undefined` when it names another host or is malformed. */
function fileUriPath(uri: string): string | undefined {
  const url = URL.parse(uri);
  if (url === null || (url.host !== '' && url.host !== 'localhost')) return undefined;
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
}

/** What a call names as files: the rule target, the others the floor checks too, and whether keys conflict. */
interface CallFiles {
  /** The file rules match (`Read(…)`, `WriteFile(src/**)`): a file subject's, else the first input key's. */
  target: Target | undefined;
  /** Every other file named (floor only). */
  others: (Target | undefined)[];
  /** Several different single-path keys: the call asks at best. */
  conflicting: boolean;
  /** An MCP tool without a file subject: its paths are guesses (floor only, never rules). */
  guessed: boolean;
}

function callFiles(request: PermissionRequest, cwd: string | undefined, homeDir?: string): CallFiles {
  if (request.subject?.kind === 'file') {
    return {
      target: targetOfPath(request.subject.path, cwd, homeDir),
      others: [],
      conflicting: false,
      guessed: false,
    };
  }
  if (request.subject !== undefined || typeof request.input !== 'object' || request.input === null) {
    return { target: undefined, others: [], conflicting: false, guessed: false };
  }
  const { single, listed } = inputPaths(request.input as Record<string, unknown>);
  // An MCP tool is a file tool only through a subject mapping: argument names are the
  // server's, and `Read(**)` must not cover `mcp__fs__write_file` by guessing from them.
  if (isMcpToolName(request.tool)) {
    const { paths, overflow } = mcpGuessedPaths(request.input as Record<string, unknown>);
    const others = paths.map((file) => targetOfPath(file, cwd, homeDir));
    return { target: undefined, others, conflicting: single.length > 1 || overflow, guessed: true };
  }
  const all = [...single, ...listed].map((file) => targetOfPath(file, cwd, homeDir));
  return { target: all[0], others: all.slice(1), conflicting: single.length > 1, guessed: false };
}

/**
 * A file path as the engine matches it: absolute (resolved against `cwd`, `..` and `.`
 * folded) and, inside `cwd`, relative to it (`.` for the root itself). With no `cwd` at all
 * (neither the request's nor the engine's) the project is unknown: only a relative path
 * that stays inside it has a relative form — an absolute path, or one that climbs out with
 * `..`, is matched by no project-relative glob (`Write(src/**)` does not cover `/src/a.ts`
 * nor `../src/a.ts`), though `/` stands in for the base of its absolute form.
 */
export function targetOfPath(file: string, cwd: string | undefined, homeDir?: string): Target | undefined {
  if (file === '') return undefined;
  const base = cwd ?? '/';
  const slashed = file.replace(/\\/g, '/');
  const absolute = path.posix.resolve(base, slashed);
  // The project root itself is inside the project: `Read(**)` covers `list_directory .`.
  let relative: string | undefined;
  if (cwd !== undefined) relative = path.posix.relative(base, absolute) || '.';
  else if (!path.posix.isAbsolute(slashed)) relative = path.posix.normalize(slashed).replace(/(.)\/+$/, '$1');
  const inside = relative !== undefined && !relative.startsWith('../') && relative !== '..';
  const resolved = resolvePath(
    file.replace(/\\/g, '/'),
    cwd === undefined ? '' : path.posix.resolve('/', cwd),
    homeDir ?? '/',
  );
  return { absolute, relative: inside ? relative : undefined, original: file, resolved };
}

/** The URL a call fetches: `host` is undefined when the URL does not parse or has none. */
interface UrlTarget {
  host: string | undefined;
}

function urlTargetOf(request: PermissionRequest): UrlTarget | undefined {
  let url: unknown;
  if (request.subject?.kind === 'url') url = (request.subject as { url?: unknown }).url;
  else if (request.subject === undefined && typeof request.input === 'object' && request.input !== null) {
    url = (request.input as Record<string, unknown>).url;
    if (url === undefined) return undefined;
  } else return undefined;
  return { host: typeof url === 'string' ? hostOfUrl(url) : undefined };
}

function matches(
  rule: Rule,
  target: Target | undefined,
  homeDir: string | undefined,
  url: UrlTarget | undefined,
): boolean {
  if (rule.kind === 'tool') return true;
  if (rule.kind === 'domain') return url?.host !== undefined && matchDomain(rule.domain, url.host);
  if (rule.kind !== 'path' || target === undefined) return false;
  let glob = rule.glob;
  if (glob.startsWith('~/')) {
    if (homeDir === undefined) return false;
    glob = path.posix.join(homeDir, glob.slice(2));
  }
  if (glob.startsWith('/')) return matchPathGlob(glob, target.absolute);
  return target.relative !== undefined && matchPathGlob(glob, target.relative);
}

/**
 * True when a `Read`, `Write` or `Edit` rule covers a call by its file access (any tool whose
 * subject is a file, `read_file` or an MCP server's): `Read` reads, `Write`/`Edit` writes.
 */
function accessRuleCovers(ruleTool: string, access: 'read' | 'write' | undefined): boolean {
  if (access === undefined) return false;
  const key = normalizeToolName(ruleTool);
  return access === 'read' ? key === 'read' : key === 'write' || key === 'edit';
}

function find(
  rules: readonly Rule[],
  tool: string,
  target: Target | undefined,
  homeDir?: string,
  url?: UrlTarget,
  access?: 'read' | 'write',
  exact = false,
): Rule | undefined {
  for (const rule of rules) {
    if (rule.kind === 'exact' || rule.kind === 'prefix') continue;
    if (
      (ruleNamesTool(rule.tool, tool, exact) || accessRuleCovers(rule.tool, access)) &&
      matches(rule, target, homeDir, url)
    )
      return rule;
  }
  return undefined;
}

/**
 * Session key of a non-shell request: file writes share one key; a URL fetch keys on the
 * tool and the URL's host (a session grant for one site is not one for every site).
 */
export function toolRequestSessionKey(
  request: PermissionRequest,
  url: UrlTarget | undefined = urlTargetOf(request),
): string {
  const writes =
    (request.subject?.kind === 'file' && request.subject.access === 'write') ||
    isFileWriteToolName(request.tool);
  if (writes) return fileWriteSessionKey;
  const host = url?.host;
  return host === undefined ? toolSessionKey(request.tool) : `${toolSessionKey(request.tool)}\u0000${host}`;
}

/**
 * Decides a non-shell tool call against `rules`.
 *
 * @example
 * ```ts
 * const rules = compileRuleSet({ allow: ['WriteFile(src/**)'] });
 * evaluateTool({ tool: 'write_file', input: {}, subject: { kind: 'file', access: 'write', path: 'src/a.ts' } }, rules, { cwd: '/repo' });
 * // { behavior: 'allow', matchedRule: 'WriteFile(src/**)', sessionKey: 'file-write', ... }
 * ```
 */
export function evaluateTool(
  request: PermissionRequest,
  rules: RuleSet,
  options: EvaluateToolOptions = {},
): PermissionDecision {
  const tool = request.tool;
  // The floor is never optional: a caller that names no model gets the built-in ones.
  const secrets = options.secrets ?? defaultSecretModel();
  const protectedPaths = options.protectedPaths ?? defaultProtectedPathModel();
  const homeDir = options.homeDir ?? secrets.homeDir;
  const files = callFiles(request, request.cwd ?? options.cwd, homeDir);
  const target = files.target;
  // File rules by access (`Read(…)`, `Write(…)`) apply to calls that touch a file.
  const access = target === undefined ? undefined : fileAccess(request);
  const url = urlTargetOf(request);
  const sessionKey = toolRequestSessionKey(request, url);
  const classification: PermissionDecision['classification'] =
    request.subject?.kind === 'file'
      ? request.subject.access === 'read'
        ? 'read-only'
        : 'mutating'
      : undefined;
  // Decisions are built field by field: on Node 20, an object spread with added properties
  // (`{ ...base, behavior }`) cost about 2-6 µs a call here, most of a tool decision.
  const decide = (
    behavior: PermissionDecision['behavior'],
    reason: string,
    cacheable: boolean,
    matchedRule?: string,
    proposedRules?: string[],
  ): PermissionDecision => {
    const decision: PermissionDecision = { behavior, reason, sessionKey, cacheable };
    if (classification !== undefined) decision.classification = classification;
    if (matchedRule !== undefined) decision.matchedRule = matchedRule;
    if (proposedRules !== undefined) decision.proposedRules = proposedRules;
    return decision;
  };
  const where = url?.host ? ` on ${url.host}` : target ? ` on ${target.relative ?? target.absolute}` : '';

  const others = files.others;
  let floor = fileFloor(request, target, secrets);
  for (const other of others) floor ??= fileFloor(request, other, secrets);
  if (floor !== undefined) {
    return decide(
      'deny',
      `Blocked by the built-in floor (secret-read): ${floor}`,
      false,
      'builtin:secret-read',
    );
  }
  // An MCP tool's guessed paths may be written: no mapping says it only reads them.
  const mayWrite = files.guessed || (target !== undefined && fileAccess(request) === 'write');
  // A directory above policy files (an MCP move_file source of the project) asks; for a
  // guessed path (an MCP argument no mapping explains) only the files and their own
  // directories count.
  const cwd = request.cwd ?? options.cwd;
  const projectDirs = files.guessed ? undefined : cwd === undefined ? [] : [cwd];
  const guarded = protectedWrite(mayWrite, [target, ...others], protectedPaths, projectDirs);
  if (guarded?.class === 'policy') {
    return decide(
      'deny',
      `Blocked by the built-in floor (protected-write): ${guarded.target.original} holds permission policy (rules or a hook registration); no tool may change it. Ask the user to edit it themselves.`,
      false,
      'builtin:protected-write',
    );
  }
  // Network targets: cloud metadata is never fetched; a loopback or private host only by a
  // rule naming it.
  const hostClass = url?.host === undefined ? undefined : classifyHost(url.host);
  if (hostClass?.level === 'metadata') {
    return decide(
      'deny',
      `Blocked by the built-in floor (network-target): ${hostClass.reason}; no tool may fetch it.`,
      false,
      'builtin:network-target',
    );
  }
  const denied = find(rules.deny, tool, target, homeDir, url, access);
  if (denied) {
    const text = serializeRule(denied);
    return decide('deny', `${request.tool}${where} matches the deny rule ${text}`, false, text);
  }
  if (url !== undefined && url.host === undefined) {
    // Fail closed: an unreadable URL could be any host, so no allow rule or default may pass it.
    return decide(
      options.defaultMode === 'deny' ? 'deny' : 'ask',
      `The ${request.tool} call's URL could not be parsed (or has no host), so no domain rule can allow it`,
      false,
    );
  }
  const asked = find(rules.ask, tool, target, homeDir, url, access);
  if (asked) {
    const text = serializeRule(asked);
    // No proposal: an allow rule could never take effect, the ask rule is checked first.
    return decide(
      'ask',
      `${request.tool}${where} matches the ask rule ${text}; an allow rule cannot change that (ask rules are checked first): remove or narrow ${text} to stop being asked`,
      true,
      text,
    );
  }
  const allowed = find(rules.allow, tool, target, homeDir, url, access, true);
  if (guarded !== undefined && !(allowed !== undefined && namesPathItself(allowed))) {
    // A persistence path (a git hook, a shell rc file): only a rule naming it allows the write.
    const why = guarded.abovePolicy
      ? `${guarded.target.original} holds permission policy further down (project or user settings, hook registrations); no broad rule allows changing it`
      : `${guarded.target.original} makes code run later (git hooks and config, shell start-up files, scheduled jobs, editor tasks, MCP clients); no broad rule allows writing it`;
    if (options.defaultMode === 'deny') return decide('deny', `${why}; the default is deny`, false);
    return decide(
      'ask',
      `${why}; it needs approval`,
      false,
      undefined,
      proposeToolRules(request.tool, guarded.target, undefined),
    );
  }
  if (
    hostClass !== undefined &&
    !(allowed !== undefined && allowed.kind === 'domain' && allowed.domain === url?.host)
  ) {
    const why = `${hostClass.reason}; only a rule naming that host (domain:${url?.host}) allows fetching it`;
    if (options.defaultMode === 'deny') return decide('deny', `${why}; the default is deny`, false);
    return decide(
      'ask',
      `${why}; it needs approval`,
      true,
      undefined,
      proposeToolRules(request.tool, target, url),
    );
  }
  if (files.conflicting && (allowed || request.defaultBehavior === 'allow')) {
    // A decoy key beside the one the tool reads: no rule can vouch for every path at once.
    return decide(
      options.defaultMode === 'deny' ? 'deny' : 'ask',
      `The ${request.tool} call names several different paths (${[target, ...others]
        .flatMap((entry) => (entry === undefined ? [] : [entry.original]))
        .join(', ')}); each was checked, but no rule allows the call`,
      false,
    );
  }
  if (allowed) {
    const text = serializeRule(allowed);
    return decide('allow', `${request.tool}${where} is allowed by ${text}`, true, text);
  }
  // A server's annotations (`readOnlyHint`) are claims of an untrusted party: an MCP tool is
  // allowed by a rule naming it, never by its declared default.
  if (request.defaultBehavior === 'allow' && options.settingsDamaged !== true && !isMcpToolName(tool)) {
    return decide('allow', `${request.tool} allows calls by default`, true);
  }
  if (options.defaultMode === 'deny') {
    return decide('deny', `No rule allows ${request.tool}${where}; the default is deny`, false);
  }
  // A session grant for file writes covers the project's files: a write outside it (or where
  // the engine cannot place it) is asked each time, never granted by an earlier "session".
  const outsideProject =
    sessionKey === fileWriteSessionKey && target !== undefined && target.relative === undefined;
  return decide(
    'ask',
    `No rule allows ${request.tool}${where}; it needs approval`,
    !outsideProject,
    undefined,
    proposeToolRules(request.tool, target, url),
  );
}

/**
 * "Always allow" for a tool call: the URL's domain for a fetch, the exact file when there is
 * one (globs in it would widen it), else the tool.
 */
function proposeToolRules(tool: string, target: Target | undefined, url: UrlTarget | undefined): string[] {
  let text: string;
  if (url?.host !== undefined) text = serializeRule({ kind: 'domain', tool, domain: url.host });
  else if (target === undefined) text = serializeRule({ kind: 'tool', tool });
  else {
    // The root itself is proposed by its absolute path (a relative `.` names no file).
    const file = target.relative === undefined || target.relative === '.' ? target.absolute : target.relative;
    if (/[*?]/.test(file)) return [];
    // `./name` keeps a top-level file anchored: a glob without `/` would match it at any depth.
    text = serializeRule({ kind: 'path', tool, glob: file.includes('/') ? file : `./${file}` });
  }
  try {
    parseRule(text);
  } catch {
    return [];
  }
  return [text];
}
