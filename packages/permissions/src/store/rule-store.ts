/**
 * The default `RuleStore`: layered JSON settings files.
 *
 *   user     ~/.dexter/settings.json
 *   project  <cwd>/.dexter/settings.json
 *   local    <cwd>/.dexter/settings.local.json      (lowest → highest precedence)
 *
 * Rules of all layers are combined (deny anywhere wins, since deny is checked first);
 * `defaultMode` is `deny` when any layer says so; `readOnlyAutoAllow` comes from the highest
 * layer that sets it. `addRule` re-reads the target file under an inter-process lock, adds
 * the rule in canonical form and replaces the file atomically — and refuses, touching
 * nothing, when the file is damaged.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PermissionsError } from '../errors';
import { parseRule } from '../rules/parse-rule';
import type { Rule, RuleSet } from '../rules/rule';
import { serializeRule } from '../rules/serialize-rule';
import { shadowedRuleError } from '../rules/shadowed-rule-error';
import { writeFileAtomic } from './atomic-write';
import { type FileLockOptions, withFileLock } from './file-lock';
import { readSettingsFile, type SettingsLayer, type SettingsLayerName } from './settings-file';

/** Which list a rule goes to. */
export type RuleBehavior = 'allow' | 'ask' | 'deny';

/** Everything loaded from the layers. */
export interface LoadedSettings {
  /** The combined rules; `allow` is empty whenever `errors` is not (fail closed). */
  readonly rules: RuleSet;
  readonly defaultMode?: 'ask' | 'deny';
  readonly readOnlyAutoAllow?: boolean;
  /** Locations every layer adds to the secret catalogue (kept even when a layer has errors: they only restrict). */
  readonly secretPaths?: readonly string[];
  /** Locations every layer adds to the protected-path catalogue (kept even when a layer has errors: they only restrict). */
  readonly protectedPaths?: readonly string[];
  readonly layers: readonly SettingsLayer[];
  /** Problems in any layer (file, line, column in each). */
  readonly errors: readonly PermissionsError[];
}

/** Where persistent rules live. The engine reads it; "always allow" writes to it. */
export interface RuleStore {
  /** Reads every layer; never throws, never writes. */
  load(): LoadedSettings;
  /** Adds `rule` (text or structure) to a layer's list; resolves once it is on disk. */
  addRule(behavior: RuleBehavior, rule: string | Rule, layer?: string): Promise<void>;
}

/** One layer of a store. */
export interface RuleStoreLayer {
  name: string;
  file: string;
}

/** Options of `createRuleStore`. */
export interface RuleStoreOptions {
  /** Project directory (default `process.cwd()`). */
  cwd?: string;
  /** Home directory (default `os.homedir()`). */
  homeDir?: string;
  /** Override any standard layer's file. */
  paths?: Partial<Record<SettingsLayerName, string>>;
  /** Use exactly these layers, lowest precedence first (replaces the standard three). */
  layers?: readonly RuleStoreLayer[];
  /** Layer written by `addRule` when none is given (default: the last layer, `local`). */
  writeLayer?: string;
  lock?: FileLockOptions;
}

/** The standard layer files for `cwd` and `homeDir`. */
export function defaultSettingsPaths(cwd: string, homeDir: string): Record<SettingsLayerName, string> {
  return {
    user: path.join(homeDir, '.dexter', 'settings.json'),
    project: path.join(cwd, '.dexter', 'settings.json'),
    local: path.join(cwd, '.dexter', 'settings.local.json'),
  };
}

