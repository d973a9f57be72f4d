/**
 * `Run`: one `execute`/`stream` call — the calls of one model turn, from gates to results.
 *
 * Order of work: calls are partitioned into batches (see `partition.ts`); batches run one
 * after another. Inside a batch, each call passes its gates in call order — shape and JSON
 * check, tool lookup, zod validation, `oncePerRun`, permission decision, approval, soft
 * limits — and then starts executing while the next call is gated, up to `maxConcurrency`
 * in flight. Gating in call order makes approvals appear in order (and one at a time) and
 * makes soft-limit counting deterministic within a batch.
 *
 * Exactly one result per call: `finalize` ignores a second result for the same index, and
 * if the run itself fails (a bug), every call still without a result gets an `error` one.
 */
import type { AnyTool, PermissionSubject, ProgressUpdate } from '@dexter/registry';
import { type ApprovalHost, askForApproval, type PendingApproval } from './approval-flow';
import { type CallFields, clip, errorMessage, readCallFields } from './call-fields';
import type {
  DenialSource,
  EventFields,
  ExecutorEvent,
  ToolDeniedEvent,
  ToolEndEvent,
  ToolLimitEvent,
  ToolProgressEvent,
  ToolStartEvent,
} from './events';
import type { ExecutorConfig } from './executor-options';
import { makeResult, type ResultFields } from './make-result';
import { outcomeResult } from './outcome-result';
import { partitionCalls } from './partition';
import { type Decided, decidePermission, type PermissionGateParams } from './permission-gate';
import type { PermissionDecider, PermissionDecision } from './permission-port';
import { ToolExecution, type ToolOutcome } from './run-tool';
import { type SandboxAutoAllowRequest, sandboxAllows } from './sandbox-auto-allow';
import type { ExecutorSession } from './session';
import { canonicalJson } from './similarity';
import { checkSoftLimits, type SoftLimitHit, softLimitsApply } from './soft-limits';
import type { InputIssue, ToolResult } from './tool-result';
import { validateInput } from './validate-input';

/** Where a run's events go (a stream's queue, or the host's `onEvent`). */
export interface EventSink {
  emit(event: ExecutorEvent): void;
  /** Progress of the call at `index`; a sink may coalesce these. */
  progress(index: number, event: ToolProgressEvent): void;
}

/** What a run needs. */
export interface RunParams {
  config: ExecutorConfig;
  /** The calls as given (each read once by the run; anything may be in here). */
  calls: readonly unknown[];
  session: ExecutorSession;
  signal: AbortSignal | undefined;
  sink: EventSink | undefined;
  runId: string;
}

interface PreparedCall {
  index: number;
  id: string;
  tool: AnyTool;
  input: unknown;
  notes: readonly string[];
}

const NO_NOTES: readonly string[] = Object.freeze([]);

/** A gate's answer: the call ready to run, `undefined` when it already has its result. */
type Gated = PreparedCall | undefined | Promise<PreparedCall | undefined>;

/** One run of the executor. */
export class Run {
  private readonly results: Array<ToolResult | undefined>;
  /** Each call's fields, read once (getters run once; nothing here throws later). */
  private readonly fields: CallFields[];
  private nextToEmit = 0;
  /** True while `finalize` is emitting `tool_result` events (a callback may finalize more). */
  private emittingResults = false;
  /**
   * Whether the run was aborted, and why: the source of truth. The `AbortSignal` exists only
   * once something reads `signal` (a decider or prompter that waits, an approval); most runs
   * never need one, and making one per run was a large share of a small call's cost.
   */
  private aborted = false;
  private abortReason: unknown;
  private controller: AbortController | undefined;
  private interruption: string | undefined;
  /** `oncePerRun` key → id of the call that ran (made for the first such tool). */
  private ranOnce: Map<string, string> | undefined;

  /** The run as the approval step sees it; made on the first approval. */
  private host: ApprovalHost | undefined;
  /** Executions in flight (made for the first); the run's abort cancels them all. */
  private running: Set<ToolExecution> | undefined;
  /** Each call's permission decision, for its `tool_start` / `tool_denied` event (runs with a sink). */
  private decisions: Array<PermissionDecision | undefined> | undefined;

  /** Call ids given to more than one call of the run (made only when there is one). */
  private readonly duplicateIds: ReadonlySet<string> | undefined;

