/**
 * `createPermissionEngine`: the `PermissionDecider` the executor calls before every tool
 * call. Shell calls go through `evaluateBash`, others through `evaluateTool`. Rules come
 * from inline `rules` plus an optional `RuleStore`; when the store reports an error the
 * engine keeps running with NO allow rules (deny and ask still apply) and exposes the
 * problem as `loadErrors`.
 */
import type { PermissionDecider, PermissionDecision, PermissionRequest } from '../decision';
import type { PermissionsError } from '../errors';
import { createProtectedPathModel, type ProtectedPathModel } from '../protected/protected-paths';
import { compileRuleSet, mergeRuleSets, type RuleSetInput } from '../rules/compile-rule-set';
import { parseRule } from '../rules/parse-rule';
import { emptyRuleSet, type Rule, type RuleSet } from '../rules/rule';
import { serializeRule } from '../rules/serialize-rule';
import { shadowedRuleError } from '../rules/shadowed-rule-error';
import { isShellToolName, normalizeToolName } from '../rules/tool-name';
import { createSecretModel, type SecretModel } from '../secrets/secret-model';
import type { ShellAnalysisOptions } from '../shell/types';
import type { LoadedSettings, RuleStore } from '../store/rule-store';
import { type EvaluateBashOptions, evaluateBash } from './evaluate-bash';
import { type EvaluateToolOptions, evaluateTool, toolRequestSessionKey } from './evaluate-tool';
import { bashSessionKey } from './session-key';

/** Options of `createPermissionEngine`. */
export interface PermissionEngineOptions {
  /** Rules held in code (combined with the store's). */
  rules?: RuleSetInput | RuleSet;
  /** Persistent rules (e.g. `createRuleStore()`); none by default — the engine touches no file unless given one. */
  store?: RuleStore;
  /** Working directory when a request has none. */
  cwd?: string;
  /**
   * The host's home directory (default `os.homedir()`): `~/` path globs, and `~`, `$HOME` and
   * paths under it in the secret floor (`~/.aws`, `/home/me/.npmrc`).
   */
  homeDir?: string;
  /**
   * Locations added to the floor's secret catalogue (globs on the resolved path: `config/prod.yml`,
   * `~/work/keys/**`, `/opt/app/*.conf`), with the store's `permissions.secretPaths`. They only
   * add: no setting removes a built-in location.
   */
  secretPaths?: readonly string[];
  /**
   * Locations added to the protected-path catalogue as persistence paths (globs, spelled like
   * `secretPaths`), with the store's `permissions.protectedPaths`: no broad rule allows writing
   * them. They only add.
   */
  protectedPaths?: readonly string[];
  /**
   * Settings files in use besides the store's layers (a `--settings` file a host reads): like
   * every layer of the store, they are policy files no tool may write.
   */
  settingsFiles?: readonly string[];
  /** `ask` (default) or `deny` when no rule decides; `deny` in any settings layer wins. */
  defaultMode?: 'ask' | 'deny';
  /** Allow commands the classifier finds read-only (host runs a sandbox). Overrides the settings when set. */
  readOnlyAutoAllow?: boolean;
  /** Layer "always allow" writes to (default: the store's write layer). */
  persistLayer?: string;
  /** Shell parser caps. */
  shell?: ShellAnalysisOptions;
}

/** The engine: a `PermissionDecider` with its rules and load problems in view. */
export interface PermissionEngine extends PermissionDecider {
  decide(request: PermissionRequest): PermissionDecision;
  persistAllowRule(rule: string): Promise<void>;
  /** Re-reads the store. */
  reload(): void;
  /** The rules in force (allow is empty while `loadErrors` is not). */
  readonly rules: RuleSet;
  /** Problems the store reported at the last load. */
  readonly loadErrors: readonly PermissionsError[];
  /** The `cwd` option: the working directory of requests that carry none (undefined: none known). */
  readonly cwd: string | undefined;
  /**
   * The secret model in force: the built-in catalogue plus `secretPaths` from the options and
   * the store's settings (an OS sandbox derives its unreadable locations from it).
   */
  readonly secrets: SecretModel;
}

