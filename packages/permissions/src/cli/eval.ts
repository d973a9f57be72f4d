/**
 * `dexter-permissions eval [--settings FILE]… [--cwd DIR]`: JSON lines in, one JSON line
 * out per input line:
 *
 *   in   {"command": "...", "cwd"?: "..."}
 *   out  {"command", "decision", "reason", "classification", "matchedRule"?, "opaque",
 *         "opaqueReasons": [code…], "commandsTruncated"?: true,
 *         "commands": [{"argv": [...], "context", "depth"}]}
 *
 * `commands` lists every simple command in source order, nested ones included, with argv
 * after quote removal (assignments excluded, wrappers kept), where it sits (`context`: top,
 * pipeline, command-substitution, …) and how deep (`depth`, 0 at the top). `opaque` says
 * whether anything could not be fully analyzed, and `opaqueReasons` why, as stable codes
 * (`command_substitution`, `here_document`, `syntax_error`, … — see `shell/opaque-codes.ts`)
 * rather than the English `reason`. Over the length cap (64 KiB) `commands` stops at the
 * command cap (512); `commandsTruncated: true` says there were more, all of them checked. A
 * malformed line yields `{"line": N, "error": "..."}`
 * and the batch goes on. Blank lines are skipped. Lines end at `\n`, `\r\n` or `\r`.
 *
 * Input is read in the chunks the stream delivers and output written once per chunk (and
 * every megabyte within one), not once per line.
 */
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { PermissionDecision } from '../decision';
import { type EvaluateBashOptions, evaluateBashListing } from '../engine/evaluate-bash';
import { createSecretModel, type SecretModel } from '../secrets/secret-model';
import { DEFAULT_SHELL_LIMITS, LENGTH_CAP_REASON } from '../shell/analyze-shell';
import type { SegmentVisitor } from '../shell/fallback-scan';
import { opaqueReasonCodes } from '../shell/opaque-codes';
import type { SimpleCommand } from '../shell/types';
import type { LoadedSettings } from '../store/rule-store';
import { parseCliArgs } from './args';
import { ChunkedOutput, type CliIo } from './io';
import { loadCliSettings, settingsFailed } from './load-settings';

/** A listed command as the output gives it. */
function listedCommand(command: SimpleCommand): { argv: string[]; context: string; depth: number } {
  return { argv: command.argv, context: command.context, depth: command.depth };
}

/**
 * The output line (one `JSON.stringify`, which leaves out the fields that are undefined: it
 * measured as fast as joining the pieces by hand). Over the length cap `commands` is empty and
 * `listing` (the commands' JSON, see `OverCapListing`) goes in its place.
 */
function outputLine(
  command: string,
  decision: PermissionDecision,
  opaque: boolean,
  opaqueReasons: readonly string[],
  commands: readonly SimpleCommand[],
  listing?: string,
  truncated?: boolean,
): string {
  const text = JSON.stringify({
    command,
    decision: decision.behavior,
    reason: decision.reason,
    classification: decision.classification,
    matchedRule: decision.matchedRule || undefined,
    opaque,
    opaqueReasons: opaqueReasonCodes(opaqueReasons),
    commandsTruncated: truncated || undefined,
    commands: commands.map(listedCommand),
  });
  // The text ends with `"commands":[]}`.
  return listing === undefined ? `${text}\n` : `${text.slice(0, -2)}${listing}]}\n`;
}

const COMMAND_CAP_REASON = 'more commands than the command cap';

/**
 * The commands of a line over the parser's length cap, written out as the evaluation's scan
 * hands them over (after checking them). The list is the one `analyzeShell` gives (each batch
 * — a segment's command, then those derived from it — in source order, a segment identical to
 * one listed before left out: the scan says which), up to the command cap: past it the line
 * says `commandsTruncated`, the scan stops telling repeats apart, and the rest of the commands
 * are only checked. Such a line is opaque anyway (never allowed); the listing is a report, and
 * a megabyte of distinct commands listed whole was five megabytes of output per line.
 */
class OverCapListing {
  private pieces: string[] = [];
  private count = 0;
  /** More than the command cap's worth of distinct commands: the listing stopped. */
  truncated = false;

  /** Ready for the next line (nothing to do after a line that listed nothing: most lines). */
  reset(): void {
    if (this.count === 0) return;
    this.pieces = [];
    this.count = 0;
    this.truncated = false;
  }