  constructor(readonly params: RunParams) {
    this.results = new Array(params.calls.length).fill(undefined);
    this.fields = params.calls.map(readCallFields);
    this.duplicateIds = findDuplicateIds(this.fields);
  }

  /** The run's own signal: aborted by the host's signal or by `abort`. Made on first read. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      if (this.aborted) controller.abort(this.abortReason);
      // The first listener, so running calls are cancelled before anyone else hears the abort.
      else controller.signal.addEventListener('abort', () => this.cancelRunning(), { once: true });
    }
    return this.controller.signal;
  }

  /** Cancels pending calls and aborts running ones. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    // What `AbortController.abort()` gives a signal aborted without a reason.
    this.abortReason =
      reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    if (this.controller === undefined) this.cancelRunning();
    else this.controller.abort(this.abortReason);
  }

  private cancelRunning(): void {
    if (this.running === undefined || this.running.size === 0) return;
    for (const execution of [...this.running]) execution.cancel(this.abortReason);
  }

  /** Runs every call; resolves with one result per call, in call order. Never rejects. */
  async start(): Promise<ToolResult[]> {
    const external = this.params.signal;
    let onExternalAbort: (() => void) | undefined;
    if (external !== undefined) {
      if (external.aborted) this.abort(external.reason);
      else {
        onExternalAbort = () => this.abort(external.reason);
        external.addEventListener('abort', onExternalAbort, { once: true });
      }
    }
    try {
      const { config } = this.params;
      const batches = partitionCalls(this.fields, (fields) => {
        const tool = config.lookup(fields.name);
        // A call that cannot run (unknown tool) touches nothing, so it may share a batch.
        return tool === undefined || tool.concurrencySafe || this.safeForInput(tool, fields);
      });
      for (let batch = 0; batch < batches.length; batch += 1) {
        const { indices, parallel } = batches[batch]!;
        await this.runBatch(indices, batch, parallel ? config.maxConcurrency : 1);
      }
    } catch (error) {
      this.failRemaining(error);
    } finally {
      if (onExternalAbort !== undefined) external?.removeEventListener('abort', onExternalAbort);
    }
    // Made only when needed: an Error captures a stack, which cost more than the rest of a small run.
    if (this.results.includes(undefined)) {
      this.failRemaining(new Error('the run ended without a result for this call'));
    }
    return this.results as ToolResult[];
  }

  /** Runs one batch (see `Batch`); resolves once every call of it has its result. */
  private runBatch(indices: readonly number[], batch: number, cap: number): Promise<void> {
    return new Promise<void>((resolve) => new Batch(this, indices, batch, cap, resolve).pump());
  }

  // ---- gates -------------------------------------------------------------------------

  /** `gate`, with a bug in it turned into that call's `error` result instead of a stuck batch. */
  safeGate(index: number): Gated {
    try {
      const gated = this.gate(index);
      if (gated instanceof Promise) {
        return gated.catch((error: unknown) => {
          this.failOne(index, error);
          return undefined;
        });
      }
      return gated;
    } catch (error) {
      this.failOne(index, error);
      return undefined;
    }
  }