function isRuleSet(value: RuleSetInput | RuleSet): value is RuleSet {
  const lists = [value.allow, value.ask, value.deny];
  return lists.every((list) => Array.isArray(list) && list.every((entry) => typeof entry !== 'string'));
}

/** The shell command of a request, `undefined` when it is not a shell call, or `null` when it is one without a readable command. */
function shellCommandOf(
  request: PermissionRequest,
): { command: string; cwd: string | undefined } | null | undefined {
  if (request.subject?.kind === 'shell') {
    if (typeof request.subject.command !== 'string') return null;
    return { command: request.subject.command, cwd: request.subject.cwd ?? request.cwd };
  }
  if (!isShellToolName(request.tool)) return undefined;
  const input = request.input;
  if (
    typeof input === 'object' &&
    input !== null &&
    typeof (input as { command?: unknown }).command === 'string'
  ) {
    const cwd = (input as { cwd?: unknown }).cwd;
    return {
      command: (input as { command: string }).command,
      cwd: request.cwd ?? (typeof cwd === 'string' ? cwd : undefined),
    };
  }
  return null;
}

/**
 * Creates the permission engine.
 *
 * @example
 * ```ts
 * const engine = createPermissionEngine({
 *   rules: { allow: ['Bash(git status:*)'], deny: ['Bash(rm:*)'] },
 *   store: createRuleStore({ cwd: process.cwd() }),
 * });
 * engine.decide({ tool: 'bash', input: { command: 'git status' }, cwd: '/repo' }).behavior; // 'allow'
 * ```
 */