/** Combines loaded layers into one `LoadedSettings` (fail closed on any error). */
export function combineLayers(layers: readonly SettingsLayer[]): LoadedSettings {
  const errors = layers.flatMap((layer) => layer.errors);
  let readOnlyAutoAllow: boolean | undefined;
  let defaultMode: 'ask' | 'deny' | undefined;
  for (const layer of layers) {
    if (layer.readOnlyAutoAllow !== undefined) readOnlyAutoAllow = layer.readOnlyAutoAllow;
    if (layer.defaultMode === 'deny' || (layer.defaultMode === 'ask' && defaultMode === undefined)) {
      defaultMode = layer.defaultMode;
    }
  }
  const failed = errors.length > 0;
  const secretPaths = layers.flatMap((layer) => layer.secretPaths ?? []);
  const protectedPaths = layers.flatMap((layer) => layer.protectedPaths ?? []);
  const rules: RuleSet = Object.freeze({
    allow: Object.freeze(failed ? [] : layers.flatMap((layer) => layer.allow)),
    ask: Object.freeze(layers.flatMap((layer) => layer.ask)),
    deny: Object.freeze(layers.flatMap((layer) => layer.deny)),
  });
  return {
    rules,
    layers,
    errors,
    ...(defaultMode ? { defaultMode } : {}),
    ...(readOnlyAutoAllow !== undefined && !failed ? { readOnlyAutoAllow } : {}),
    ...(secretPaths.length > 0 ? { secretPaths: Object.freeze(secretPaths) } : {}),
    ...(protectedPaths.length > 0 ? { protectedPaths: Object.freeze(protectedPaths) } : {}),
  };
}

/**
 * Creates the JSON-file rule store.
 *
 * @example
 * ```ts
 * const store = createRuleStore({ cwd: '/repo' });
 * const { rules, errors } = store.load();
 * await store.addRule('allow', 'Bash(npm test:*)');
 * ```
 */
export function createRuleStore(options: RuleStoreOptions = {}): RuleStore {
  const cwd = options.cwd ?? process.cwd();
  const homeDir = options.homeDir ?? os.homedir();
  const standard = { ...defaultSettingsPaths(cwd, homeDir), ...options.paths };
  const layers: readonly RuleStoreLayer[] = options.layers ?? [
    { name: 'user', file: standard.user },
    { name: 'project', file: standard.project },
    { name: 'local', file: standard.local },
  ];
  if (layers.length === 0) throw new TypeError('createRuleStore: at least one layer is needed');
  const writeLayer = options.writeLayer ?? layers[layers.length - 1]!.name;

  return {
    load() {
      return combineLayers(layers.map((layer) => readSettingsFile(layer.file, layer.name)));
    },
    async addRule(behavior, rule, layerName = writeLayer) {
      if (behavior !== 'allow' && behavior !== 'ask' && behavior !== 'deny') {
        throw new TypeError(`addRule: behavior must be allow, ask or deny, not ${String(behavior)}`);
      }
      const parsed = typeof rule === 'string' ? parseRule(rule) : rule;
      const text = serializeRule(parsed);
      if (behavior === 'allow') {
        // Never save a dead answer: an ask or deny rule of any layer would decide first.
        const shadowed = shadowedRuleError(
          parsed,
          combineLayers(layers.map((entry) => readSettingsFile(entry.file, entry.name))).rules,
        );
        if (shadowed) throw shadowed;
      }
      const layer = layers.find((candidate) => candidate.name === layerName);
      if (!layer) throw new TypeError(`addRule: no layer named ${JSON.stringify(layerName)}`);
      mkdirSync(path.dirname(layer.file), { recursive: true });
      await withFileLock(layer.file, () => addRuleLocked(layer, behavior, text), options.lock);
    },
  };
}

function addRuleLocked(layer: RuleStoreLayer, behavior: RuleBehavior, text: string): void {
  const current = readSettingsFile(layer.file, layer.name);
  if (current.errors.length > 0) {
    const first = current.errors[0]!;
    throw new PermissionsError(
      first.code,
      `Refusing to change ${layer.file}: fix it first (${first.message})`,
      {
        file: layer.file,
        ...(first.line ? { line: first.line } : {}),
        ...(first.column ? { column: first.column } : {}),
        cause: first,
      },
    );
  }
  let document: Record<string, unknown> = {};
  if (current.exists) {
    // Valid per readSettingsFile, so plain JSON.parse reads the same document.
    document = JSON.parse(readFileSync(layer.file, 'utf8').replace(/^\uFEFF/, '')) as Record<string, unknown>;
  }
  const permissions = { ...((document.permissions as Record<string, unknown> | undefined) ?? {}) };
  const list = [...((permissions[behavior] as string[] | undefined) ?? [])];
  const existing = list.map((entry) => serializeRule(parseRule(entry)));
  if (existing.includes(text)) return;
  list.push(text);
  permissions[behavior] = list;
  document = { ...document, permissions };
  writeFileAtomic(layer.file, `${JSON.stringify(document, null, 2)}\n`);
}