  /**
   * Checks a call in order: shape and JSON, tool, zod schema, `oncePerRun`, permission,
   * approval, soft limits. Returns the call ready to run, or `undefined` when it already
   * has its result. Synchronous unless a decider or prompter is asynchronous.
   */
  private gate(index: number): Gated {
    if (this.cancelIfStopped(index)) return undefined;
    const fields = this.fields[index]!;
    const { id, name } = fields;
    if (fields.malformed || name === '') {
      this.fail(index, {
        toolCallId: id,
        name,
        status: 'invalid_input',
        error: { message: 'The tool call is malformed: expected { id, name, input } with a tool name.' },
      });
      return undefined;
    }
    if (this.duplicateIds?.has(id)) {
      // An approval, an answer keyed by call id, a durable step and a result are all bound
      // to the id: two calls sharing one could have a person approve one and run the other.
      // Every call with the shared id is refused, none runs.
      this.fail(index, {
        toolCallId: id,
        name,
        status: 'invalid_input',
        error: {
          message: `The tool call id "${clip(id, 200)}" is used by more than one call of this turn; none of them ran. Give every call its own id.`,
          issues: [{ path: ['id'], code: 'duplicate_call_id', message: 'duplicate tool call id' }],
        },
      });
      return undefined;
    }
    const { input: rawInput, inputError } = fields;
    if (inputError !== undefined) {
      const issues: InputIssue[] = [{ path: [], code: 'invalid_json', message: errorMessage(inputError) }];
      this.fail(index, {
        toolCallId: id,
        name,
        status: 'invalid_input',
        error: {
          message: `The arguments for ${name} are not valid JSON. Send one JSON object that matches the tool's schema.`,
          issues,
        },
      });
      return undefined;
    }
    const tool = this.params.config.lookup(name);
    if (tool === undefined) {
      const available = this.params.config.tools.map((each) => each.name).join(', ') || '(none)';
      this.fail(index, {
        toolCallId: id,
        name,
        status: 'unknown_tool',
        error: { message: `There is no tool named "${name}". Available tools: ${available}.` },
      });
      return undefined;
    }
    const validation = validateInput(tool, rawInput);
    if (validation.kind === 'threw') {
      // A refinement or transform in the tool's own schema threw: the tool's bug, not the model's.
      this.finalize(
        index,
        makeResult({
          toolCallId: id,
          name,
          status: 'error',
          error: {
            message: `${name} failed while validating its input: ${errorMessage(validation.error)}`,
            cause: validation.error,
          },
        }),
      );
      return undefined;
    }
    if (validation.kind === 'invalid') {
      this.fail(index, {
        toolCallId: id,
        name,
        status: 'invalid_input',
        error: {
          message: `Invalid input for ${name}. Fix these problems and call it again:`,
          issues: validation.issues,
          cause: validation.cause,
        },
      });
      return undefined;
    }
    const input = validation.data;
    if (tool.oncePerRun) {
      const first = this.ranOnce?.get(this.onceKey(tool, input));
      if (first !== undefined) {
        this.finalize(
          index,
          makeResult({
            toolCallId: id,
            name,
            status: 'ok',
            duplicateOf: first,
            summary: `Skipped as a duplicate: ${name} runs at most once per turn and already ran with this input (call ${first}). Use that result.`,
          }),
        );
        return undefined;
      }
    }
    const decided = this.decide(tool, input);
    if (decided instanceof Promise) {
      return decided.then((value) => this.afterDecision(index, id, tool, input, value));
    }
    return this.afterDecision(index, id, tool, input, decided);
  }

  private afterDecision(index: number, id: string, tool: AnyTool, input: unknown, decided: Decided): Gated {
    if (decided === 'aborted') return this.cancelWaiting(index, id, tool.name, 'for its permission decision');
    if (typeof decided === 'string') {
      return this.deny(index, id, tool.name, `the permission check failed (${decided})`, 'decider_failed');
    }
    const { decision } = decided;
    if (this.params.sink !== undefined) (this.decisions ??= [])[index] = decision;
    if (decision.behavior === 'allow') return this.admit(index, id, tool, input, NO_NOTES, decided.subject);
    if (decision.behavior === 'deny') {
      return this.deny(index, id, tool.name, decision.reason || 'denied by policy', 'policy');
    }
    const pending = { index, id, tool, input, decision, subject: decided.subject };
    const sandbox = this.params.config.sandboxAutoAllow;
    // Only an ask no rule decided may become a sandboxed run: an ask rule keeps its prompt.
    if (sandbox !== undefined && decision.matchedRule === undefined) {
      const request: SandboxAutoAllowRequest = { toolCallId: id, tool: tool.name, input, decision };
      if (decided.subject !== undefined) request.subject = decided.subject;
      return sandboxAllows(sandbox, request).then((allowed) => {
        if (!allowed) return this.ask(pending);
        if (this.cancelIfStopped(index)) return undefined;
        this.emit(index, id, {
          type: 'tool_approval',
          name: tool.name,
          source: 'sandbox',
          response: { decision: 'allow-once' },
        });
        return this.admit(index, id, tool, input, NO_NOTES, decided.subject);
      });
    }
    return this.ask(pending);
  }

  private ask(pending: PendingApproval): Promise<PreparedCall | undefined> {
    const { index, id, tool } = pending;
    return askForApproval(this.approvalHost(), pending).then((authorization) =>
      authorization === undefined
        ? undefined
        : this.admit(index, id, tool, authorization.input, authorization.notes, pending.subject),
    );
  }

