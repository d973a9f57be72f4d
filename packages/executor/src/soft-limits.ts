/**
 * Soft limits: warn the model, never block it. Before a call executes, the executor checks
 * (1) how many times this tool has run in the session and (2) whether the call nearly
 * repeats a recent one of the same tool (see `similarity.ts`). Each hit adds a note to the
 * call's result and emits a `tool_limit` event; the call runs regardless. Calls are counted
 * when they pass their gates, in call order — so repeats inside one parallel batch count.
 *
 * Which tools: by default the concurrency-safe ones (reads, searches, lookups), where asking
 * again is the waste the notes are about. A tool that writes or runs commands (a shell or
 * file-write subject, or not concurrency-safe) re-runs on purpose — the edit-then-test loop —
 * so it is checked only when it opts in: a `similarityKey`, or a `perTool` limit.
 */
import type { AnyTool, PermissionSubject } from '@dexter/registry';
import type { SoftLimitKind } from './events';
import type { ExecutorSession, SimilarCall } from './session';
import { DEFAULT_SIMILARITY_THRESHOLD, similarityKeyOf } from './similarity';

/** `softLimits` option of `createExecutor`; `false` turns soft limits off. */
export interface SoftLimitOptions {
  /** Calls of one tool per session before each further call gets a note. Default 10; `Infinity` for none. */
  maxCallsPerTool?: number;
  /** Overrides of `maxCallsPerTool` by tool name. */
  perTool?: Readonly<Record<string, number>>;
  /** Jaccard threshold in (0, 1] for near-duplicates (default 0.8), or `false` to skip them. */
  similarityThreshold?: number | false;
}

/** The default `maxCallsPerTool`. */
export const DEFAULT_MAX_CALLS_PER_TOOL = 10;

/** Settled soft-limit settings. */
export interface ResolvedSoftLimits {
  maxCallsPerTool: number;
  /** Own entries of `perTool` (a Map: tools named `constructor` or `toString` find only their own). */
  perTool: ReadonlyMap<string, number>;
  similarityThreshold: number | false;
}

/** One soft limit hit. */
export interface SoftLimitHit {
  kind: SoftLimitKind;
  note: string;
  count: number;
  limit?: number;
  similarTo?: SimilarCall;
}

/** Fills in defaults; `false` yields `undefined` (no checks). */
export function resolveSoftLimits(
  options: SoftLimitOptions | false | undefined,
): ResolvedSoftLimits | undefined {
  if (options === false) return undefined;
  return {
    maxCallsPerTool: options?.maxCallsPerTool ?? DEFAULT_MAX_CALLS_PER_TOOL,
    perTool: new Map(Object.entries(options?.perTool ?? {})),
    similarityThreshold: options?.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD,
  };
}

/**
 * True when soft limits apply to this call: the tool opted in (`similarityKey`, or a
 * `perTool` limit), or it is concurrency-safe and this call neither writes nor runs a command.
 */
export function softLimitsApply(
  limits: ResolvedSoftLimits,
  tool: AnyTool,
  subject: PermissionSubject | undefined,
): boolean {
  if (tool.similarityKey !== undefined || limits.perTool.has(tool.name)) return true;
  if (subject?.kind === 'shell' || (subject?.kind === 'file' && subject.access === 'write')) return false;
  return tool.concurrencySafe;
}

/** What a call does, for the notes' wording. */
type CallKind = 'command' | 'write' | 'query';

function callKind(subject: PermissionSubject | undefined): CallKind {
  if (subject?.kind === 'shell') return 'command';
  if (subject?.kind === 'file' && subject.access === 'write') return 'write';
  return 'query';
}

function quote(text: string): string {
  return text.length > 120 ? `"${text.slice(0, 117)}..."` : `"${text}"`;
}

/**
 * Checks one call against the limits and records it in the session. Returns `notes` with a
 * note per hit appended (the same array when nothing was hit); `onHit`, when given, sees
 * each hit in order (near-duplicate first, then call count). Hit objects are built only
 * for a listener.
 */
export function checkSoftLimits(
  limits: ResolvedSoftLimits,
  session: ExecutorSession,
  tool: AnyTool,
  toolCallId: string,
  input: unknown,
  notes: readonly string[],
  onHit: ((hit: SoftLimitHit) => void) | undefined,
  subject?: PermissionSubject,
): readonly string[] {
  let similar: SimilarCall | undefined;
  let count: number;
  const name = tool.name;
  if (limits.similarityThreshold === false) {
    // Counting only: no key to build or compare.
    count = session.recordCall(name, undefined);
  } else {
    const key = similarityKeyOf(tool, input);
    similar = session.findSimilar(name, key, limits.similarityThreshold);
    count = session.recordCall(name, { toolCallId, key });
  }
  const limit =
    limits.perTool.size === 0 ? limits.maxCallsPerTool : (limits.perTool.get(name) ?? limits.maxCallsPerTool);
  const overCount = count > limit;
  if (similar === undefined && !overCount) return notes;
  let nearNote: string | undefined;
  let countNote: string | undefined;
  const kind = similar === undefined && !overCount ? 'query' : callKind(subject);
  if (similar !== undefined) {
    const how = similar.similarity === 1 ? 'repeats' : 'nearly repeats';
    const advice =
      kind === 'query'
        ? 'Reuse that result or change the query instead of asking again.'
        : kind === 'command'
          ? 'If nothing it depends on changed since, expect the same result.'
          : 'If the content is the same, the file is already written.';
    nearNote = `This ${name} call ${how} an earlier one (${similar.toolCallId}: ${quote(similar.key)}). ${advice}`;
    onHit?.({ kind: 'near_duplicate', count, similarTo: similar, note: nearNote });
  }
  if (overCount) {
    const advice =
      kind === 'query'
        ? 'Consider answering with what you have.'
        : 'Check that the task still needs more of them.';
    countNote = `This is call ${count} of ${name} in this session (suggested maximum ${limit}). ${advice}`;
    onHit?.({ kind: 'call_count', count, limit, note: countNote });
  }
  // Exact-size arrays: a pushed-to empty array would reserve room for 17 notes.
  const added =
    nearNote === undefined ? [countNote!] : countNote === undefined ? [nearNote] : [nearNote, countNote];
  const out = notes.length === 0 ? added : notes.concat(added);
  return out;
}
