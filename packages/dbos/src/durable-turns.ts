/**
 * `registerDurableTurns`: one model turn's tool calls as a DBOS workflow. The executor runs
 * inside the workflow unchanged (ordering, permissions, approvals, one result per call); what
 * changes is underneath it:
 * - each tool body runs as a checkpointed DBOS step, so a re-executed workflow (recovery
 *   after a crash, in any process) gets a completed call's recorded output instead of
 *   running it again;
 * - the approval prompter publishes the request as a workflow event and waits with
 *   `DBOS.recv` (durable, with a timeout that survives restarts); any process answers with
 *   `answerApproval`, which is `DBOS.send` under the hood.
 * A `StepOrder` keeps the durable operations in a deterministic order (see step-order.ts).
 */
import { DBOS, type DBOSClient } from '@dbos-inc/dbos-sdk';
import {
  type ApprovalAnswer,
  type ApprovalPrompter,
  type ApprovalResponse,
  createExecutor,
  type ExecutorOptions,
  normalizeApprovalResponse,
  type SessionStore,
  safeStringify,
  type ToolResult,
} from '@dexter/executor';
import type { AnyTool, ToolCall } from '@dexter/registry';
import { trackStep } from './drain';
import { DurableTurnError } from './errors';
import { StepOrder } from './step-order';

/** The workflow event holding the approval a turn waits for (or null). */
export const PENDING_EVENT = 'dexter.pending';

/** What a UI shows for an approval a turn waits for. */
export interface PendingApproval {
  /** Pass it to `answerApproval`. */
  approvalId: string;
  turnId: string;
  toolCallId: string;
  tool: string;
  input: unknown;
  reason: string;
  classification?: string;
  proposedRule?: string;
}

/** A tool result as a durable turn returns it: JSON only (an error's `cause` is dropped). */
export type DurableToolResult = Omit<ToolResult, 'error'> & {
  error?: Omit<NonNullable<ToolResult['error']>, 'cause'>;
};

/** Where a turn is. */
export interface TurnState {
  turnId: string;
  /** `suspended`: waiting for an approval; `running`: working; `failed`: the workflow itself failed. */
  status: 'running' | 'suspended' | 'completed' | 'failed';
  /** The approval it waits for (at most one: the executor asks one question at a time). */
  pending: PendingApproval[];
  /** All results when completed; the results before the pending call when suspended. */
  results: DurableToolResult[];
}

/** Options of `registerDurableTurns`. */
export interface DurableTurnsOptions {
  /** The tools calls may name; their bodies become DBOS steps. */
  tools: readonly AnyTool[];
  /** The rest of the executor's options (permissions, maxConcurrency, timeoutMs, softLimits, cwd). */
  executor?: Omit<ExecutorOptions, 'tools' | 'registry' | 'approvals' | 'session'>;
  /** How long an approval waits before it counts as a deny. Default one day. */
  approvalTimeoutSeconds?: number;
  /** The workflow's registered name; every process of the app must use the same. Default `dexter.turn`. */
  name?: string;
  /**
   * Shared session state (e.g. `createPostgresSessionStore`). For turns started with a
   * `sessionId`: an unexpired `allow-session` grant answers a prompt without asking, an
   * `allow-session`/`allow-always` answer records a grant (for `grantTtlMs`), and every answer
   * goes to the audit trail. Each store call is a checkpointed step; an audit row carries the
   * step's idempotency key, so a step re-run after a crash writes no second row.
   */
  sessions?: SessionStore;
  /** How long an `allow-session` grant made in a durable turn holds. Default 8 hours. */
  grantTtlMs?: number;
}

/** Reads turns and answers approvals, from a launched DBOS (default) or a `DBOSClient`. */
export interface TurnAccess {
  /** Use this client instead of the launched `DBOS` (a process that does not run workflows). */
  client?: DBOSClient;
}

/** What `answerApproval` sends: the answer and who gave it (for the audit trail). */
interface AnswerMessage {
  answer: unknown;
  actor?: string;
}

/** Durable turns, registered with DBOS. */
export interface DurableTurns {
  readonly name: string;
  /**
   * Starts a turn (DBOS must be launched); resolves with its id once it is recorded. With a
   * `sessionId`, the turn reads and writes that session's grants and audit in `sessions`.
   */
  start(calls: readonly ToolCall[], options?: { turnId?: string; sessionId?: string }): Promise<string>;
  /** Waits until the turn is suspended on an approval (other than `after`) or done. */
  settle(turnId: string, options?: SettleOptions): Promise<TurnState>;
  /**
   * Waits for the turn's results (one per call, in call order), however long its approvals
   * take. A turn started by this process is awaited directly; another's is polled every 50 ms.
   */
  result(turnId: string): Promise<DurableToolResult[]>;
}

