/**
 * `dexter-permissions eval [--settings FILE]… [--cwd DIR]`: JSON lines in, one JSON line
 * out per input line:
 *
 *   in   {"command": "...", "cwd"?: "..."}
 *   out  {"command", "decision", "reason", "classification", "matchedRule"?, "opaque",
 *         "opaqueReasons": [code…], "commands": [{"argv": [...], "context", "depth"}]}
 *
 * `commands` lists every simple command in source order, nested ones included, with argv
 * after quote removal (assignments excluded, wrappers kept), where it sits (`context`: top,
 * pipeline, command-substitution, …) and how deep (`depth`, 0 at the top). `opaque` says
 * whether anything could not be fully analyzed, and `opaqueReasons` why, as stable codes
 * (`command_substitution`, `here_document`, `syntax_error`, … — see `shell/opaque-codes.ts`)
 * rather than the English `reason`. A malformed line yields `{"line": N, "error": "..."}`
 * and the batch goes on. Blank lines are skipped. Lines end at `\n`, `\r\n` or `\r`.
 *
 * Input is read in the chunks the stream delivers and output written once per chunk (and
 * every megabyte within one), not once per line.
 */
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { PermissionDecision } from '../decision';
import { type EvaluateBashOptions, evaluateBash } from '../engine/evaluate-bash';
import {
  analyzeShell,
  analyzeShellStreaming,
  DEFAULT_SHELL_LIMITS,
  LENGTH_CAP_REASON,
  shellLengthCap,
} from '../shell/analyze-shell';
import { commandKey } from '../shell/fallback-scan';
import { opaqueReasonCodes } from '../shell/opaque-codes';
import type { SimpleCommand } from '../shell/types';
import type { LoadedSettings } from '../store/rule-store';
import { parseCliArgs } from './args';
import { ChunkedOutput, type CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

/** The parser's length cap with its default options (`evaluateWithSettings` uses them). */
const LENGTH_CAP = shellLengthCap(undefined);

/** One listed command as JSON: its contexts are fixed identifiers, written without escaping. */
function commandJson(command: SimpleCommand): string {
  return `{"argv":${JSON.stringify(command.argv)},"context":"${command.context}","depth":${command.depth}}`;
}

/** The output line's fields before `commands`, as JSON (without the closing brace). */
function headJson(
  command: string,
  decision: PermissionDecision,
  opaque: boolean,
  opaqueReasons: readonly string[],
): string {
  const matched = decision.matchedRule ? `,"matchedRule":${JSON.stringify(decision.matchedRule)}` : '';
  return (
    `{"command":${JSON.stringify(command)},"decision":"${decision.behavior}","reason":${JSON.stringify(decision.reason)}` +
    `${decision.classification === undefined ? '' : `,"classification":"${decision.classification}"`}${matched},"opaque":${opaque}` +
    `,"opaqueReasons":${JSON.stringify(opaqueReasonCodes(opaqueReasons))}`
  );
}

/** The options `evaluateWithSettings` decides with (its default mode and read-only mode). */
function decideOptions(settings: LoadedSettings, cwd: string): EvaluateBashOptions {
  return {
    cwd,
    defaultMode: settings.defaultMode === 'deny' ? 'deny' : 'ask',
    readOnlyAutoAllow: settings.readOnlyAutoAllow ?? false,
  };
}

/**
 * A command over the parser's length cap: the decision from `evaluateBash`, which checks each
 * command as the scan finds it and keeps none, and the commands written as a second scan
 * hands them over, so a megabyte of commands is never held as objects. The list is the one
 * `analyzeShell` gives: each batch (a segment's command, then those derived from it) in
 * source order, a segment identical to one listed before left out, and the command cap
 * counted on what is listed.
 */
function overCapLine(command: string, settings: LoadedSettings, cwd: string): string {
  const decision = evaluateBash(command, settings.rules, decideOptions(settings, cwd));
  const parts: string[] = [];
  const seen = new Set<string>();
  let listed = 0;
  const analysis = analyzeShellStreaming(
    command,
    NO_SHELL_OPTIONS,
    { runs: [], complete: false },
    (batch) => {
      const head = batch[0];
      if (head === undefined) return;
      const size = seen.size;
      seen.add(commandKey(head.words, head.redirects, head.context));
      if (seen.size === size) return;
      const ordered = batch.length > 1 ? [...batch].sort((left, right) => left.start - right.start) : batch;
      for (const simple of ordered)
        parts.push(parts.length === 0 ? commandJson(simple) : `,${commandJson(simple)}`);
      listed += batch.length;
    },
  );
  // The scan counted every command it handed over, repeats included: count what is listed.
  const reasons = analysis.opaqueReasons.filter((reason) => reason !== COMMAND_CAP_REASON);
  if (listed > DEFAULT_SHELL_LIMITS.maxCommands) {
    reasons.splice(reasons.indexOf(LENGTH_CAP_REASON) + 1, 0, COMMAND_CAP_REASON);
  }
  return `${headJson(command, decision, analysis.opaque, reasons)},"commands":[${parts.join('')}]}\n`;
}

const COMMAND_CAP_REASON = 'more commands than the command cap';
const NO_SHELL_OPTIONS = Object.freeze({});

/** Decides one input line; returns its output line (with the newline). */
function evalLine(line: string, lineNumber: number, settings: LoadedSettings, baseCwd: string): string {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (error) {
    return `${JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: invalid JSON (${error instanceof Error ? error.message : String(error)})` })}\n`;
  }
  const record =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : undefined;
  const command = record?.command;
  const cwd = record?.cwd;
  if (typeof command !== 'string' || (cwd !== undefined && typeof cwd !== 'string')) {
    return `${JSON.stringify({ line: lineNumber, error: `line ${lineNumber}: expected {"command": string, "cwd"?: string}` })}\n`;
  }
  const directory = typeof cwd === 'string' ? path.resolve(baseCwd, cwd) : baseCwd;
  if (command.length > LENGTH_CAP) return overCapLine(command, settings, directory);
  // The decision without the recorded steps (which `explain` shows and `eval` does not), and
  // the parse it was made from (the engine's own, with the same default options).
  const decision = evaluateBash(command, settings.rules, decideOptions(settings, directory));
  const analysis = analyzeShell(command);
  const simple = analysis.commands;
  let commands = '';
  for (let index = 0; index < simple.length; index++) {
    commands += index === 0 ? commandJson(simple[index]!) : `,${commandJson(simple[index]!)}`;
  }
  return `${headJson(command, decision, analysis.opaque, analysis.opaqueReasons)},"commands":[${commands}]}\n`;
}

/**
 * Splits text arriving in chunks into lines (`\n`, `\r\n` or a lone `\r`), without joining
 * the pieces of a long line more than once.
 */
class LineReader {
  private pieces: string[] = [];
  /** The last chunk ended with `\r`: a `\n` starting the next one ends nothing more. */
  private afterCarriageReturn = false;

  /** Calls `line` with each complete line of `chunk`. */
  feed(chunk: string, line: (text: string) => void): void {
    let start = 0;
    if (this.afterCarriageReturn && chunk.charCodeAt(0) === 0x0a) start = 1;
    this.afterCarriageReturn = false;
    const length = chunk.length;
    for (let index = start; index < length; index++) {
      const code = chunk.charCodeAt(index);
      if (code !== 0x0a && code !== 0x0d) continue;
      line(this.take(chunk.slice(start, index)));
      if (code === 0x0d) {
        if (index + 1 === length) this.afterCarriageReturn = true;
        else if (chunk.charCodeAt(index + 1) === 0x0a) index++;
      }
      start = index + 1;
    }
    if (start < length) this.pieces.push(chunk.slice(start));
  }

  /** Calls `line` with what is left, when the input did not end with a line break. */
  end(line: (text: string) => void): void {
    if (this.pieces.length > 0) line(this.take(''));
  }

  private take(last: string): string {
    if (this.pieces.length === 0) return last;
    this.pieces.push(last);
    const text = this.pieces.join('');
    this.pieces = [];
    return text;
  }
}

/** Runs `eval`; resolves with the exit code (malformed lines are reported in-band; 2 when the settings had problems). */
export async function runEval(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseCliArgs(argv);
  const baseCwd = path.resolve(io.cwd, args.cwd ?? '.');
  const settings = loadCliSettings(args.settings, baseCwd, io);
  const output = new ChunkedOutput(io.stdout);
  const reader = new LineReader();
  const decoder = new StringDecoder('utf8');
  let lineNumber = 0;
  const onLine = (line: string) => {
    lineNumber++;
    if (line.trim() === '') return;
    if (output.push(evalLine(line, lineNumber, settings, baseCwd))) output.flush();
  };
  for await (const chunk of io.stdin) {
    reader.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer), onLine);
    output.flush();
  }
  const rest = decoder.end();
  if (rest !== '') reader.feed(rest, onLine);
  reader.end(onLine);
  output.flush();
  return settingsFailed(args.settings, settings) ? 2 : 0;
}
