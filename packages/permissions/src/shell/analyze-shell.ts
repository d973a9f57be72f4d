/**
 * `analyzeShell`: the entry point of the shell parser. Rejects what bash would read
 * differently, parses, unwraps, and falls back to the linear scan when a cap is hit or the
 * input does not parse. Never throws.
 */
import {
  FALLBACK_SCAN_REASON,
  fallbackScan,
  fallbackScanEach,
  type SegmentVisitor,
  STREAMED_REASONS,
} from './fallback-scan';
import { isMeta } from './lexer';
import { type ParseState, ReasonSet, ShellParseAbort } from './parse-state';
import { ShellParser, UNEXPECTED_RESERVED } from './parser';
import { rejectionReason, sanitize } from './reject';
import type { ShellAnalysis, ShellAnalysisOptions, SimpleCommand } from './types';

/** Default caps of `analyzeShell`. */
export const DEFAULT_SHELL_LIMITS: Readonly<Required<ShellAnalysisOptions>> = Object.freeze({
  maxLength: 64 * 1024,
  maxDepth: 16,
  maxCommands: 512,
});

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The reason given for input over the length cap (all of it is then fallback-scanned). */
export const LENGTH_CAP_REASON = 'input longer than the length cap';

/** The length cap `analyzeShell` applies under `options`. */
export function shellLengthCap(options?: ShellAnalysisOptions): number {
  return positive(options?.maxLength, DEFAULT_SHELL_LIMITS.maxLength);
}

/**
 * Parses a `bash -c` style command string into every simple command bash would run,
 * nested ones included, with wrappers unwrapped. Anything not fully understood is marked
 * opaque (never to be auto-allowed) but its commands are still listed for deny checks.
 *
 * @example
 * const analysis = analyzeShell('sudo -u root env X=1 rm -rf /tmp/x && echo "$(whoami)"');
 * analysis.commands.map((command) => command.unwrapped.argv);
 * // [['rm', '-rf', '/tmp/x'], ['echo', '$(whoami)'], ['whoami']]
 * analysis.opaque; // true (command substitution)
 */
export function analyzeShell(command: string, options?: ShellAnalysisOptions): ShellAnalysis {
  return analyze(command, options, undefined, undefined);
}

/** The blank runs a parse recorded, for `normalizeCommand` without a second parse. */
export interface BlankRunRecord {
  /** Start/end pairs of the runs of blanks between top-level tokens. */
  runs: number[];
  /**
   * True when `runs` is exactly what `normalizeCommand` would find: the input was not
   * rejected, the caps it is parsed under are the default ones, and the parse completed.
   */
  complete: boolean;
}

/**
 * `analyzeShell` that also records the blank runs between top-level tokens into `blanks`
 * (for the session key; see `BlankRunRecord.complete`).
 */
export function analyzeShellRecordingBlanks(
  command: string,
  options: ShellAnalysisOptions,
  blanks: BlankRunRecord,
): ShellAnalysis {
  return analyze(command, options, blanks, undefined);
}

/** What `analyzeShellStreaming` returns: an analysis, and whether its commands were streamed. */
export interface StreamedShellAnalysis extends ShellAnalysis {
  /**
   * Present when the input was over the length cap: its commands went to `visit` (this many)
   * and `commands` is empty. Everything else is what `analyzeShell` would return.
   */
  streamed?: number;
}

/**
 * `analyzeShellRecordingBlanks` for a caller that only needs a decision: input over the
 * length cap is fallback-scanned without keeping its commands — each segment's batch goes to
 * `visit` as it is found, in scan order, not yet sorted by `start` the way `commands` would
 * be (the scan lists a command before those derived from it, which start at the segment's
 * base). A segment repeating an earlier one may be handed over again; `keyed`, `visit` is told
 * which ones `commands` would leave out (see `SegmentVisitor`). The analysis returned has the
 * same reasons, in the same order, as `analyzeShell`'s, but for the command cap, which counts
 * every command handed over.
 */
export function analyzeShellStreaming(
  command: string,
  options: ShellAnalysisOptions,
  blanks: BlankRunRecord,
  visit: SegmentVisitor,
  keyed = false,
): StreamedShellAnalysis {
  return analyze(command, options, blanks, visit, keyed);
}

function analyze(
  command: string,
  options: ShellAnalysisOptions | undefined,
  blanks: BlankRunRecord | undefined,
  visit: SegmentVisitor | undefined,
  keyed = false,
): StreamedShellAnalysis {
  const maxLength = shellLengthCap(options);
  const maxDepth = positive(options?.maxDepth, DEFAULT_SHELL_LIMITS.maxDepth);
  const maxCommands = positive(options?.maxCommands, DEFAULT_SHELL_LIMITS.maxCommands);
  if (typeof command !== 'string') {
    return {
      commands: [],
      opaque: true,
      opaqueReasons: ['input is not a string'],
      rejected: 'input is not a string',
    };
  }
  const state: ParseState = {
    commands: [],
    reasons: new ReasonSet(),
    loopAssignments: [],
    maxDepth,
    maxCommands,
  };
  let rejected: string | undefined;
  let text = command;
  try {
    const reason = rejectionReason(command);
    if (reason !== undefined) {
      text = sanitize(command);
      rejected = reason;
      state.reasons.add(reason);
    }
    if (text.length > maxLength) {
      rejected ??= LENGTH_CAP_REASON;
      state.reasons.add(LENGTH_CAP_REASON);
      if (visit !== undefined) return streamOverCap(text, state, rejected, visit, keyed);
      fallbackScan(text, state.commands, 0, maxDepth);
    } else {
      const early = leadingSyntaxError(text);
      if (early >= 0) {
        // What the parser's abort there leaves: the leading blanks its lexer recorded, the
        // reason, and the fallback scan's commands.
        if (blanks && early > 1) blanks.runs.push(0, early);
        state.reasons.add(`syntax error near offset ${early}`);
        state.commands = fallbackScan(text, [], 0, maxDepth);
      } else {
        try {
          const parser = new ShellParser(text, state, 0, 'top', 0);
          if (blanks) parser.recordBlankRuns(blanks.runs);
          parser.parseProgram();
          if (blanks) {
            blanks.complete =
              rejected === undefined &&
              maxDepth === DEFAULT_SHELL_LIMITS.maxDepth &&
              maxLength === DEFAULT_SHELL_LIMITS.maxLength;
          }
        } catch (error) {
          state.reasons.add(error instanceof ShellParseAbort ? error.reason : 'internal parser error');
          state.commands = fallbackScan(text, [], 0, maxDepth);
        }
      }
    }
  } catch {
    state.reasons.add('internal parser error');
    try {
      state.commands = fallbackScan(text, [], 0, maxDepth);
    } catch {
      state.commands = [];
    }
  }
  return finish(state, rejected);
}

