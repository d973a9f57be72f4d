/**
 * `dexter-permissions eval [--settings FILE]… [--cwd DIR]`: JSON lines in, one JSON line
 * out per input line:
 *
 *   in   {"command": "...", "cwd"?: "..."}
 *   out  {"command", "decision", "reason", "classification", "matchedRule"?, "commands": [{"argv": [...]}]}
 *
 * `commands` lists every simple command in source order, nested ones included, with argv
 * after quote removal (assignments excluded, wrappers kept). A malformed line yields
 * `{"line": N, "error": "..."}` and the batch goes on. Blank lines are skipped.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { evaluateWithSettings } from '../engine/decide-with-settings';
import { parseCliArgs } from './args';
import type { CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

/** Runs `eval`; resolves with the exit code (malformed lines are reported in-band; 2 when the settings had problems). */
export async function runEval(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(argv);
  const baseCwd = path.resolve(io.cwd, args.cwd ?? '.');
  const settings = loadCliSettings(args.settings, baseCwd, io);
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    let input: unknown;
    try {
      input = JSON.parse(line);
    } catch (error) {
      io.stdout.write(
        `${JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: invalid JSON (${error instanceof Error ? error.message : String(error)})` })}\n`,
      );
      continue;
    }
    const record =
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? (input as Record<string, unknown>)
        : undefined;
    const command = record?.command;
    const cwd = record?.cwd;
    if (typeof command !== 'string' || (cwd !== undefined && typeof cwd !== 'string')) {
      io.stdout.write(
        `${JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: expected {"command": string, "cwd"?: string}` })}\n`,
      );
      continue;
    }
    const { decision, analysis } = evaluateWithSettings(command, settings, {
      cwd: typeof cwd === 'string' ? path.resolve(baseCwd, cwd) : baseCwd,
    });
    io.stdout.write(
      `${JSON.stringify({
        command,
        decision: decision.behavior,
        reason: decision.reason,
        classification: decision.classification,
        ...(decision.matchedRule ? { matchedRule: decision.matchedRule } : {}),
        commands: analysis.commands.map((simple) => ({ argv: simple.argv })),
      })}\n`,
    );
  }
  return settingsFailed(args.settings, settings) ? 2 : 0;
}