/** Options of `settle`. */
export interface SettleOptions extends TurnAccess {
  /** Keep waiting while this approval is still the pending one (it was just answered). */
  after?: string;
  /** Give up after this long and return the state as it is. Default 60 s. */
  timeoutMs?: number;
  /** Polling interval. Default 50 ms. */
  intervalMs?: number;
}

const APPROVAL_SEPARATOR = '~';

function approvalTopic(index: number): string {
  return `dexter.approval.${index}`;
}

/** The workflow event holding the answer the turn took for call `index`. */
function answerEvent(index: number): string {
  return `dexter.answer.${index}`;
}

/** What a turn records of the answer it took: enough to tell a repeat from a different answer. */
interface TakenAnswer {
  decision: string;
  updatedInput?: unknown;
  interrupt?: boolean;
}

function takenAnswer(answer: ApprovalAnswer): TakenAnswer {
  const taken: TakenAnswer = { decision: answer.decision };
  if (answer.updatedInput !== undefined)
    taken.updatedInput = JSON.parse(safeStringify(answer.updatedInput) ?? 'null');
  if (answer.interrupt === true) taken.interrupt = true;
  return taken;
}

function sameAnswer(a: TakenAnswer, b: TakenAnswer): boolean {
  return safeStringify(a) === safeStringify(b);
}

/** Ids come from URLs and request bodies: control characters never name a turn (Postgres refuses NUL). */
function plausibleId(id: string): boolean {
  return id !== '' && id.length <= 1000 && !/[\u0000-\u001f\u007f]/.test(id);
}

