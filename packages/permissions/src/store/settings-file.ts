/**
 * Reading one settings file (one layer). The shape:
 *
 *   {"permissions": {"allow": [], "ask": [], "deny": [],
 *                    "defaultMode"?: "ask" | "deny", "readOnlyAutoAllow"?: boolean,
 *                    "secretPaths"?: string[]}}
 *
 * `secretPaths` adds locations to the floor's secret catalogue (globs: `config/prod.yml`,
 * `~/work/keys/**`); a valid entry of a damaged file still counts (it only restricts).
 *
 * Other top-level keys are left alone. Every problem becomes a `PermissionsError` naming the
 * file, line and column; reading never throws and never writes. A missing file is an empty
 * layer. Valid deny and ask entries of a damaged file still count (they only restrict).
 */
import { readFileSync } from 'node:fs';
import { PermissionsError } from '../errors';
import { parseRule } from '../rules/parse-rule';
import type { Rule } from '../rules/rule';
import { type JsonPosition, JsonSyntaxError, parseJsonWithPositions } from './parse-json';

/** Names of the standard layers, lowest precedence first. */
export type SettingsLayerName = 'user' | 'project' | 'local';

/** What one settings file holds. */
export interface SettingsLayer {
  readonly name: string;
  readonly file: string;
  readonly exists: boolean;
  readonly allow: readonly Rule[];
  readonly ask: readonly Rule[];
  readonly deny: readonly Rule[];
  readonly defaultMode?: 'ask' | 'deny';
  readonly readOnlyAutoAllow?: boolean;
  /** Locations this layer adds to the secret catalogue (`permissions.secretPaths`). */
  readonly secretPaths?: readonly string[];
  /** Persistence locations this layer adds to the protected-path catalogue (`permissions.protectedPaths`). */
  readonly protectedPaths?: readonly string[];
  /** Problems found; when non-empty the engine uses no allow rules at all. */
  readonly errors: readonly PermissionsError[];
}

const lists = ['allow', 'ask', 'deny'] as const;
const knownKeys = new Set<string>([
  ...lists,
  'defaultMode',
  'readOnlyAutoAllow',
  'secretPaths',
  'protectedPaths',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses settings text (the content of `file`).
 *
 * @example
 * ```ts
 * const layer = parseSettingsText('{"permissions":{"deny":["Bash(rm:*)"]}}', 'settings.json', 'project');
 * layer.deny.length; // 1
 * ```
 */
export function parseSettingsText(text: string, file: string, name: string): SettingsLayer {
  const errors: PermissionsError[] = [];
  const rules: Record<(typeof lists)[number], Rule[]> = { allow: [], ask: [], deny: [] };
  let defaultMode: 'ask' | 'deny' | undefined;
  let readOnlyAutoAllow: boolean | undefined;
  const secretPaths: string[] = [];
  const protectedPaths: string[] = [];
  const done = (): SettingsLayer => ({
    name,
    file,
    exists: true,
    ...rules,
    ...(defaultMode ? { defaultMode } : {}),
    ...(readOnlyAutoAllow === undefined ? {} : { readOnlyAutoAllow }),
    ...(secretPaths.length > 0 ? { secretPaths } : {}),
    ...(protectedPaths.length > 0 ? { protectedPaths } : {}),
    errors,
  });

  let parsed: ReturnType<typeof parseJsonWithPositions>;
  try {
    parsed = parseJsonWithPositions(text);
  } catch (error) {
    const position = error instanceof JsonSyntaxError ? error.position : { line: 1, column: 1 };
    errors.push(
      new PermissionsError(
        'settings_invalid_json',
        `${file}:${position.line}:${position.column}: invalid JSON: ${error instanceof Error ? error.message : String(error)}`,
        { file, ...position, cause: error },
      ),
    );
    return done();
  }
  const at = (path: string): JsonPosition => parsed.positions.get(path) ?? { line: 1, column: 1 };
  const shapeError = (path: string, message: string) => {
    const position = at(path);
    errors.push(
      new PermissionsError(
        'settings_invalid_shape',
        `${file}:${position.line}:${position.column}: ${path || '(top level)'} ${message}`,
        {
          file,
          ...position,
        },
      ),
    );
  };

  if (!isObject(parsed.value)) {
    shapeError('', 'must be a JSON object');
    return done();
  }
  const permissions = parsed.value.permissions;
  if (permissions === undefined) return done();
  if (!isObject(permissions)) {
    shapeError('permissions', 'must be an object');
    return done();
  }
  for (const key of Object.keys(permissions)) {
    if (!knownKeys.has(key))
      shapeError(
        `permissions.${key}`,
        `is not a known setting (expected one of ${[...knownKeys].join(', ')})`,
      );
  }
  for (const list of lists) {
    const entries = permissions[list];
    if (entries === undefined) continue;
    const path = `permissions.${list}`;
    if (!Array.isArray(entries)) {
      shapeError(path, 'must be an array of rule strings');
      continue;
    }
    entries.forEach((entry, index) => {
      const entryPath = `${path}[${index}]`;
      if (typeof entry !== 'string') {
        shapeError(entryPath, 'must be a rule string such as "Bash(git status:*)"');
        return;
      }
      try {
        rules[list].push(parseRule(entry));
      } catch (error) {
        const position = at(entryPath);
        errors.push(
          new PermissionsError(
            'rule_invalid',
            `${file}:${position.line}:${position.column}: ${entryPath}: ${error instanceof Error ? error.message : String(error)}`,
            { file, ...position, cause: error },
          ),
        );
      }
    });
  }
  const mode = permissions.defaultMode;
  if (mode !== undefined) {
    if (mode === 'ask' || mode === 'deny') defaultMode = mode;
    else shapeError('permissions.defaultMode', 'must be "ask" or "deny"');
  }
  const readOnly = permissions.readOnlyAutoAllow;
  if (readOnly !== undefined) {
    if (typeof readOnly === 'boolean') readOnlyAutoAllow = readOnly;
    else shapeError('permissions.readOnlyAutoAllow', 'must be true or false');
  }
  for (const [key, into, example] of [
    ['secretPaths', secretPaths, 'config/prod.yml'],
    ['protectedPaths', protectedPaths, 'deploy/hooks/**'],
  ] as const) {
    const entries = permissions[key];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      shapeError(`permissions.${key}`, 'must be an array of path globs');
      continue;
    }
    entries.forEach((entry, index) => {
      if (typeof entry === 'string' && entry.trim() !== '') into.push(entry);
      else shapeError(`permissions.${key}[${index}]`, `must be a non-empty path glob such as "${example}"`);
    });
  }
  return done();
}

/** Reads and parses one settings file; a missing file is an empty layer. Never throws. */
export function readSettingsFile(file: string, name: string): SettingsLayer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      return { name, file, exists: false, allow: [], ask: [], deny: [], errors: [] };
    }
    return {
      name,
      file,
      exists: true,
      allow: [],
      ask: [],
      deny: [],
      errors: [
        new PermissionsError('settings_io', `${file}: cannot read settings (${code ?? String(error)})`, {
          file,
          cause: error,
        }),
      ],
    };
  }
  return parseSettingsText(text, file, name);
}