  /** The last gate: soft limits (notes + events) and the `oncePerRun` record. */
  private admit(
    index: number,
    id: string,
    tool: AnyTool,
    input: unknown,
    notes: readonly string[],
    subject: PermissionSubject | undefined,
  ): PreparedCall | undefined {
    if (this.cancelIfStopped(index)) return undefined;
    const name = tool.name;
    const { softLimits } = this.params.config;
    if (softLimits !== undefined && softLimitsApply(softLimits, tool, subject)) {
      const { session, sink } = this.params;
      const onHit =
        sink === undefined
          ? undefined
          : (hit: SoftLimitHit) => {
              const event: EventFields<ToolLimitEvent> = {
                type: 'tool_limit',
                name,
                kind: hit.kind,
                note: hit.note,
                count: hit.count,
              };
              if (hit.limit !== undefined) event.limit = hit.limit;
              if (hit.similarTo !== undefined) event.similarTo = hit.similarTo;
              this.emit(index, id, event);
            };
      notes = checkSoftLimits(softLimits, session, tool, id, input, notes, onHit, subject);
    }
    if (tool.oncePerRun) (this.ranOnce ??= new Map()).set(this.onceKey(tool, input), id);
    return { index, id, tool, input, notes };
  }

  private approvalHost(): ApprovalHost {
    if (this.host === undefined) {
      const run = this;
      this.host = {
        session: this.params.session,
        config: this.params.config,
        get signal() {
          return run.signal;
        },
        emit: (index, id, fields) => this.emit(index, id, fields),
        deny: (index, id, name, reason, deniedBy, interrupt) =>
          this.deny(index, id, name, reason, deniedBy, interrupt),
        fail: (index, fields) => this.fail(index, fields),
        cancelWaiting: (index, id, name, what) => this.cancelWaiting(index, id, name, what),
        interrupt: (message) => {
          this.interruption ??= message;
        },
        hasResult: (index) => this.results[index] !== undefined,
      };
    }
    return this.host;
  }

  private onceKey(tool: AnyTool, input: unknown): string {
    return `${tool.name}\u0000${canonicalJson(input)}`;
  }

  /** The permission decision: synchronous unless the decider answers with a promise. */
  /**
   * Whether this call, by its input, may join a parallel batch: the tool's own test when it
   * declared one; else, for a shell subject, the permission engine's word — a command it
   * classifies read-only and allows without a prompt (`git status`, `ls`, `rg`). Anything
   * else, a test that throws, an input that does not validate or a decider that answers
   * later runs alone, as before.
   */
  private safeForInput(tool: AnyTool, fields: CallFields): boolean {
    if (fields.malformed || fields.inputError !== undefined) return false;
    if (tool.concurrencySafeFor === undefined && tool.permissionSubject === undefined) return false;
    try {
      const parsed = tool.inputSchema.safeParse(fields.input);
      if (!parsed.success) return false;
      if (tool.concurrencySafeFor !== undefined) return tool.concurrencySafeFor(parsed.data) === true;
      if (tool.permissionSubject?.(parsed.data)?.kind !== 'shell') return false;
      const decided = this.decide(tool, parsed.data);
      if (decided instanceof Promise) {
        decided.catch(() => undefined); // decided again, in its gate
        return false;
      }
      if (typeof decided === 'string') return false;
      return decided.decision.behavior === 'allow' && decided.decision.classification === 'read-only';
    } catch {
      return false;
    }
  }

  private decide(tool: AnyTool, input: unknown): Decided | Promise<Decided> {
    return decidePermission(new GateRequest(this, tool, input));
  }

  // ---- execution -----------------------------------------------------------------------

  /** Starts the tool; `batch.done` gets its result once (after `tool_end` / `tool_error`). */
  startExecution(prepared: PreparedCall, batch: Batch): void {
    const { index, id, tool, input } = prepared;
    const { clock } = this.params.config;
    const { sink, runId } = this.params;
    const name = tool.name;
    const onProgress =
      sink === undefined
        ? undefined
        : (update: ProgressUpdate) => {
            const event: ToolProgressEvent = {
              type: 'tool_progress',
              toolCallId: id,
              index,
              runId,
              sequence: 0,
              name,
              message: update.message,
              dropped: 0,
            };
            if (update.percent !== undefined) event.percent = update.percent;
            sink.progress(index, event);
          };
    const started = clock.now();
    const execution = new ToolExecution({
      tool,
      input,
      toolCallId: id,
      timeoutMs: this.params.config.timeoutFor(tool),
      clock,
      onProgress,
      onSettle: this.settleHandler(prepared, started, batch),
    });
    // In flight before `tool_start` is emitted, so an abort from inside that event reaches
    // it: the execution is cancelled and `start` then never invokes the tool.
    (this.running ??= new Set()).add(execution);
    if (sink !== undefined) {
      const event: EventFields<ToolStartEvent> = { type: 'tool_start', name, input, batch: batch.number };
      const decision = this.decisions?.[index];
      if (decision !== undefined) event.decision = decision;
      this.emit(index, id, event);
    }
    execution.start();
  }

