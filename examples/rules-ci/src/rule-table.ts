/**
 * Reads the team's files: the settings under test and the decision table
 * (`rules.test.jsonl`: one `{name?, command | tool, expect}` per line, `//` comment lines
 * allowed — the format `dexter-permissions test` reads). ESM-safe: paths come from
 * `import.meta.url`, not `__dirname`.
 */

// #region load
import { readFileSync } from 'node:fs';
import { loadRuleTable } from '@dexter/permissions/testing';

export const tableFile = new URL('../rules.test.jsonl', import.meta.url);
export const settingsFile = new URL('../.dexter/settings.json', import.meta.url);

export const settings: unknown = JSON.parse(readFileSync(settingsFile, 'utf8'));
// Every case remembers its line: a failing row is reported as rules.test.jsonl:LINE.
export const table = loadRuleTable(tableFile);
// #endregion load
