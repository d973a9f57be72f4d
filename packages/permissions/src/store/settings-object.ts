/**
 * Settings given as a value (a test table's per-case `settings`, a host's inline config)
 * rather than a file: validated exactly like a file, errors named after `label`.
 */
import { combineLayers, type LoadedSettings } from './rule-store';
import { parseSettingsText } from './settings-file';

/**
 * Loads `{"permissions": {...}}` held in memory.
 *
 * @example
 * ```ts
 * const { rules, errors } = loadSettingsObject({ permissions: { deny: ['Bash(rm:*)'] } });
 * ```
 */
export function loadSettingsObject(value: unknown, label = '(inline settings)'): LoadedSettings {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? 'null';
  } catch (error) {
    text = `<${error instanceof Error ? error.message : 'not serializable'}>`;
  }
  return combineLayers([parseSettingsText(text, label, label)]);
}
