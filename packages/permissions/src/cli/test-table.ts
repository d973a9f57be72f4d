/**
 * `dexter-permissions test [--settings FILE]… [--cwd DIR] TABLE`: runs a table of expected
 * decisions (a JSON array, or JSON lines) and exits 1 on any mismatch, naming each failing
 * row as `file:line` — for CI. Cases are shell commands (`{command, expect}`) or tool calls
 * (`{tool, input?, subject?, expect}`). Cases without `settings` use the `--settings` files;
 * without `--settings`, the standard layers of `--cwd` (which ones were read is printed on
 * stderr). A `--settings` file that is missing or broken stops the run with exit 2 before any
 * case runs: a table checked against rules that are not there proves nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRuleTableText } from '../testing/load-rule-table';
import {
  formatRuleTableMismatches,
  type RuleTableCase,
  ruleTableCaseProblem,
  runRuleTableReport,
} from '../testing/rule-table';
import { parseCliArgs, UsageError } from './args';
import type { CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

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
  const cwd = path.resolve(io.cwd, args.cwd ?? '.');
  const shared = loadCliSettings(args.settings, cwd, io);
  if (settingsFailed(args.settings, shared)) {
    io.stderr.write('dexter-permissions: no case was run: fix the settings named above first\n');
    return 2;
  }
  if (args.settings.length === 0) {
    const read = shared.layers.map(
      (layer) => `${layer.name} ${layer.file}${layer.exists ? '' : ' (absent)'}`,
    );
    io.stderr.write(
      `dexter-permissions: no --settings given; cases without their own settings use: ${read.join(', ')}\n`,
    );
  }
  let broken = 0;
  const cases: RuleTableCase[] = [];
  for (const entry of parseRuleTableText(text)) {
    const problem = entry.error ?? ruleTableCaseProblem(entry.value);
    if (problem) {
      broken++;
      io.stdout.write(`✗ ${tablePath}:${entry.line}: ${problem}\n`);
      continue;
    }
    cases.push({ ...(entry.value as RuleTableCase), source: { file: tablePath, line: entry.line } });
  }
  const { mismatches, unexercised } = runRuleTableReport(cases, shared);
  if (mismatches.length > 0) io.stdout.write(`${formatRuleTableMismatches(mismatches)}\n`);
  // Not a failure: a rule no row reaches is untested (and often misspelled), worth a look.
  if (cases.length > 0 && unexercised.length > 0) {
    io.stdout.write(`Rules no case exercised (${unexercised.length}): ${unexercised.join(', ')}\n`);
  }
  const failed = mismatches.length + broken;
  io.stdout.write(`${cases.length - mismatches.length} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