  /**
   * The `onSettle` of one execution. Made by a method so the closure has no inferred name:
   * under tsx (esbuild keepNames) a named per-call closure costs a `__name` call each.
   */
  private settleHandler(
    prepared: PreparedCall,
    started: number,
    batch: Batch,
  ): (outcome: ToolOutcome, execution: ToolExecution) => void {
    return (outcome, execution) => {
      this.running?.delete(execution);
      const { index, id } = prepared;
      const result = this.safeOutcomeResult(prepared, outcome, started);
      if (this.params.sink !== undefined) this.emitEnd(index, id, result);
      batch.done(index, result);
    };
  }

  /** `outcomeResult`, with a failure to build it (a bug, a broken clock) turned into an `error` result. */
  private safeOutcomeResult(prepared: PreparedCall, outcome: ToolOutcome, started: number): ToolResult {
    const { id, tool, notes } = prepared;
    try {
      const { clock } = this.params.config;
      const elapsed = clock.now() - started;
      return outcomeResult(id, tool, notes, outcome, Math.max(0, elapsed));
    } catch (error) {
      return makeResult({
        toolCallId: id,
        name: tool.name,
        status: 'error',
        error: { message: `${tool.name}'s result could not be built: ${errorMessage(error)}`, cause: error },
      });
    }
  }

  private emitEnd(index: number, id: string, result: ToolResult): void {
    const name = result.name;
    const event: EventFields<ToolEndEvent> = {
      type: 'tool_end',
      name,
      status: result.status,
      durationMs: result.durationMs,
    };
    if (result.output !== undefined) event.output = result.output;
    this.emit(index, id, event);
    if ((result.status === 'error' || result.status === 'timeout') && result.error) {
      this.emit(index, id, { type: 'tool_error', name, status: result.status, error: result.error });
    }
  }

  // ---- outcomes ------------------------------------------------------------------------

  private stopReason(): string | undefined {
    if (this.aborted) return 'The run was cancelled before this call started.';
    return this.interruption;
  }

  cancelIfStopped(index: number): boolean {
    const reason = this.stopReason();
    if (reason === undefined) return false;
    const { id, name } = this.fields[index]!;
    this.finalize(
      index,
      makeResult({
        toolCallId: id,
        name,
        status: 'cancelled',
        error: { message: reason },
      }),
    );
    return true;
  }

  private cancelWaiting(index: number, id: string, name: string, what: string): undefined {
    this.finalize(
      index,
      makeResult({
        toolCallId: id,
        name,
        status: 'cancelled',
        error: { message: `The run was cancelled while ${name} was waiting ${what}; it did not run.` },
      }),
    );
    return undefined;
  }

  private deny(
    index: number,
    id: string,
    name: string,
    reason: string,
    deniedBy: DenialSource,
    interrupt = false,
  ): undefined {
    const message = `Permission denied: ${reason}`;
    const event: EventFields<ToolDeniedEvent> = { type: 'tool_denied', name, reason, deniedBy, interrupt };
    const decision = this.decisions?.[index];
    if (decision !== undefined) event.decision = decision;
    this.emit(index, id, event);
    this.finalize(index, makeResult({ toolCallId: id, name, status: 'denied', error: { message } }));
    return undefined;
  }

  /** Finalizes a call that never ran for a reason the model caused (unknown tool, bad input). */
  private fail(index: number, fields: ResultFields): void {
    const result = makeResult(fields);
    if ((result.status === 'invalid_input' || result.status === 'unknown_tool') && result.error) {
      this.emit(index, result.toolCallId, {
        type: 'tool_error',
        name: result.name,
        status: result.status,
        error: result.error,
      });
    }
    this.finalize(index, result);
  }

  private failRemaining(error: unknown): void {
    this.results.forEach((result, index) => {
      if (result === undefined) this.failOne(index, error);
    });
  }

