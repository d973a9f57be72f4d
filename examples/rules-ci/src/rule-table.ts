/**
 * Reads the team's files: the settings under test and the decision table
 * (`rules.test.jsonl`: one `{name?, command, expect}` per line, `//` comment lines allowed —
 * the format `dexter-permissions test` reads).
 */
// #region load
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleTableCase } from '@dexter/permissions/testing';

export const exampleDir = join(__dirname, '..');

export function loadSettings(file = join(exampleDir, '.dexter', 'settings.json')): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function loadRuleTable(file = join(exampleDir, 'rules.test.jsonl')): RuleTableCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('//'))
    .map((line) => JSON.parse(line) as RuleTableCase);
}
// #endregion load
