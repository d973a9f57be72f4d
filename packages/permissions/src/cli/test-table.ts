/**
 * `dexter-permissions test [--settings FILE]… TABLE`: runs a table of expected decisions
 * (a JSON array, or JSON lines) and exits 1 on any mismatch with a readable diff — for CI.
 * Cases without `settings` use the `--settings` files (or no rules).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatRuleTableMismatches,
  type RuleTableCase,
  ruleTableCaseProblem,
  runRuleTable,
} from '../testing/rule-table';
import { parseCliArgs, UsageError } from './args';
import type { CliIo } from './io';
import { loadCliSettings } from './load-settings';

interface TableEntry {
  value?: unknown;
  line: number;
  error?: string;
}

/** Reads a JSON array (one case per element) or JSON lines (one per line). */
function readTable(text: string): TableEntry[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [{ line: 1, error: `invalid JSON (${error instanceof Error ? error.message : String(error)})` }];
    }
    return (value as unknown[]).map((entry) => ({ value: entry, line: 0 }));
  }
  const entries: TableEntry[] = [];
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

/** Runs `test`. */
export function runTestTable(argv: readonly string[], io: CliIo): number {
  const args = parseCliArgs(argv);
  const file = args.rest[0];
  if (file === undefined || args.rest.length > 1) throw new UsageError('test needs exactly one TABLE file');
  const tablePath = path.resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(tablePath, 'utf8');
  } catch (error) {
    io.stderr.write(
      `dexter-permissions: cannot read ${tablePath} (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`,
    );
    return 2;
  }
  const entries = readTable(text);
  let broken = 0;
  const cases: RuleTableCase[] = [];
  const lines: number[] = [];
  for (const entry of entries) {
    const problem = entry.error ?? ruleTableCaseProblem(entry.value);
    if (problem) {
      broken++;
      io.stdout.write(
        `✗ ${tablePath}${entry.line ? `:${entry.line}` : ` case ${cases.length + broken}`}: ${problem}\n`,
      );
      continue;
    }
    cases.push(entry.value as RuleTableCase);
    lines.push(entry.line);
  }
  const shared = args.settings.length > 0 ? loadCliSettings(args.settings, io.cwd, io) : undefined;
  const mismatches = runRuleTable(cases, shared);
  if (mismatches.length > 0) {
    const located = mismatches.map((mismatch) => ({
      ...mismatch,
      case: {
        ...mismatch.case,
        name: mismatch.case.name ?? (lines[mismatch.index] ? `line ${lines[mismatch.index]}` : undefined),
      },
    }));
    io.stdout.write(`${formatRuleTableMismatches(located)}\n`);
  }
  const failed = mismatches.length + broken;
  io.stdout.write(`${cases.length - mismatches.length} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