/** The context a tool body gets inside its step: the executor's, plus the step's idempotency key. */
function withIdempotencyKey(
  context: Parameters<AnyTool['execute']>[1],
  idempotencyKey: string,
): Parameters<AnyTool['execute']>[1] {
  return new Proxy(context, {
    get(target, property) {
      if (property === 'idempotencyKey') return idempotencyKey;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (target, property) => property === 'idempotencyKey' || Reflect.has(target, property),
  });
}

/** Parses `<turnId>~<call index>`. */
function parseApprovalId(approvalId: unknown): { turnId: string; index: number } {
  if (typeof approvalId === 'string') {
    const at = approvalId.lastIndexOf(APPROVAL_SEPARATOR);
    const index = Number(approvalId.slice(at + 1));
    if (
      at > 0 &&
      plausibleId(approvalId) &&
      /^\d+$/.test(approvalId.slice(at + 1)) &&
      Number.isSafeInteger(index)
    ) {
      return { turnId: approvalId.slice(0, at), index };
    }
  }
  throw new DurableTurnError(
    'approval_not_pending',
    `not an approval id: ${String(approvalId).slice(0, 100)}`,
  );
}

function checkCalls(calls: unknown): asserts calls is ToolCall[] {
  if (!Array.isArray(calls)) {
    throw new DurableTurnError(
      'invalid_calls',
      'start(calls) expects an array of tool calls ({ id, name, input })',
    );
  }
  const seen = new Set<string>();
  calls.forEach((call, index) => {
    const id = (call as { id?: unknown } | null)?.id;
    if (typeof id !== 'string' || id === '') {
      throw new DurableTurnError(
        'invalid_calls',
        `calls[${index}] has no id: a durable turn needs each call's id`,
      );
    }
    if (seen.has(id)) {
      throw new DurableTurnError(
        'invalid_calls',
        `two calls have the id "${id}": a durable turn needs unique ids (approvals and steps are keyed by them)`,
      );
    }
    seen.add(id);
  });
}

/** Runs a tool body to its value, draining a progress generator (a step records values only). */
async function runBody(
  tool: AnyTool,
  input: never,
  context: Parameters<AnyTool['execute']>[1],
): Promise<unknown> {
  const value: unknown = await tool.execute(input, context);
  if (typeof value === 'object' && value !== null && Symbol.asyncIterator in value && 'next' in value) {
    const generator = value as AsyncGenerator<unknown, unknown>;
    for (;;) {
      const next = await generator.next();
      if (next.done) return next.value;
      context.progress(next.value as never);
    }
  }
  return value;
}

/** A result as plain JSON: DBOS records it, and it must read back the same. */
export function toDurableResult(result: ToolResult): DurableToolResult {
  const { error, ...rest } = result;
  const plain: DurableToolResult = { ...rest };
  if (error !== undefined) {
    const { cause: _cause, ...shown } = error;
    plain.error = shown;
  }
  const text = safeStringify(plain);
  return text === undefined ? { ...plain, output: undefined } : (JSON.parse(text) as DurableToolResult);
}

/**
 * Registers the turn workflow with DBOS. Call it in every process of the app, before
 * `DBOS.launch()`, with the same tools and name: a process that recovers a turn re-runs the
 * workflow with its own registration.
 *
 * @example
 * ```ts
 * DBOS.setConfig({ name: 'my-agent', systemDatabaseUrl: process.env.DATABASE_URL });
 * const turns = registerDurableTurns({ tools: [getFinancials, writeFile], executor: { permissions } });
 * await DBOS.launch();
 * const turnId = await turns.start(completion.toolCalls);
 * const state = await turns.settle(turnId); // 'suspended' with state.pending, or 'completed'
 * // later, in any process:
 * await answerApproval(state.pending[0].approvalId, 'allow-once');
 * ```
 */
export function registerDurableTurns(options: DurableTurnsOptions): DurableTurns {
  if (typeof options !== 'object' || options === null || !Array.isArray(options.tools)) {
    throw new DurableTurnError('invalid_option', 'registerDurableTurns expects { tools: [...] }');
  }
  const name = options.name ?? 'dexter.turn';
  const timeoutSeconds = options.approvalTimeoutSeconds ?? 86_400;
  if (!(typeof timeoutSeconds === 'number' && timeoutSeconds > 0)) {
    throw new DurableTurnError('invalid_option', 'approvalTimeoutSeconds must be a positive number');
  }
  // Fail at registration, not inside a workflow, on bad executor options.
  createExecutor({ ...options.executor, tools: options.tools });

  const store = options.sessions;
  if (store !== undefined && typeof store?.isGranted !== 'function') {
    throw new DurableTurnError(
      'invalid_option',
      '`sessions` must be a SessionStore (e.g. createPostgresSessionStore)',
    );
  }
  const grantTtlMs = options.grantTtlMs ?? 8 * 3_600_000;
  const cwd = options.executor?.cwd ?? '';

  const runTurn = async (calls: ToolCall[], sessionId?: string): Promise<DurableToolResult[]> => {
    const shared =
      store !== undefined && typeof sessionId === 'string' && sessionId !== '' ? store : undefined;
    const turnId = DBOS.workflowID!;
    const order = new StepOrder();
    const indexOf = new Map(calls.map((call, index) => [call.id, index] as const));
    const finished: DurableToolResult[] = [];
    const durable = (tool: AnyTool): AnyTool =>
      Object.freeze({
        ...tool,
        execute: async (input: never, context: Parameters<AnyTool['execute']>[1]) => {
          const index = indexOf.get(context.toolCallId)!;
          await order.turn(index);
          // trackStep calls runStep synchronously (StepOrder needs the step started now) and
          // counts it for a graceful shutdown's drain.
          const step = trackStep(() =>
            DBOS.runStep(
              () => runBody(tool, input, withIdempotencyKey(context, `${turnId}:${DBOS.stepID}`)),
              { name: `tool:${tool.name}` },
            ),
          );
          order.started(index);
          return step;
        },
      }) as AnyTool;
    const approvals: ApprovalPrompter = {
      async prompt(request): Promise<ApprovalResponse> {
        const index = indexOf.get(request.toolCallId)!;
        await order.turn(index);
        const { decision } = request;
        // Keyed by the step (`<turn id>:<step number>`, deterministic): a crash between the
        // row's commit and the step's checkpoint re-runs the step, and the store keeps one row.
        const audit = (answer: ApprovalAnswer, actor: string | undefined) =>
          DBOS.runStep(
            () =>
              shared!.recordAudit({
                idempotencyKey: `${turnId}:${DBOS.stepID}`,
                sessionId: sessionId!,
                toolCallId: request.toolCallId,
                tool: request.tool,
                decision: answer.decision,
                input: JSON.parse(safeStringify(request.input) ?? 'null'),
                ...(actor === undefined ? {} : { actor }),
                ...(answer.message === undefined ? {} : { message: answer.message }),
              }),
            { name: 'dexter.session.audit' },
          );
        if (shared !== undefined && decision.cacheable) {
          const key = { sessionId: sessionId!, sessionKey: decision.sessionKey, cwd };
          const granted = await DBOS.runStep(() => shared.isGranted(key), {
            name: 'dexter.session.isGranted',
          });
          if (granted) {
            const answer: ApprovalAnswer = {
              decision: 'allow-session',
              message: 'Allowed by an earlier session grant.',
            };
            await audit(answer, 'session-grant');
            return { decision: 'allow-session' };
          }
        }
        const pending: PendingApproval = {
          approvalId: `${turnId}${APPROVAL_SEPARATOR}${index}`,
          turnId,
          toolCallId: request.toolCallId,
          tool: request.tool,
          input: request.input,
          reason: request.decision.reason,
        };
        if (request.decision.classification !== undefined)
          pending.classification = request.decision.classification;
        if (request.proposedRule !== undefined) pending.proposedRule = request.proposedRule;
        await DBOS.setEvent(PENDING_EVENT, {
          approval: JSON.parse(safeStringify(pending) ?? '{}'),
          results: finished,
        });
        const received = await DBOS.recv<AnswerMessage>(approvalTopic(index), { timeoutSeconds });
        const { valid: _valid, ...answer } =
          received === null
            ? {
                valid: true,
                decision: 'deny' as const,
                message: `No answer within ${timeoutSeconds} s; the approval timed out.`,
              }
            : normalizeApprovalResponse(received?.answer);
        // Published so that a second answer can be told apart: the same again, or a conflict.
        await DBOS.setEvent(answerEvent(index), takenAnswer(answer));
        await DBOS.setEvent(PENDING_EVENT, null);
        const actor = typeof received?.actor === 'string' ? received.actor : undefined;
        if (shared !== undefined) {
          if (
            (answer.decision === 'allow-session' || answer.decision === 'allow-always') &&
            decision.cacheable
          ) {
            const grant = { sessionId: sessionId!, sessionKey: decision.sessionKey, cwd, ttlMs: grantTtlMs };
            await DBOS.runStep(
              () => shared.grant(actor === undefined ? grant : { ...grant, grantedBy: actor }),
              {
                name: 'dexter.session.grant',
              },
            );
          }
          await audit(answer, actor);
        }
        return answer;
      },
    };
    const executor = createExecutor({ ...options.executor, tools: options.tools.map(durable), approvals });
    const results = await executor.execute(calls, {
      onEvent: (event) => {
        order.observe(event);
        if (event.type === 'tool_result') finished.push(toDurableResult(event.result));
      },
    });
    return results.map(toDurableResult);
  };
  const workflow = DBOS.registerWorkflow(runTurn, { name });
  const live = new Map<string, Promise<DurableToolResult[]>>();

  return {
    name,
    async start(calls, startOptions = {}) {
      checkCalls(calls);
      const plainCalls = JSON.parse(safeStringify(calls) ?? '[]') as ToolCall[];
      const { sessionId } = startOptions;
      if (sessionId !== undefined && (typeof sessionId !== 'string' || sessionId === '')) {
        throw new DurableTurnError('invalid_option', 'start: sessionId must be a non-empty string');
      }
      const handle = await DBOS.startWorkflow(workflow, {
        ...(startOptions.turnId === undefined ? {} : { workflowID: startOptions.turnId }),
      })(plainCalls, sessionId);
      const turnId = handle.workflowID;
      // Kept only while it runs: the live handle answers `result` without polling.
      const done = handle.getResult();
      live.set(turnId, done);
      done.then(
        () => live.delete(turnId),
        () => live.delete(turnId),
      );
      return turnId;
    },
    settle: (turnId, settleOptions) => settleTurn(turnId, settleOptions),
    async result(turnId) {
      const running = live.get(turnId);
      if (running !== undefined) return running;
      return DBOS.retrieveWorkflow<DurableToolResult[]>(turnId).getResult({ pollingIntervalMs: 50 });
    },
  };
}

/** The turn's state now. Throws `unknown_turn` when no turn has this id. */
export async function readTurn(turnId: string, access: TurnAccess = {}): Promise<TurnState> {
  const { client } = access;
  if (typeof turnId !== 'string' || !plausibleId(turnId)) {
    throw new DurableTurnError('unknown_turn', `no turn ${String(turnId).slice(0, 100)}`);
  }
  const status = client ? await client.getWorkflow(turnId) : await DBOS.getWorkflowStatus(turnId);
  if (status === null || status === undefined)
    throw new DurableTurnError('unknown_turn', `no turn ${turnId}`);
  if (status.status === 'SUCCESS') {
    const handle = client ? client.retrieveWorkflow(turnId) : DBOS.retrieveWorkflow(turnId);
    const results = (await handle.getResult()) as DurableToolResult[];
    return { turnId, status: 'completed', pending: [], results };
  }
  if (status.status !== 'PENDING' && status.status !== 'ENQUEUED') {
    return { turnId, status: 'failed', pending: [], results: [] };
  }
  const event = client
    ? await client.getEvent<PendingEvent | null>(turnId, PENDING_EVENT, 0)
    : await DBOS.getEvent<PendingEvent | null>(turnId, PENDING_EVENT, 0);
  if (event === null || event === undefined) return { turnId, status: 'running', pending: [], results: [] };
  return { turnId, status: 'suspended', pending: [event.approval], results: event.results };
}

interface PendingEvent {
  approval: PendingApproval;
  results: DurableToolResult[];
}

/** Waits until the turn is suspended on an approval other than `after`, completed or failed. */
export async function settleTurn(turnId: string, options: SettleOptions = {}): Promise<TurnState> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const interval = options.intervalMs ?? 50;
  for (;;) {
    const state = await readTurn(turnId, options);
    const stale = state.status === 'suspended' && state.pending[0]?.approvalId === options.after;
    if ((state.status !== 'running' && !stale) || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** What `answerApproval` resolves with. */
export interface AnswerOutcome {
  turnId: string;
  /**
   * `true` when this approval had already taken the same answer (a retried request): nothing
   * was sent. A different answer to an answered approval is refused with `approval_answered`.
   */
  repeated: boolean;
}

/** Options of `answerApproval`. */
export interface AnswerOptions extends TurnAccess {
  /** Who answers, for the audit trail. */
  actor?: string;
  /**
   * How long to wait for the turn to take the answer, so that a concurrent different answer
   * is reported as a conflict. Default 30 s; 0 returns as soon as the answer is sent.
   */
  confirmTimeoutSeconds?: number;
}

/**
 * Answers the approval a turn waits for, from any process. Idempotent by approval id: the
 * first answer wins; the same answer again resolves with `repeated: true`; a different one
 * (also one sent at the same moment as the winner) is refused with `approval_answered`. An id
 * that is not the turn's pending approval and was never answered is refused with
 * `approval_not_pending`, so nobody can answer a question before it is asked. The answer is
 * read like a live prompter's (`allow-once`, `{ decision: 'deny', message }`, ...); anything
 * unreadable is a deny.
 */
export async function answerApproval(
  approvalId: string,
  response: ApprovalResponse,
  access: AnswerOptions = {},
): Promise<AnswerOutcome> {
  const { turnId, index } = parseApprovalId(approvalId);
  const { client } = access;
  const { valid: _valid, ...normalized } = normalizeApprovalResponse(response);
  const mine = takenAnswer(normalized);
  const taken = (timeoutSeconds: number) =>
    client
      ? client.getEvent<TakenAnswer | null>(turnId, answerEvent(index), timeoutSeconds)
      : DBOS.getEvent<TakenAnswer | null>(turnId, answerEvent(index), timeoutSeconds);
  const verdict = (recorded: TakenAnswer): AnswerOutcome => {
    if (sameAnswer(recorded, mine)) return { turnId, repeated: true };
    throw new DurableTurnError(
      'approval_answered',
      `approval ${approvalId} was already answered "${recorded.decision}"`,
    );
  };
  const earlier = await taken(0);
  if (earlier !== null && earlier !== undefined) return verdict(earlier);
  const state = await readTurn(turnId, access).catch((error: unknown) => {
    if (DurableTurnError.isInstance(error)) {
      throw new DurableTurnError('approval_not_pending', `approval ${approvalId} names no turn`, {
        cause: error,
      });
    }
    throw error;
  });
  if (state.status !== 'suspended' || state.pending[0]?.approvalId !== approvalId) {
    // It may have been taken between the two reads.
    const late = await taken(0);
    if (late !== null && late !== undefined) return verdict(late);
    throw new DurableTurnError('approval_not_pending', `approval ${approvalId} is not waiting for an answer`);
  }
  const message: AnswerMessage = { answer: JSON.parse(safeStringify(response) ?? 'null') as unknown };
  if (typeof access.actor === 'string' && access.actor !== '') message.actor = access.actor;
  // DBOS drops a second message with the same idempotency key: the first answer wins.
  if (client) await client.send(turnId, message, approvalTopic(index), approvalId);
  else await DBOS.send(turnId, message, approvalTopic(index), approvalId);
  const confirm = access.confirmTimeoutSeconds ?? 30;
  if (confirm <= 0) return { turnId, repeated: false };
  const recorded = await taken(confirm);
  if (recorded === null || recorded === undefined) return { turnId, repeated: false };
  return sameAnswer(recorded, mine) ? { turnId, repeated: false } : verdict(recorded);
}
