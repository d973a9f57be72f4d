/**
 * One policy, two layers: `sandboxPolicyFromEngine` turns what the permission engine knows —
 * its rules and its secret model — into what the OS sandbox enforces, so there is no second
 * configuration to keep in step.
 *
 * - unreadable: the secret model's locations on this disk (the catalogue plus the settings'
 *   `secretPaths`; home-relative ones resolved against the engine's home directory);
 * - writable: the project directory plus the directories `Write(...)` allow rules name, minus
 *   the protected paths (policy and persistence files), which stay read-only inside them;
 * - network: the domains of `WebFetch(domain:…)` allow rules; deny rules are refused outright;
 *   any other host goes to the network ask (the host's prompter).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  isFileWriteToolName,
  normalizeToolName,
  type Rule,
  type RuleSet,
  type SecretModel,
} from '@dexter/permissions';
import { type ProtectedPaths, protectedPathsFor } from './protected-paths';
import type { RuntimeConfig } from './runtime';
import { findSecretLocations, type SecretLocations } from './secret-locations';

/** What the policy is derived from: the engine's view (a `PermissionEngine` is one). */
export interface EngineView {
  readonly rules: RuleSet;
  readonly secrets: SecretModel;
}

/** The policy both layers enforce, in absolute paths and host patterns. */
export interface SandboxPolicy {
  readonly cwd: string;
  readonly homeDir: string;
  /** Paths a sandboxed command cannot read. */
  readonly denyRead: readonly string[];
  /** The only places a sandboxed command can write. */
  readonly allowWrite: readonly string[];
  /** Read-only inside the write roots: the protected paths. */
  readonly denyWrite: readonly string[];
  /** Hosts reachable without asking (`WebFetch(domain:…)` allow rules, subdomains included). */
  readonly allowedDomains: readonly string[];
  /** Hosts refused without asking (`WebFetch(domain:…)` deny rules; `*` for a `WebFetch` deny). */
  readonly deniedDomains: readonly string[];
  /** What the derivation left out, and why (a write rule bubblewrap cannot express, a scan limit). */
  readonly notes: readonly string[];
}

/** Options of `sandboxPolicyFromEngine`. */
export interface SandboxPolicyOptions {
  /** The project directory: the first write root; its tree is searched for secrets. */
  cwd: string;
  /** Secret locations outside the project found earlier (see `systemSecretLocations`); searched now when absent. */
  outside?: SecretLocations;
  /** The protected paths (default: `protectedPathsFor(cwd, homeDir)` from the engine's model). */
  protectedPaths?: ProtectedPaths;
  /** How deep the project tree is searched for secrets (default 8). */
  projectDepth?: number;
}

const WEB_FETCH = normalizeToolName('WebFetch');

/** The literal directory of a glob (`a/b/**` → `a/b`), or undefined when bubblewrap cannot bind it as one. */
function writeRootOfGlob(glob: string): string | undefined {
  const parts = glob.split('/');
  const literal: string[] = [];
  let index = 0;
  for (; index < parts.length; index++) {
    if (/[*?[\]{}]/.test(parts[index]!)) break;
    literal.push(parts[index]!);
  }
  const rest = parts.slice(index).join('/');
  // A whole tree (`dir/**`, `dir/**/*`) or one literal path can be bound; `dir/*.md` cannot
  // without granting the files the rule does not name, so it is left to the engine.
  if (rest === '' || rest === '**' || rest === '**/*') return literal.join('/') || undefined;
  return undefined;
}

function resolveFrom(base: string, homeDir: string, spelled: string): string {
  if (spelled === '~') return homeDir;
  if (spelled.startsWith('~/')) return path.join(homeDir, spelled.slice(2));
  return path.resolve(base, spelled);
}