/**
 * The offset of the syntax error the parser raises at the first token, when the input opens
 * (after spaces) with a reserved word that cannot start a command (`fi`, `done`, `else`, `}`:
 * an agent's script line sent alone) or with `)`; else -1, and the parser decides. Found
 * without the parser, whose abort (a throw through its frames) costs several times what the
 * rest of such a command does.
 */
function leadingSyntaxError(text: string): number {
  const length = text.length;
  let start = 0;
  while (start < length && text.charCodeAt(start) === 0x20) start++;
  if (start >= length) return -1;
  if (text.charCodeAt(start) === 0x29) return start;
  // The word: lowercase letters, `}` or `]` (no quote, expansion or line continuation), ending
  // where the lexer ends it (not at `<` or `>`, which may start a process substitution).
  let end = start;
  for (;;) {
    const code = end < length ? text.charCodeAt(end) : -1;
    if ((code >= 0x61 && code <= 0x7a) || code === 0x7d || code === 0x5d) {
      end++;
      continue;
    }
    if (code === -1 || (code !== 0x3c && code !== 0x3e && isMeta(code))) break;
    return -1;
  }
  return end > start && UNEXPECTED_RESERVED.has(text.slice(start, end)) ? start : -1;
}

/** Where a reason first appears in the sorted command list: the command's start, then list order. */
interface FirstSeen {
  start: number;
  order: number;
}

/**
 * The over-cap branch of `analyze` with a visitor (see `analyzeShellStreaming`). The reasons
 * come out as `finish` orders them: the input's own, the command cap, then each command's in
 * the order of the sorted list — by start, ties in scan order — which is rebuilt here from
 * where each reason was first seen, since the commands themselves are not kept.
 */
function streamOverCap(
  text: string,
  state: ParseState,
  rejected: string,
  visit: SegmentVisitor,
  keyed: boolean,
): StreamedShellAnalysis {
  const firstSeen = new Map<string, FirstSeen>();
  let order = 0;
  // Most commands carry only the scan's shared reason, already seen at a lower start.
  let scanReason: FirstSeen | undefined;
  const count = fallbackScanEach(
    text,
    state.maxDepth,
    (batch, listed) => {
      for (let index = 0; index < batch.length; index++) {
        const command = batch[index] as SimpleCommand;
        if (
          command.opaqueReasons === STREAMED_REASONS &&
          scanReason !== undefined &&
          command.start >= scanReason.start
        ) {
          order++;
          continue;
        }
        for (const reason of command.opaqueReasons) {
          const seen = firstSeen.get(reason);
          if (seen === undefined) {
            const first = { start: command.start, order };
            firstSeen.set(reason, first);
            if (reason === FALLBACK_SCAN_REASON) scanReason = first;
          } else if (command.start < seen.start) {
            seen.start = command.start;
            seen.order = order;
          }
          order++;
        }
      }
      return visit(batch, listed);
    },
    keyed,
  );
  const reasons = state.reasons;
  if (count > state.maxCommands) reasons.add('more commands than the command cap');
  const ordered = [...firstSeen].sort(
    ([, left], [, right]) => left.start - right.start || left.order - right.order,
  );
  for (const [reason] of ordered) reasons.add(reason);
  return { commands: [], opaque: true, opaqueReasons: reasons.toArray(), rejected, streamed: count };
}

function finish(state: ParseState, rejected: string | undefined): ShellAnalysis {
  const commands: SimpleCommand[] = state.commands;
  if (commands.length > state.maxCommands) state.reasons.add('more commands than the command cap');
  let sorted = true;
  for (let index = 1; index < commands.length; index++) {
    if ((commands[index] as SimpleCommand).start < (commands[index - 1] as SimpleCommand).start) {
      sorted = false;
      break;
    }
  }
  if (!sorted) commands.sort((left, right) => left.start - right.start);
  const reasons = state.reasons;
  for (const command of commands) {
    if (rejected !== undefined && !command.opaqueReasons.includes(rejected))
      command.opaqueReasons.push(rejected);
    for (const reason of command.opaqueReasons) reasons.add(reason);
  }
  const analysis: ShellAnalysis = {
    commands,
    opaque: reasons.size > 0,
    opaqueReasons: reasons.toArray(),
  };
  if (rejected !== undefined) analysis.rejected = rejected;
  if (state.loopAssignments.length > 0) analysis.loopAssignments = state.loopAssignments;
  return analysis;
}
