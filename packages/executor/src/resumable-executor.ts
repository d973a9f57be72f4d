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
 * call. A snapshot is resumed at most once per `SessionStore` (`claimResume`): by default the
 * ledger is one in-memory store shared by every resumable executor of this process (so
 * executors built per request share it); give every process the same store (e.g.
 * `@dexter/postgres`) to cover them all.
 *
 * Nothing is signed that could fail after a call ran: the calls are turned into what JSON
 * keeps of them before the first one runs (that is what runs, and what an approval shows),
 * results keep their output only when JSON keeps it exactly, and should making the snapshot
 * fail anyway, the calls that did not run get a `cancelled` result saying so and the outcome
 * is `completed` — what ran is always reported.
 */
import { rulesAlwaysWouldSave } from '@dexter/permissions';
import type { ApprovalRequest, ApprovalResponse } from './approval';
import { sessionGrantHolds } from './approval-flow';
import { errorMessage } from './call-fields';
import { createExecutor, type ExecuteOptions, type ExecutorCall } from './executor';
import { type ExecutorOptions, resolveExecutorOptions } from './executor-options';
import { keepJson } from './json-value';
import { makeResult } from './make-result';
import { decidePermission } from './permission-gate';
import {
  checkEncryptionKey,
  fromSnapshotResult,
  openRunSnapshot,
  type PendingApproval,
  type RunSnapshot,
  RunSnapshotError,
  type SigningKey,
  type SnapshotCall,
  signingKeyId,
  signRunSnapshot,
  toSnapshotResult,
} from './run-snapshot';
import { createSession, type ExecutorSession } from './session';
import { processSessionStore, type SessionStore } from './session-store';
import type { ToolResult } from './tool-result';
import { validateInput } from './validate-input';