  private failOne(index: number, error: unknown): void {
    const { id, name } = this.fields[index]!;
    this.finalize(
      index,
      makeResult({
        toolCallId: id,
        name,
        status: 'error',
        error: { message: `Internal executor error: ${errorMessage(error)}`, cause: error },
      }),
    );
  }

  /**
   * Records the one result of a call and emits `tool_result` events in call order. Safe
   * under re-entrancy: a callback that sees a `tool_result` may abort the run, which
   * finalizes other calls from inside this loop; those are recorded and the outer loop emits
   * them, each once, in order (the cursor moves before the event goes out).
   */
  finalize(index: number, result: ToolResult): void {
    if (this.results[index] !== undefined) return;
    this.results[index] = result;
    if (this.params.sink === undefined || this.emittingResults) return;
    this.emittingResults = true;
    try {
      while (this.nextToEmit < this.results.length) {
        const position = this.nextToEmit;
        const ready = this.results[position];
        if (ready === undefined) break;
        this.nextToEmit = position + 1;
        this.emit(position, ready.toolCallId, { type: 'tool_result', result: ready });
      }
    } finally {
      this.emittingResults = false;
    }
  }

  private emit(index: number, toolCallId: string, fields: EventFields): void {
    const { sink, runId } = this.params;
    if (sink === undefined) return;
    sink.emit({ ...fields, toolCallId, index, runId, sequence: 0 } as ExecutorEvent);
  }
}

/** Ids that more than one well-formed call carries; `undefined` when every id is unique. */
function findDuplicateIds(fields: readonly CallFields[]): Set<string> | undefined {
  if (fields.length < 2) return undefined;
  const seen = new Set<string>();
  let duplicates: Set<string> | undefined;
  for (const { id, malformed } of fields) {
    if (malformed) continue;
    if (seen.has(id)) (duplicates ??= new Set()).add(id);
    else seen.add(id);
  }
  return duplicates;
}

/**
 * One batch as a pump: gate the next call (in call order) whenever a slot is free, start
 * it, and resolve once every call of the batch has its result. No promise is made per call
 * on the synchronous path (no permission engine, or a synchronous one). Re-entrant: a
 * callback may finish a call (or the whole run) from inside `pump`; the outer loop then
 * goes round again instead of nesting.
 */
class Batch {
  private next = 0;
  private inFlight = 0;
  private waitingOnGate = false;
  private pumping = false;
  private again = false;
  private finished = false;

  constructor(
    private readonly run: Run,
    private readonly indices: readonly number[],
    readonly number: number,
    private readonly cap: number,
    private readonly resolve: () => void,
  ) {}

  pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        while (!this.waitingOnGate && this.next < this.indices.length && this.inFlight < this.cap) {
          const gated = this.run.safeGate(this.indices[this.next++]!);
          if (gated instanceof Promise) {
            this.waitingOnGate = true;
            gated.then((prepared) => {
              this.waitingOnGate = false;
              if (prepared !== undefined) this.launch(prepared);
              this.pump();
            });
          } else if (gated !== undefined) {
            this.launch(gated);
          }
        }
      } while (this.again);
    } finally {
      this.pumping = false;
    }
    if (!this.finished && !this.waitingOnGate && this.next >= this.indices.length && this.inFlight === 0) {
      this.finished = true;
      this.resolve();
    }
  }

  /** The result of a call this batch launched: recorded, its slot freed, the pump moved on. */
  done(index: number, result: ToolResult): void {
    this.run.finalize(index, result);
    this.inFlight -= 1;
    this.pump();
  }

  private launch(prepared: PreparedCall): void {
    if (this.run.cancelIfStopped(prepared.index)) return;
    // Counted before it starts: an abort from inside `tool_start` settles it at once.
    this.inFlight += 1;
    this.run.startExecution(prepared, this);
  }
}

/**
 * What the permission gate gets for one call. Its `signal` is the run's, read only when a
 * decider answers with a promise (the wait gives up on abort), so a run whose decisions are
 * synchronous never makes one. A class: a getter in an object literal is slow to create.
 */
class GateRequest implements PermissionGateParams {
  readonly permissions: PermissionDecider | undefined;
  readonly cwd: string | undefined;
  constructor(
    private readonly run: Run,
    readonly tool: AnyTool,
    readonly input: unknown,
  ) {
    const { config } = run.params;
    this.permissions = config.permissions;
    this.cwd = config.cwd;
  }
  get signal(): AbortSignal {
    return this.run.signal;
  }
}