  readonly visit: SegmentVisitor = (batch, listed) => {
    if (this.truncated) return true;
    if (!listed || batch.length === 0) return;
    const ordered = batch.length > 1 ? [...batch].sort((left, right) => left.start - right.start) : batch;
    for (const simple of ordered) {
      if (this.count === DEFAULT_SHELL_LIMITS.maxCommands) {
        this.truncated = true;
        return true;
      }
      // By hand around the argv: a context is a fixed identifier and a depth a number.
      this.pieces.push(
        `{"argv":${JSON.stringify(simple.argv)},"context":"${simple.context}","depth":${simple.depth}}`,
      );
      this.count++;
    }
  };

  /** The listed commands' JSON, comma-separated. */
  json(): string {
    return this.pieces.join(',');
  }

  /** The streamed analysis's reasons, with the command cap counted on the distinct commands. */
  reasons(streamed: readonly string[]): string[] {
    // The scan counted every command it handed over, repeats included.
    const reasons = streamed.filter((reason) => reason !== COMMAND_CAP_REASON);
    if (this.truncated) reasons.splice(reasons.indexOf(LENGTH_CAP_REASON) + 1, 0, COMMAND_CAP_REASON);
    return reasons;
  }
}

/** What every line of one `eval` run is decided with. */
class EvalRun {
  /** The decision options for the run's own directory (most lines give no `cwd`). */
  private readonly baseOptions: EvaluateBashOptions;
  private readonly secrets: SecretModel | undefined;
  private readonly listing = new OverCapListing();

  constructor(
    private readonly settings: LoadedSettings,
    private readonly baseCwd: string,
  ) {
    // Locations the settings add to the secret catalogue (as `evaluateWithSettings` does).
    this.secrets =
      settings.secretPaths === undefined
        ? undefined
        : createSecretModel({ extraPaths: settings.secretPaths });
    this.baseOptions = this.options(baseCwd);
  }

  /** The options `evaluateWithSettings` decides with: the settings' default mode and read-only mode. */
  private options(cwd: string): EvaluateBashOptions {
    const settings = this.settings;
    const defaultMode = settings.defaultMode === 'deny' ? 'deny' : 'ask';
    const readOnlyAutoAllow = settings.readOnlyAutoAllow ?? false;
    return this.secrets === undefined
      ? { cwd, defaultMode, readOnlyAutoAllow }
      : { cwd, defaultMode, readOnlyAutoAllow, secrets: this.secrets };
  }

  /** Decides one input line; returns its output line (with the newline). */
  line(line: string, lineNumber: number): string {
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
    const options =
      typeof cwd === 'string' ? this.options(path.resolve(this.baseCwd, cwd)) : this.baseOptions;
    // The decision and the analysis it was made from, from one evaluation (without the recorded
    // steps, which `explain` shows and `eval` does not). Over the length cap the scan hands the
    // commands over instead (`streamed`).
    const listing = this.listing;
    listing.reset();
    const { decision, analysis } = evaluateBashListing(command, this.settings.rules, options, listing.visit);
    return analysis.streamed === undefined
      ? outputLine(command, decision, analysis.opaque, analysis.opaqueReasons, analysis.commands)
      : outputLine(
          command,
          decision,
          analysis.opaque,
          listing.reasons(analysis.opaqueReasons),
          analysis.commands,
          listing.json(),
          listing.truncated,
        );
  }
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
    // The next `\r` and `\n` at or after `start` (-1: none), each looked for again only once
    // passed: the chunk is read once whatever the endings (most input has no `\r`).
    let carriageReturn = chunk.indexOf('\r', start);
    let newline = chunk.indexOf('\n', start);
    while (start < length) {
      if (carriageReturn !== -1 && carriageReturn < start) carriageReturn = chunk.indexOf('\r', start);
      if (newline !== -1 && newline < start) newline = chunk.indexOf('\n', start);
      const end =
        carriageReturn !== -1 && (newline === -1 || carriageReturn < newline) ? carriageReturn : newline;
      if (end === -1) break;
      line(this.take(chunk.slice(start, end)));
      start = end + 1;
      if (end === carriageReturn) {
        if (start === length) this.afterCarriageReturn = true;
        else if (chunk.charCodeAt(start) === 0x0a) start++;
      }
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
  const run = new EvalRun(settings, baseCwd);
  const output = new ChunkedOutput(io.stdout);
  const reader = new LineReader();
  const decoder = new StringDecoder('utf8');
  let lineNumber = 0;
  const onLine = (line: string) => {
    lineNumber++;
    if (line.trim() === '') return;
    if (output.push(run.line(line, lineNumber))) output.flush();
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
