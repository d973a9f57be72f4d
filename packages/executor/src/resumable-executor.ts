/**
 * `createResumableExecutor`: runs that suspend instead of waiting for a person. When every
 * call that can go on has finished and the rest wait for an approval, the run stops and
 * returns `suspended` with the results so far, the pending approval requests (the one that
 * asked and those of the calls queued behind it, decided ahead so one round of answers can
 * finish the turn) and a signed snapshot; `resume(snapshot, answers)` — in this process or
 * any other holding the key — runs the rest. docs/decisions/0018-resumable-runs.md.
 *
 * Guarantees, the same as one uninterrupted run: a run suspends only while no call is
 * executing, so nothing is cut off half-way; calls that finished are never run again (their
 * results travel in the snapshot); calls that never started run on resume, in order, so
 * nothing after a pending write starts early; results come back in call order, one per
 * call. A snapshot is resumed at most once per `SessionStore` (`claimResume`): give every
 * process the same store (e.g. `@dexter/postgres`) — with the default in-memory store the
 * ledger covers one process only.
 */
import type { ApprovalRequest, ApprovalResponse } from './approval';
import { sessionGrantHolds } from './approval-flow';
import { createExecutor, type ExecuteOptions, type ExecutorCall } from './executor';
import { type ExecutorOptions, resolveExecutorOptions } from './executor-options';
import { decidePermission } from './permission-gate';
import {
  fromSnapshotResult,
  type PendingApproval,
  RUN_SNAPSHOT_VERSION,
  type RunSnapshot,
  RunSnapshotError,
  type SigningKey,
  type SnapshotCall,
  signingKeyId,
  signRunSnapshot,
  toSnapshotResult,
  verifyRunSnapshot,
} from './run-snapshot';
import { createSession, type ExecutorSession } from './session';
import { createMemorySessionStore, type SessionStore } from './session-store';
import type { ToolResult } from './tool-result';
import { validateInput } from './validate-input';

/** Options of `createResumableExecutor`: the executor's, without a prompter (runs suspend instead). */
export interface ResumableExecutorOptions extends Omit<ExecutorOptions, 'approvals'> {
  /** Signs and checks snapshots (HMAC-SHA256); at least 32 bytes, the same in every process. */
  signingKey: SigningKey;
  /**
   * Holds the resume ledger. Default: `sessionStore` when given (grants, audit and counters
   * live there too), else in memory (this process only).
   */
  store?: SessionStore;
}

/** How a run ended. */
export type RunOutcome =
  | { status: 'completed'; results: ToolResult[] }
  | {
      status: 'suspended';
      /** Finished calls' results by position; `undefined` for pending and not-started calls. */
      results: (ToolResult | undefined)[];
      pending: PendingApproval[];
      snapshot: RunSnapshot;
    };

/** Answers to pending approvals, by `approvalId`: anything a live prompter may answer. */
export type ApprovalAnswers = Readonly<Record<string, ApprovalResponse>>;

/** Made by `createResumableExecutor`. */
export interface ResumableExecutor {
  /** Runs the calls; suspends at approvals. Never rejects because of a call. */
  execute(calls: readonly ExecutorCall[], options?: ExecuteOptions): Promise<RunOutcome>;
  /**
   * Runs the rest of a suspended run. Throws `RunSnapshotError` (nothing runs) for a
   * malformed, foreign, altered, unsupported or already resumed snapshot. A pending call
   * without an answer asks again: the outcome is `suspended` once more.
   */
  resume(
    snapshot: RunSnapshot | string,
    answers: ApprovalAnswers,
    options?: ExecuteOptions,
  ): Promise<RunOutcome>;
  /** The session runs share unless they pass their own (soft-limit counters, grants). */
  readonly session: ExecutorSession;
}

/** For decisions made outside a run (nothing to cancel them). */
const NEVER_ABORTED = new AbortController().signal;

const ownKey = (record: object, key: string) => Object.hasOwn(record, key);

/** What an approval UI shows for the call at `index`, from the request a prompt would get. */
function pendingApproval(
  index: number,
  request: Pick<ApprovalRequest, 'toolCallId' | 'tool' | 'input' | 'decision' | 'subject'>,
): PendingApproval {
  const { toolCallId, decision } = request;
  const entry: PendingApproval = {
    approvalId: toolCallId,
    toolCallId,
    index,
    tool: request.tool,
    input: request.input,
    reason: decision.reason,
  };
  if (decision.classification !== undefined) entry.classification = decision.classification;
  if (decision.proposedRules) {
    entry.proposedRules = [...decision.proposedRules];
    // What the prompt shows as `proposedRule` (approval-flow.ts): the first proposal.
    if (decision.proposedRules[0] !== undefined) entry.proposedRule = decision.proposedRules[0];
  }
  if (request.subject !== undefined) entry.subject = request.subject;
  return entry;
}

