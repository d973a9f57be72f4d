/**
 * `dexter-permissions check [--settings FILE]… [--cwd DIR] [--json] -- COMMAND…`:
 * one command, its decision and why. Exit 0 when the decision was made with valid settings,
 * 2 when the settings had problems (the decision shown is then the fail-closed one).
 */
import path from 'node:path';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { parseCliArgs, UsageError } from './args';
import type { CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

/** Runs `check`. */
export function runCheck(argv: readonly string[], io: CliIo): number {
  const args = parseCliArgs(argv);
  if (args.rest.length === 0) throw new UsageError('check needs a command after --');
  const command = args.rest.join(' ');
  const cwd = path.resolve(io.cwd, args.cwd ?? '.');
  const settings = loadCliSettings(args.settings, cwd, io);
  const { decision, analysis } = evaluateWithSettings(command, settings, { cwd });
  if (args.json) {
    io.stdout.write(
      `${JSON.stringify({ command, ...decision, commands: analysis.commands.map((c) => ({ argv: c.argv })) })}\n`,
    );
  } else {
    io.stdout.write(`${decision.behavior.toUpperCase()}: ${decision.reason}\n`);
    if (decision.matchedRule) io.stdout.write(`  rule: ${decision.matchedRule}\n`);
    io.stdout.write(`  classification: ${decision.classification ?? 'unknown'}\n`);
    if (decision.proposedRules && decision.proposedRules.length > 0) {
      io.stdout.write(`  "always allow" would add: ${decision.proposedRules.join(', ')}\n`);
    }
  }
  return settingsFailed(args.settings, settings) ? 2 : 0;
}