export function createPermissionEngine(options: PermissionEngineOptions = {}): PermissionEngine {
  const inline = options.rules
    ? isRuleSet(options.rules)
      ? options.rules
      : compileRuleSet(options.rules)
    : emptyRuleSet;
  let loaded: LoadedSettings | undefined;
  let rules: RuleSet = inline;
  const added: Rule[] = [];
  let secrets: SecretModel = createSecretModel({
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
    extraPaths: options.secretPaths ?? [],
  });

  let protectedPaths: ProtectedPathModel = createProtectedPathModel({
    homeDir: secrets.homeDir,
    settingsFiles: options.settingsFiles ?? [],
    extraPaths: options.protectedPaths ?? [],
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });

  const reload = () => {
    loaded = options.store?.load();
    if (loaded !== undefined) {
      // Every layer the store reads is a policy file, damaged or missing ones too.
      protectedPaths = createProtectedPathModel({
        homeDir: secrets.homeDir,
        settingsFiles: [...(options.settingsFiles ?? []), ...loaded.layers.map((layer) => layer.file)],
        extraPaths: [...(options.protectedPaths ?? []), ...(loaded.protectedPaths ?? [])],
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      });
    }
    if (
      loaded?.secretPaths !== undefined ||
      secrets.extraPaths.length !== (options.secretPaths?.length ?? 0)
    ) {
      secrets = createSecretModel({
        homeDir: secrets.homeDir,
        extraPaths: [...(options.secretPaths ?? []), ...(loaded?.secretPaths ?? [])],
      });
    }
    const base = added.length > 0 ? mergeRuleSets(inline, { allow: added, ask: [], deny: [] }) : inline;
    if (!loaded) {
      rules = base;
      return;
    }
    const combined = mergeRuleSets(base, loaded.rules);
    // Fail closed: a damaged settings file takes every allow rule away, inline ones too.
    rules = loaded.errors.length > 0 ? Object.freeze({ ...combined, allow: Object.freeze([]) }) : combined;
  };
  reload();

  const defaultMode = () =>
    options.defaultMode === 'deny' || loaded?.defaultMode === 'deny' ? 'deny' : 'ask';
  const readOnly = () => {
    if ((loaded?.errors.length ?? 0) > 0) return false;
    return options.readOnlyAutoAllow ?? loaded?.readOnlyAutoAllow ?? false;
  };

  /** A tool-level deny or ask rule naming `tool` itself. */
  const namedToolRule = (tool: string): { behavior: 'deny' | 'ask'; text: string } | undefined => {
    const key = normalizeToolName(tool);
    for (const behavior of ['deny', 'ask'] as const) {
      const rule = rules[behavior].find(
        (candidate) => candidate.kind === 'tool' && normalizeToolName(candidate.tool) === key,
      );
      if (rule) return { behavior, text: serializeRule(rule) };
    }
    return undefined;
  };

  const decideUnguarded = (request: PermissionRequest): PermissionDecision => {
    const shell = shellCommandOf(request);
    if (shell === null) {
      return {
        behavior: 'deny',
        reason: `The ${request.tool} call has no readable command (expected a string "command"); nothing was run`,
        sessionKey: toolRequestSessionKey(request),
        cacheable: false,
        classification: 'unknown',
      };
    }
    const cwd = shell?.cwd ?? request.cwd ?? options.cwd;
    if (shell) {
      // A shell tool registered under another name (`run_terminal_cmd`) can still be named by
      // a tool-level deny or ask rule; its commands are judged by the `Bash(...)` rules.
      const named = isShellToolName(request.tool) ? undefined : namedToolRule(request.tool);
      if (named?.behavior === 'deny') {
        return {
          behavior: 'deny',
          reason: `${request.tool} matches the deny rule ${named.text}`,
          matchedRule: named.text,
          classification: 'unknown',
          sessionKey: bashSessionKey(shell.command, cwd),
          cacheable: false,
        };
      }
      // Built field by field: a spread with added properties is slow on Node 20 (see evaluateTool).
      const bashOptions: EvaluateBashOptions = {
        defaultMode: defaultMode(),
        readOnlyAutoAllow: readOnly(),
        secrets,
        protectedPaths,
      };
      if (cwd !== undefined) bashOptions.cwd = cwd;
      if (options.shell) bashOptions.shell = options.shell;
      const decision = evaluateBash(shell.command, rules, bashOptions);
      if (named?.behavior === 'ask' && decision.behavior === 'allow') {
        return {
          ...decision,
          behavior: 'ask',
          reason: `${request.tool} matches the ask rule ${named.text}`,
          matchedRule: named.text,
        };
      }
      return decision;
    }
    // Options built field by field: a spread with added properties is slow on Node 20 (see evaluateTool).
    const toolOptions: EvaluateToolOptions = {
      homeDir: secrets.homeDir,
      defaultMode: defaultMode(),
      secrets,
      protectedPaths,
    };
    if ((loaded?.errors.length ?? 0) > 0) toolOptions.settingsDamaged = true;
    if (cwd !== undefined) toolOptions.cwd = cwd;
    return evaluateTool(request, rules, toolOptions);
  };

  return {
    decide(request) {
      try {
        return decideUnguarded(request);
      } catch (error) {
        // One bad call never throws through the host's loop, and nothing unchecked runs.
        let tool = 'unknown';
        try {
          tool = String(request?.tool);
        } catch {
          // a request whose fields throw: keep the placeholder
        }
        return {
          behavior: 'deny',
          reason: `The ${tool} call could not be checked (internal error: ${error instanceof Error ? error.message : String(error)})`,
          sessionKey: `tool:${tool}`,
          cacheable: false,
          classification: 'unknown',
        };
      }
    },
    async persistAllowRule(rule) {
      const parsed = parseRule(rule);
      // A dead answer: an ask or deny rule would still decide first.
      const shadowed = shadowedRuleError(parsed, rules);
      if (shadowed) throw shadowed;
      if (!options.store) {
        // No store: the rule lives as long as this engine (an in-memory "always").
        added.push(parsed);
        reload();
        return;
      }
      await options.store.addRule('allow', serializeRule(parsed), options.persistLayer);
      reload();
    },
    reload,
    get rules() {
      return rules;
    },
    get loadErrors() {
      return loaded?.errors ?? [];
    },
    cwd: options.cwd,
    get secrets() {
      return secrets;
    },
  };
}