/**
 * Makes an executor whose runs suspend at approvals.
 *
 * @example
 * ```ts
 * const runs = createResumableExecutor({ tools, permissions, signingKey: process.env.RUN_KEY! });
 * const outcome = await runs.execute(calls);
 * if (outcome.status === 'suspended') {
 *   await db.save(turnId, outcome.snapshot); // show outcome.pending to the user
 * }
 * // later, in any process:
 * const next = await runs.resume(await db.load(turnId), { [approvalId]: 'allow-once' });
 * ```
 */
export function createResumableExecutor(options: ResumableExecutorOptions): ResumableExecutor {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('createResumableExecutor expects options with tools and signingKey');
  }
  if (ownKey(options, 'approvals')) {
    throw new TypeError(
      'createResumableExecutor takes no `approvals`: its runs suspend and return pending approvals',
    );
  }
  const { signingKey, store: givenStore, ...executorOptions } = options;
  const keyId = signingKeyId(signingKey);
  const store = givenStore ?? executorOptions.sessionStore ?? createMemorySessionStore();
  const session = executorOptions.session ?? createSession();
  // Fails early on bad executor options (unknown names, bad tools), as createExecutor does;
  // its tools, decider (the default engine without `permissions`) and store decide ahead.
  const config = resolveExecutorOptions({ ...executorOptions, session });

  /** The approvals calls that never started will ask for (a session grant answers some). */
  async function approvalsAhead(
    calls: readonly SnapshotCall[],
    indexes: readonly number[],
    runSession: ExecutorSession,
  ): Promise<PendingApproval[]> {
    const ahead: PendingApproval[] = [];
    for (const index of indexes) {
      const call = calls[index]!;
      const tool = config.lookup(call.name);
      if (tool === undefined) continue;
      const validation = validateInput(tool, call.input);
      if (validation.kind !== 'valid') continue;
      const decided = await decidePermission({
        tool,
        input: validation.data,
        permissions: config.permissions,
        cwd: config.cwd,
        signal: NEVER_ABORTED,
      });
      if (typeof decided === 'string' || decided.decision.behavior !== 'ask') continue;
      const { decision, subject } = decided;
      if (decision.cacheable && (await grantedFor(runSession, decision.sessionKey))) continue;
      const request = { toolCallId: call.id, tool: tool.name, input: validation.data, decision, subject };
      ahead.push(pendingApproval(index, request));
    }
    return ahead;
  }

  /** Whether an `allow-session` grant covers the key, where the executor's gate looks. */
  async function grantedFor(runSession: ExecutorSession, sessionKey: string): Promise<boolean> {
    try {
      return await sessionGrantHolds(config, runSession, sessionKey);
    } catch {
      return false; // listed: the gate will look again when the call is reached
    }
  }

  async function phase(
    calls: readonly SnapshotCall[],
    done: Map<number, ToolResult>,
    indexes: readonly number[],
    answers: ApprovalAnswers,
    runOptions: ExecuteOptions = {},
  ): Promise<RunOutcome> {
    const runSession = runOptions.session ?? session;
    const suspend = new AbortController();
    const started = new Set<number>();
    const finished = new Set<number>();
    const pending = new Map<number, PendingApproval>();
    const answered = new Set<string>();
    let checkScheduled = false;
    let suspended = false;

    // Suspend only while nothing executes: every call is finished, waiting for a person, or
    // not started (a cancelled call that never started simply runs on resume).
    const check = () => {
      checkScheduled = false;
      if (suspended || suspend.signal.aborted || pending.size === 0) return;
      for (const index of started) if (!finished.has(index)) return;
      suspended = true;
      suspend.abort(new Error('the run suspended for approvals'));
    };
    const scheduleCheck = () => {
      if (checkScheduled) return;
      checkScheduled = true;
      setImmediate(check);
    };

    const executor = createExecutor({
      ...executorOptions,
      session: runSession,
      approvals: {
        prompt(request) {
          if (ownKey(answers, request.toolCallId) && !answered.has(request.toolCallId)) {
            answered.add(request.toolCallId);
            return answers[request.toolCallId] as ApprovalResponse;
          }
          scheduleCheck();
          // Waits until the run suspends (the prompt's signal aborts with it).
          return new Promise((resolve) => {
            if (request.signal.aborted) resolve('deny');
            else request.signal.addEventListener('abort', () => resolve('deny'), { once: true });
          });
        },
      },
    });

    const subCalls = indexes.map((index) => calls[index] as SnapshotCall);
    const signal = runOptions.signal ? AbortSignal.any([runOptions.signal, suspend.signal]) : suspend.signal;
    const results = await executor.execute(subCalls, {
      signal,
      onEvent: (event) => {
        const index = indexes[event.index];
        if (event.type === 'tool_start') started.add(event.index);
        else if (event.type === 'tool_result') {
          finished.add(event.index);
          scheduleCheck();
        } else if (event.type === 'tool_approval_request' && index !== undefined) {
          // Recorded for every prompt; the call's result tells below whether it still waits.
          pending.set(event.index, pendingApproval(index, event.request));
        }
        return runOptions.onEvent?.(event);
      },
    });

    const stillPending: PendingApproval[] = [];
    const notStarted: number[] = [];
    results.forEach((result, position) => {
      const index = indexes[position] as number;
      const waiting = pending.get(position);
      if (suspended && result.status === 'cancelled' && waiting !== undefined && !started.has(position)) {
        stillPending.push(waiting);
      } else if (suspended && result.status === 'cancelled' && !started.has(position)) {
        notStarted.push(index);
      } else {
        done.set(index, result);
      }
    });
    if (stillPending.length === 0 && notStarted.length === 0) {
      return { status: 'completed', results: calls.map((_, index) => done.get(index) as ToolResult) };
    }
    // The executor asks one question at a time, so calls queued behind an open prompt were
    // never asked. List the approvals they will need as well, so that one round of answers
    // can finish the turn: each such call is still decided again when resume reaches it, and
    // its answer is used only if it still asks (otherwise it asks again, in a new snapshot).
    for (const entry of await approvalsAhead(calls, notStarted, runSession)) stillPending.push(entry);
    stillPending.sort((left, right) => left.index - right.index);
    const callCounts: Record<string, number> = {};
    for (const call of calls) callCounts[call.name] = runSession.callCount(call.name);
    const snapshot = signRunSnapshot(
      {
        format: 'dexter.run-snapshot',
        version: RUN_SNAPSHOT_VERSION,
        id: crypto.randomUUID(),
        createdAt: new Date().toISOString(),
        keyId,
        calls: calls.map((call) => ({ id: call.id, name: call.name, input: call.input })),
        results: Object.fromEntries(
          [...done].map(([index, result]) => [String(index), toSnapshotResult(result)]),
        ),
        pending: stillPending,
        notStarted,
        callCounts,
      },
      signingKey,
    );
    return {
      status: 'suspended',
      results: calls.map((_, index) => done.get(index)),
      pending: stillPending,
      snapshot,
    };
  }

  return {
    session,
    async execute(calls, runOptions) {
      if (!Array.isArray(calls)) throw new TypeError('execute(calls): calls must be an array');
      const plain = calls.map((call) => ({
        id: String(call?.id),
        name: String(call?.name),
        input: call?.input,
      }));
      // The snapshot must carry the calls as JSON: a call whose input JSON cannot hold is
      // still run, but its input is what JSON keeps.
      const json = JSON.parse(
        JSON.stringify(plain, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
      );
      return phase(
        json,
        new Map(),
        json.map((_: unknown, index: number) => index),
        {},
        runOptions,
      );
    },
    async resume(input, answers, runOptions) {
      const snapshot = verifyRunSnapshot(input, signingKey);
      if (typeof answers !== 'object' || answers === null) {
        throw new TypeError('resume(snapshot, answers): answers must be an object keyed by approvalId');
      }
      if (!(await store.claimResume(snapshot.id))) {
        throw new RunSnapshotError(
          'snapshot_already_resumed',
          `run snapshot ${snapshot.id} was already resumed`,
        );
      }
      const runSession = runOptions?.session ?? session;
      for (const [tool, count] of Object.entries(snapshot.callCounts)) {
        const missing = count - runSession.callCount(tool);
        if (missing > 0) runSession.addCalls(tool, missing);
      }
      const done = new Map<number, ToolResult>();
      for (const [index, kept] of Object.entries(snapshot.results))
        done.set(Number(index), fromSnapshotResult(kept));
      const indexes = [
        ...new Set([...snapshot.pending.map((entry) => entry.index), ...snapshot.notStarted]),
      ].sort((a, b) => a - b);
      return phase(snapshot.calls, done, indexes, answers, runOptions);
    },
  };
}
