/**
 * `loadRuleTable(path)`: reads a rule table file — a JSON array, or JSON lines with `//`
 * comment lines — into cases that remember their `file:line`, so a mismatch points at the
 * row to fix. ESM-safe: pass `new URL('./rules.test.jsonl', import.meta.url)` (no
 * `__dirname` needed), an absolute path, or a path relative to the process's cwd.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleTableCase } from './rule-table';
import { ruleTableCaseProblem } from './rule-table';

/** One entry of a table file: its value, or why it could not be read. */
export interface RuleTableEntry {
  /** 1-based line where the case starts. */
  line: number;
  value?: unknown;
  error?: string;
}

/** Why a table file could not be loaded. */
export type RuleTableErrorCode = 'rule_table_unreadable' | 'rule_table_invalid';

/** A table file that cannot be read, or with cases that are not valid; `problems` lists each as `file:line: message`. */
export class RuleTableError extends Error {
  override readonly name = 'RuleTableError';
  constructor(
    readonly code: RuleTableErrorCode,
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

/** 1-based line where each element of a top-level JSON array starts. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectValue = false;
  let line = 1;
  for (const character of text) {
    if (character === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/\s/.test(character) && character !== ',' && character !== ']') {
      lines.push(line);
      expectValue = false;
    }
    if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (character === ']' || character === '}') depth--;
    else if (character === ',' && depth === 1) expectValue = true;
  }
  return lines;
}

/** Splits a table's text into entries: a JSON array (one per element) or JSON lines (one per line). */
export function parseRuleTableText(text: string): RuleTableEntry[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [{ line: 1, error: `invalid JSON (${error instanceof Error ? error.message : String(error)})` }];
    }
    if (!Array.isArray(value)) return [{ line: 1, error: 'a table must be a JSON array or JSON lines' }];
    const lines = elementLines(text);
    return value.map((entry, index) => ({ value: entry, line: lines[index] ?? 1 }));
  }
  const entries: RuleTableEntry[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.trimStart().startsWith('//')) return;
    try {
      entries.push({ value: JSON.parse(line), line: index + 1 });
    } catch (error) {
      entries.push({
        line: index + 1,
        error: `invalid JSON (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  });
  return entries;
}

/** The path a `loadRuleTable` argument names. */
export function ruleTablePath(file: string | URL): string {
  if (file instanceof URL) return fileURLToPath(file);
  if (file.startsWith('file:')) return fileURLToPath(file);
  return path.resolve(file);
}

/**
 * Reads a rule table file; every case carries `source: {file, line}`. Throws a
 * `RuleTableError` naming each bad row (`file:line: message`) or the unreadable file.
 *
 * @example
 * ```ts
 * const table = loadRuleTable(new URL('../rules.test.jsonl', import.meta.url));
 * assertRuleTable(table, settings); // throws with only the summary when a row fails
 * ```
 */
export function loadRuleTable(file: string | URL): RuleTableCase[] {
  const resolved = ruleTablePath(file);
  let text: string;
  try {
    text = readFileSync(resolved, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new RuleTableError('rule_table_unreadable', `cannot read the rule table ${resolved} (${code})`);
  }
  const problems: string[] = [];
  const cases: RuleTableCase[] = [];
  for (const entry of parseRuleTableText(text)) {
    const problem = entry.error ?? ruleTableCaseProblem(entry.value);
    if (problem) problems.push(`${resolved}:${entry.line}: ${problem}`);
    else cases.push({ ...(entry.value as RuleTableCase), source: { file: resolved, line: entry.line } });
  }
  if (problems.length > 0) {
    throw new RuleTableError(
      'rule_table_invalid',
      `${problems.length} invalid row(s) in ${resolved}:\n${problems.join('\n')}`,
      problems,
    );
  }
  return cases;
}
