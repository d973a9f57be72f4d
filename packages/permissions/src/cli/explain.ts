/**
 * `dexter-permissions explain [--settings FILE]… [--cwd DIR] -- COMMAND…`: every simple
 * command found (with wrappers, redirects, opaque reasons and the classifier's verdict),
 * then each evaluation step in order and which one decided.
 */
import path from 'node:path';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { findNearMisses } from '../testing/near-miss';
import { parseCliArgs, UsageError } from './args';
import type { CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

/** Runs `explain`. */
export function runExplain(argv: readonly string[], io: CliIo): number {
  const args = parseCliArgs(argv);
  if (args.rest.length === 0) throw new UsageError('explain needs a command after --');
  const command = args.rest.join(' ');
  const cwd = path.resolve(io.cwd, args.cwd ?? '.');
  const settings = loadCliSettings(args.settings, cwd, io);
  const { decision, analysis, verdicts, steps } = evaluateWithSettings(command, settings, { cwd });
  const out = (line: string) => io.stdout.write(`${line}\n`);
  out(`Command: ${JSON.stringify(command)}`);
  if (analysis.rejected) out(`Input rejected: ${analysis.rejected}`);
  out(`Simple commands (${analysis.commands.length}):`);
  analysis.commands.forEach((simple, index) => {
    const verdict = verdicts[index];
    out(`  ${index + 1}. ${JSON.stringify(simple.argv)}  [${simple.context}, depth ${simple.depth}]`);
    if (simple.unwrapped.wrappers.length > 0) {
      out(
        `     unwrapped (${simple.unwrapped.wrappers.join(' → ')}): ${JSON.stringify(simple.unwrapped.argv)}`,
      );
    }
    if (simple.assignments.length > 0) {
      out(
        `     assignments: ${simple.assignments.map((a) => `${a.name}=${a.value} (${a.form})`).join(', ')}`,
      );
    }
    if (simple.redirects.length > 0) {
      out(
        `     redirects: ${simple.redirects.map((r) => `${r.fd ?? ''}${r.operator} ${r.target}${r.write ? ' (write)' : ''}`).join(', ')}`,
      );
    }
    if (simple.opaqueReasons.length > 0) out(`     opaque: ${simple.opaqueReasons.join('; ')}`);
    if (verdict) out(`     classifier: ${verdict.classification} — ${verdict.reason}`);
  });
  out('Evaluation:');
  steps.forEach((step, index) => {
    out(
      `  ${index + 1}. ${step.step.padEnd(15)} ${step.decided ? '→ DECIDED' : '  passed '}  ${step.detail}`,
    );
  });
  out(
    `Decision: ${decision.behavior}${decision.matchedRule ? ` (${decision.matchedRule})` : ''}${decision.cacheable ? '' : ', not cacheable'}`,
  );
  // Rules that name the same program without matching: the one the author likely meant.
  const nearMisses = findNearMisses(
    analysis.commands.map((simple) => simple.unwrapped.argv),
    settings.rules,
  ).slice(0, 3);
  if (nearMisses.length > 0) out('Near misses:');
  for (const miss of nearMisses) {
    out(`  ${miss.list} ${miss.rule}: ${miss.why}${miss.suggestion ? ` (try ${miss.suggestion})` : ''}`);
  }
  return settingsFailed(args.settings, settings) ? 2 : 0;
}