/** Options of `createResumableExecutor`: the executor's, without a prompter (runs suspend instead). */
export interface ResumableExecutorOptions extends Omit<ExecutorOptions, 'approvals'> {
  /** Signs and checks snapshots (HMAC-SHA256); at least 32 bytes, the same in every process. */
  signingKey: SigningKey;
  /**
   * Seals each snapshot's state with AES-256-GCM (a key of at least 32 bytes, the same in
   * every process; a SHA-256 of it is the AES key): the client holding a snapshot then sees
   * its envelope only (id, session, times), not the calls, inputs and results. Snapshots
   * sealed with it can only be resumed with it.
   */
  encryptionKey?: SigningKey;
  /**
   * Holds the resume ledger. Default: `sessionStore` when given (grants, audit and counters
   * live there too), else one in-memory store shared by every resumable executor of this
   * process (`processSessionStore()`): executors made per request still resume a snapshot at
   * most once in this process — but not across processes, for which give them all one shared
   * store (`createPostgresSessionStore`).
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
   * malformed, foreign, altered, unsupported, sealed-with-another-key or already resumed
   * snapshot, and for one made in another session than the one named here (`options.session`,
   * else the executor's `session` option; with neither, the run resumes in the executor's own
   * session). A pending call without an answer asks again: the outcome is `suspended` once more.
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
    // What JSON keeps of the validated input: exactly what the snapshot carries and runs.
    input: keptOrNull(request.input),
    reason: String(decision.reason),
  };
  if (decision.classification !== undefined) entry.classification = decision.classification;
  // The rules "always" would save (none when an ask rule decided): what the prompt shows.
  const proposed = rulesAlwaysWouldSave(decision).map(String);
  if (proposed.length > 0) {
    entry.proposedRules = proposed;
    entry.proposedRule = proposed[0];
  }
  if (request.subject !== undefined) {
    const subject = keptOrNull(request.subject);
    if (subject !== null) entry.subject = subject;
  }
  return entry;
}

/** What JSON keeps of a value for display, `null` when it cannot be read. */
function keptOrNull(value: unknown): unknown {
  try {
    return keepJson(value).value ?? null;
  } catch {
    return null;
  }
}

/**
 * A call as the run will see it and the snapshot carry it: its id and name as text and what
 * JSON keeps of its input (a cycle's back-reference and functions dropped, BigInt as text —
 * decision 0018). An input that cannot be read or is too large gets `inputError`, so the run
 * answers `invalid_input` for it. Computed before any call runs.
 */
function plainCall(call: unknown): SnapshotCall & { inputError?: unknown } {
  let id: unknown;
  let name: unknown;
  let input: unknown;
  try {
    const record = call as { id?: unknown; name?: unknown; input?: unknown };
    id = record?.id;
    name = record?.name;
    input = record?.input;
  } catch (error) {
    return { id: '', name: '', input: undefined, inputError: error };
  }
  const plain: SnapshotCall & { inputError?: unknown } = {
    id: typeof id === 'string' ? id : id === undefined ? '' : keptText(id),
    name: typeof name === 'string' ? name : '',
    input: undefined,
  };
  try {
    const kept = keepJson(input).value;
    if (kept !== undefined) plain.input = kept;
  } catch (error) {
    plain.inputError = new Error(`the input could not be kept as JSON (${errorMessage(error)})`);
  }
  return plain;
}

function keptText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '';
  }
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
  const { signingKey, encryptionKey, store: givenStore, ...executorOptions } = options;
  signingKeyId(signingKey); // a short key throws here, at construction
  if (encryptionKey !== undefined) checkEncryptionKey(encryptionKey);
  const store = givenStore ?? executorOptions.sessionStore ?? processSessionStore();
  const namedSession = executorOptions.session;
  const session = namedSession ?? createSession();
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
    try {
      // The executor asks one question at a time, so calls queued behind an open prompt were
      // never asked. List the approvals they will need as well, so that one round of answers
      // can finish the turn: each such call is still decided again when resume reaches it, and
      // its answer is used only if it still asks (otherwise it asks again, in a new snapshot).
      for (const entry of await approvalsAhead(calls, notStarted, runSession)) stillPending.push(entry);
      stillPending.sort((left, right) => left.index - right.index);
      const callCounts: Record<string, number> = {};
      for (const call of calls) callCounts[call.name] = runSession.callCount(call.name);
      const snapshot = signRunSnapshot(
        { id: crypto.randomUUID(), createdAt: new Date().toISOString(), sessionId: runSession.id },
        {
          calls: calls.map((call) => ({ id: call.id, name: call.name, input: call.input })),
          results: Object.fromEntries(
            [...done].map(([index, result]) => [String(index), toSnapshotResult(result)]),
          ),
          pending: stillPending,
          notStarted,
          callCounts,
        },
        signingKey,
        encryptionKey,
      );
      return {
        status: 'suspended',
        results: calls.map((_, index) => done.get(index)),
        pending: stillPending,
        snapshot,
      };
    } catch (error) {
      // Calls may have run: never throw now. Report them, and say why the rest did not run.
      const why = `The run could not suspend for approval (${errorMessage(error)}); this call did not run.`;
      return {
        status: 'completed',
        results: calls.map(
          (call, index) =>
            done.get(index) ??
            makeResult({
              toolCallId: call.id,
              name: call.name,
              status: 'cancelled',
              error: { message: why, cause: error },
            }),
        ),
      };
    }
  }

  return {
    session,
    async execute(calls, runOptions) {
      if (!Array.isArray(calls)) throw new TypeError('execute(calls): calls must be an array');
      // Before anything runs: what JSON keeps of every call is what runs and what is signed.
      const plain = Array.from(calls, plainCall);
      return phase(
        plain,
        new Map(),
        plain.map((_, index) => index),
        {},
        runOptions,
      );
    },
    async resume(input, answers, runOptions) {
      const { snapshot, state } = openRunSnapshot(
        input,
        signingKey,
        encryptionKey === undefined ? {} : { encryptionKey },
      );
      if (typeof answers !== 'object' || answers === null) {
        throw new TypeError('resume(snapshot, answers): answers must be an object keyed by approvalId');
      }
      const runSession = runOptions?.session ?? session;
      const named = runOptions?.session ?? namedSession;
      if (named !== undefined && named.id !== snapshot.sessionId) {
        throw new RunSnapshotError(
          'snapshot_wrong_session',
          `run snapshot ${snapshot.id} belongs to another session; resume it in the session it was made in`,
        );
      }
      if (!(await store.claimResume(snapshot.id))) {
        throw new RunSnapshotError(
          'snapshot_already_resumed',
          `run snapshot ${snapshot.id} was already resumed`,
        );
      }
      for (const [tool, count] of Object.entries(state.callCounts)) {
        const missing = count - runSession.callCount(tool);
        if (missing > 0) runSession.addCalls(tool, missing);
      }
      const done = new Map<number, ToolResult>();
      for (const [index, kept] of Object.entries(state.results))
        done.set(Number(index), fromSnapshotResult(kept));
      const indexes = [...new Set([...state.pending.map((entry) => entry.index), ...state.notStarted])].sort(
        (a, b) => a - b,
      );
      return phase(state.calls, done, indexes, answers, runOptions);
    },
  };
}