/** True when `inner` is `outer` or below it. */
export function isWithin(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function domainPatterns(rule: Rule): string[] {
  if (rule.kind !== 'domain' || normalizeToolName(rule.tool) !== WEB_FETCH) return [];
  const domain = rule.domain;
  // An IP literal matches only itself; a name matches its subdomains too (as `matchDomain` does).
  const literal = domain.startsWith('[') || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(domain);
  return literal ? [domain] : [domain, `*.${domain}`];
}

/** Directories outside any project that hold secrets: the home directory and the system's. */
export function systemScanRoots(homeDir: string): { path: string; depth: number }[] {
  return [
    { path: homeDir, depth: 5 },
    { path: '/etc', depth: 4 },
    { path: '/run', depth: 3 },
    { path: '/var/run', depth: 3 },
  ];
}

/**
 * Public trust stores: certificates named `*.pem` that exist to be read (TLS fails without
 * them). The catalogue cannot tell a public certificate from a key by its name, so these
 * directories are not searched; private keys do not live there.
 */
const TRUST_STORES = ['/etc/ssl/certs', '/etc/ca-certificates', '/etc/pki/ca-trust', '/etc/pki/tls/certs'];

/**
 * The secret locations outside the project (home directory, `/etc`, `/run`, absolute
 * `secretPaths`), found with the engine's model. The project itself is searched per call.
 */
export function systemSecretLocations(secrets: SecretModel, cwd: string): SecretLocations {
  const roots = systemScanRoots(secrets.homeDir);
  for (const extra of secrets.extraPaths) {
    const spelled = extra.trim();
    if (!(spelled.startsWith('/') || spelled.startsWith('~/'))) continue;
    const root = writeRootOfGlob(spelled.replace(/\/[^/]*[*?[][^/]*(\/.*)?$/, '/**'));
    if (root !== undefined) roots.push({ path: resolveFrom('/', secrets.homeDir, root), depth: 6 });
  }
  return findSecretLocations(secrets, roots, { exclude: [cwd, ...TRUST_STORES] });
}

/**
 * Derives the sandbox policy from the engine's rules and secret model for a project.
 *
 * @example
 * ```ts
 * const engine = createPermissionEngine({ rules: { allow: ['WebFetch(domain:npmjs.org)'] } });
 * const policy = sandboxPolicyFromEngine(engine, { cwd: process.cwd() });
 * policy.allowedDomains; // ['npmjs.org', '*.npmjs.org']
 * ```
 */
export function sandboxPolicyFromEngine(engine: EngineView, options: SandboxPolicyOptions): SandboxPolicy {
  const cwd = path.resolve(options.cwd);
  const { rules, secrets } = engine;
  const homeDir = secrets.homeDir;
  const notes: string[] = [];
  const protectedPaths = options.protectedPaths ?? protectedPathsFor(cwd, homeDir);
  // Literal entries, and `<dir>/**/<rest>` rows (any depth), found below by the project walk.
  const protectedList: string[] = [];
  const policyFiles = new Set<string>();
  const anyDepth = new Map<string, string[]>();
  for (const [entries, isPolicy] of [
    [protectedPaths.policy, true],
    [protectedPaths.persistence, false],
  ] as const) {
    for (const entry of entries) {
      const at = entry.indexOf('/**/');
      if (at !== -1) {
        anyDepth.set(entry.slice(0, at), [...(anyDepth.get(entry.slice(0, at)) ?? []), entry.slice(at + 4)]);
        continue;
      }
      const resolved = resolveFrom(cwd, homeDir, entry);
      protectedList.push(resolved);
      if (isPolicy) policyFiles.add(resolved);
    }
  }

  const writeRoots = [cwd];
  for (const rule of rules.allow) {
    if (!isFileWriteToolName(rule.tool)) continue;
    if (rule.kind === 'tool') {
      notes.push(
        `${rule.tool} (every file write) is not a write root: the sandbox keeps writes to the project`,
      );
      continue;
    }
    if (rule.kind !== 'path') continue;
    const root = writeRootOfGlob(rule.glob);
    if (root === undefined) {
      notes.push(
        `${rule.tool}(${rule.glob}) names files by pattern, which the OS sandbox cannot bind; left to the engine`,
      );
      continue;
    }
    const resolved = resolveFrom(cwd, homeDir, root);
    if (protectedList.some((entry) => isWithin(resolved, entry))) {
      notes.push(`${rule.tool}(${rule.glob}) names a protected path; not writable in the sandbox`);
      continue;
    }
    if (!writeRoots.some((existing) => isWithin(resolved, existing))) writeRoots.push(resolved);
  }
  const outside = options.outside ?? systemSecretLocations(secrets, cwd);
  const project = findSecretLocations(secrets, [{ path: cwd, depth: options.projectDepth ?? 8 }], {
    namedBelow: anyDepth.get(cwd) ?? [],
  });
  // bubblewrap protects a missing path by mounting over it, creating it (and any missing
  // parent) read-only for the command's life. Policy files are always bound: a command must
  // not create `.dexter/settings.json` granting itself rules. A persistence row is bound when
  // it or its directory exists, so it never makes a directory such as `node_modules` appear.
  const bindable = (entry: string) =>
    policyFiles.has(entry) || existsSync(entry) || existsSync(path.dirname(entry));
  const denyWrite = [...new Set([...protectedList.filter(bindable), ...project.named])].filter((entry) =>
    writeRoots.some((root) => isWithin(entry, root)),
  );
  notes.push(...outside.skipped.map((where) => `not searched for secrets: ${where}`));
  notes.push(...project.skipped.map((where) => `not searched for secrets: ${where}`));
  const denyRead = [...new Set([...outside.paths, ...project.paths])].sort();

  const allowedDomains = [...new Set(rules.allow.flatMap(domainPatterns))];
  const deniedDomains = new Set(rules.deny.flatMap(domainPatterns));
  if (rules.deny.some((rule) => rule.kind === 'tool' && normalizeToolName(rule.tool) === WEB_FETCH)) {
    deniedDomains.add('*');
  }

  return Object.freeze({
    cwd,
    homeDir,
    denyRead: Object.freeze(denyRead),
    allowWrite: Object.freeze(writeRoots),
    denyWrite: Object.freeze(denyWrite),
    allowedDomains: Object.freeze(allowedDomains),
    deniedDomains: Object.freeze([...deniedDomains]),
    notes: Object.freeze(notes),
  });
}

/** The runtime configuration that enforces `policy` (paths marked literal: no glob reading). */
export function runtimeConfigOf(policy: SandboxPolicy): RuntimeConfig {
  const literal = (entry: string) => ({ path: entry, literal: true as const });
  return {
    network: { allowedDomains: [...policy.allowedDomains], deniedDomains: [...policy.deniedDomains] },
    filesystem: {
      denyRead: policy.denyRead.map(literal),
      allowWrite: policy.allowWrite.map(literal),
      denyWrite: policy.denyWrite.map(literal),
    },
  };
}
