/**
 * The executor's model-based randomized check (issue 15). A generated scenario is a set of
 * runs on ONE executor and session — some concurrent — whose calls pick hostile behaviours
 * (values that throw when touched, cycles, BigInt, null prototypes, Proxies, long strings,
 * hangs that ignore the signal, hand-written iterators), whose prompter and decider
 * misbehave, and whose host code re-enters the run at any event type (abort, throw, start
 * another run, reject asynchronously). Streams are drained, broken out of, `return()`ed or
 * `throw()`n, with several `next()` calls pending at once. After every run:
 *
 * - one `tool_result` per call, last for its call, in call order, equal to `results`;
 * - legal per-call sequences, no batch overlap, `sequence` 0, 1, 2, … (`checkRunEvents`);
 * - at most one approval prompt open at a time, across all runs of the executor;
 * - every run settles within a bounded number of event-loop turns after the abort that
 *   ends the scenario, and no promise rejection goes unhandled.
 *
 * Used by src/model-fuzz.test.ts (fixed seeds, seconds) and scripts/fuzz.ts (any number of
 * runs). Time is a manual clock: timeouts fire by counting, never by waiting.
 */
import { defineTool } from '@dexter/registry';
import fc from 'fast-check';
import { z } from 'zod';
import {
  type ApprovalPrompter,
  type ApprovalRequest,
  type ApprovalResponse,
  createExecutor,
  createSession,
  EXECUTOR_EVENT_TYPES,
  type Executor,
  type ExecutorEvent,
  type ExecutorEventType,
  type ToolResult,
} from '../src/index';
import type { PermissionDecider } from '../src/permission-port';
import { poison } from '../src/test-support';
import { checkRunEvents, createManualClock, type ManualClock } from '../src/testing/index';

// ---- hostile values ----------------------------------------------------------------------

export const HOSTILE_KINDS = [
  'cycle',
  'getter',
  'then',
  'toJSON',
  'bigint',
  'bare',
  'proxy',
  'long',
] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** A value of the kind, made fresh (fast-check never sees it: it reads what it generates). */
export function hostile(kind: HostileKind): unknown {
  switch (kind) {
    case 'cycle': {
      const value: Record<string, unknown> = { a: 1 };
      value.self = value;
      return value;
    }
    case 'getter':
      return {
        get boom(): unknown {
          throw poison();
        },
      };
    case 'then':
      return {
        // biome-ignore lint/suspicious/noThenProperty: the hostile thenable under test
        get then(): unknown {
          throw poison();
        },
      };
    case 'toJSON':
      return {
        toJSON() {
          throw poison();
        },
      };
    case 'bigint':
      return 2n ** 80n;
    case 'bare':
      return Object.assign(Object.create(null) as object, { x: 1 });
    case 'proxy':
      return poison();
    case 'long':
      return 'y'.repeat(1 << 20);
  }
}

// ---- scenario ------------------------------------------------------------------------------

export const TOOL_BEHAVIOURS = [
  'ok',
  'progress',
  'throw',
  'reject',
  'return_hostile',
  'hang_ignoring',
  'hang_until_signal',
  'slow',
  'iterator_no_return',
  'generator',
  'progress_hostile',
] as const;
export type ToolBehaviour = (typeof TOOL_BEHAVIOURS)[number];

export const PROMPTER_BEHAVIOURS = [
  'allow-once',
  'allow-session',
  'allow-always',
  'deny',
  'deny_interrupt',
  'throw_hostile',
  'answer_hostile',
  'hang',
  'abort_run',
  'edit_invalid',
] as const;
export type PrompterBehaviour = (typeof PROMPTER_BEHAVIOURS)[number];

export const DECIDER_BEHAVIOURS = [
  'default_engine',
  'policy',
  'ask',
  'deny',
  'throw',
  'hostile',
  'async_ask',
  'reentrant',
] as const;
export type DeciderBehaviour = (typeof DECIDER_BEHAVIOURS)[number];

export const CALLBACK_ACTIONS = ['abort', 'throw', 'nested_run', 'async_reject', 'abort_other'] as const;
export type CallbackAction = (typeof CALLBACK_ACTIONS)[number];

export const CONSUMERS = ['execute', 'drain', 'break', 'return', 'throw', 'parallel_next'] as const;
export type Consumer = (typeof CONSUMERS)[number];

export interface CallSpec {
  /** Tool: a concurrency-safe read, a write (asks), or an unknown name / malformed call. */
  tool: 'read' | 'write' | 'unknown' | 'malformed' | 'hostile_id';
  behaviour: ToolBehaviour;
  hostile: HostileKind;
  turns: number;
}

export interface RunSpec {
  calls: CallSpec[];
  consumer: Consumer;
  /** Re-enter the run when the `nth` event of `type` arrives (execute: onEvent; stream: the loop). */
  callback: { type: ExecutorEventType; nth: number; action: CallbackAction } | undefined;
  /** Stop a stream consumer after this many events (break / return / throw). */
  stopAfter: number;
  /** Abort the run's signal after this many event-loop turns (undefined: only at the end). */
  abortAfter: number | undefined;
  /** Turns to wait before starting (runs overlap when small). */
  startAfter: number;
}

export interface Scenario {
  runs: RunSpec[];
  prompter: PrompterBehaviour[];
  decider: DeciderBehaviour;
  timeoutMs: number | undefined;
  softLimits: boolean;
  /** Manual-clock advance (ms) after this many turns. */
  advanceAfter: number;
}

const callSpec: fc.Arbitrary<CallSpec> = fc.record({
  tool: fc.constantFrom('read', 'read', 'read', 'write', 'write', 'unknown', 'malformed', 'hostile_id'),
  behaviour: fc.constantFrom(...TOOL_BEHAVIOURS),
  hostile: fc.constantFrom(...HOSTILE_KINDS),
  turns: fc.integer({ min: 0, max: 4 }),
}) as fc.Arbitrary<CallSpec>;

const runSpec: fc.Arbitrary<RunSpec> = fc.record({
  calls: fc.array(callSpec, { minLength: 0, maxLength: 7 }),
  consumer: fc.constantFrom(...CONSUMERS),
  callback: fc.option(
    fc.record({
      type: fc.constantFrom(...EXECUTOR_EVENT_TYPES),
      nth: fc.integer({ min: 0, max: 2 }),
      action: fc.constantFrom(...CALLBACK_ACTIONS),
    }),
    { nil: undefined },
  ),
  stopAfter: fc.integer({ min: 0, max: 8 }),
  abortAfter: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  startAfter: fc.integer({ min: 0, max: 3 }),
});

/** Arbitrary scenarios. */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  runs: fc.array(runSpec, { minLength: 1, maxLength: 3 }),
  prompter: fc.array(fc.constantFrom(...PROMPTER_BEHAVIOURS), { minLength: 1, maxLength: 6 }),
  decider: fc.constantFrom(...DECIDER_BEHAVIOURS),
  timeoutMs: fc.option(fc.constantFrom(10, 100, 1000), { nil: undefined }),
  softLimits: fc.boolean(),
  advanceAfter: fc.integer({ min: 0, max: 10 }),
});

// ---- harness -------------------------------------------------------------------------------

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns allowed between the final abort (and clock advance) and every run settling. */
export const SETTLE_TURNS = 50;

function makeTool(name: 'read' | 'write', clockOf: () => ManualClock) {
  return defineTool({
    name,
    inputSchema: z.object({ behaviour: z.string(), hostile: z.string(), turns: z.number() }),
    description: `${name} (fuzz tool)`,
    compactDescription: `${name} fuzz tool`,
    concurrencySafe: name === 'read',
    approval: name === 'read' ? 'allow' : 'ask',
    execute: (input, context): unknown => {
      const { behaviour, turns } = input as { behaviour: ToolBehaviour; turns: number };
      const kind = input.hostile as HostileKind;
      const wait = async () => {
        for (let i = 0; i < turns; i += 1) await turn();
      };
      void clockOf;
      switch (behaviour) {
        case 'ok':
          return { ok: true };
        case 'progress':
          return (async () => {
            context.progress('one');
            await wait();
            context.progress({ message: 'two', percent: 50 });
            return 'progressed';
          })();
        case 'throw':
          throw hostile(kind);
        case 'reject':
          return wait().then(() => Promise.reject(hostile(kind)));
        case 'return_hostile':
          return wait().then(() => ({ value: hostile(kind) }));
        case 'hang_ignoring':
          return new Promise(() => {});
        case 'hang_until_signal':
          return new Promise((_resolve, reject) => {
            context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
          });
        case 'slow':
          return wait().then(() => 'slow done');
        case 'iterator_no_return': {
          let step = 0;
          return {
            [Symbol.asyncIterator]() {
              return this;
            },
            async next() {
              step += 1;
              await turn();
              return step <= turns
                ? { done: false, value: `step ${step}` }
                : { done: true, value: 'iterated' };
            },
          };
        }
        case 'generator':
          return (async function* () {
            for (let i = 0; i < turns; i += 1) {
              await turn();
              yield `gen ${i}`;
            }
            return 'generated';
          })();
        case 'progress_hostile':
          context.progress(hostile(kind) as never);
          return 'after hostile progress';
      }
    },
  });
}

function makeDecider(behaviour: DeciderBehaviour, kind: HostileKind): PermissionDecider | undefined {
  const decision = (behavior: 'allow' | 'ask' | 'deny', tool: string) => ({
    behavior,
    reason: `fuzz ${behavior}`,
    sessionKey: `tool:${tool}`,
    cacheable: behavior !== 'deny',
    proposedRules: [`${tool}`],
  });
  switch (behaviour) {
    case 'default_engine':
      return undefined;
    case 'policy':
      return { decide: (request) => decision(request.defaultBehavior ?? 'ask', request.tool) };
    case 'ask':
      return { decide: (request) => decision('ask', request.tool), persistAllowRule: async () => {} };
    case 'deny':
      return { decide: (request) => decision(request.tool === 'write' ? 'deny' : 'allow', request.tool) };
    case 'throw':
      return {
        decide: (request) => {
          if (request.tool === 'write') throw hostile(kind);
          return decision('allow', request.tool);
        },
      };
    case 'hostile':
      return {
        decide: (request) =>
          (request.tool === 'write' ? hostile(kind) : decision('allow', request.tool)) as never,
      };
    case 'reentrant':
      return undefined; // made in runScenario, which can start runs and abort them
    case 'async_ask':
      return {
        decide: async (request) => {
          await turn();
          return decision(request.tool === 'write' ? 'ask' : 'allow', request.tool);
        },
        persistAllowRule: () => Promise.reject(hostile(kind)),
      };
  }
}

function callOf(spec: CallSpec, index: number): unknown {
  const input = { behaviour: spec.behaviour, hostile: spec.hostile, turns: spec.turns };
  switch (spec.tool) {
    case 'read':
    case 'write':
      return { id: `c${index}`, name: spec.tool, input };
    case 'unknown':
      return { id: `c${index}`, name: 'nope', input };
    case 'malformed':
      return index % 2 === 0 ? null : { id: `c${index}`, input };
    case 'hostile_id':
      return {
        get id(): string {
          throw poison();
        },
        name: 'read',
        input,
      };
  }
}

/** What one scenario broke (empty when every promise held). */
export async function runScenario(scenario: Scenario): Promise<string[]> {
  const problems: string[] = [];
  const clock = createManualClock();
  const session = createSession();
  let open = 0;
  let maxOpen = 0;
  let prompt = 0;
  const controllers: AbortController[] = [];
  const firstHostile = scenario.runs[0]?.calls[0]?.hostile ?? 'cycle';
  const answer = async (request: ApprovalRequest): Promise<ApprovalResponse> => {
    const behaviour = scenario.prompter[prompt++ % scenario.prompter.length]!;
    await turn();
    switch (behaviour) {
      case 'deny_interrupt':
        return { decision: 'deny', interrupt: true, message: 'stop' };
      case 'throw_hostile':
        throw hostile(firstHostile);
      case 'answer_hostile':
        return hostile(firstHostile) as never;
      case 'hang':
        return await new Promise<never>(() => {});
      case 'abort_run':
        for (const controller of controllers) controller.abort(new Error('prompter stopped everything'));
        return 'allow-once';
      case 'edit_invalid':
        return { decision: 'allow-once', updatedInput: { behaviour: 42 } };
      default:
        void request;
        return behaviour;
    }
  };
  // A well-behaved UI: it closes its prompt when the request's signal aborts. (One that
  // ignores the signal may still show a prompt the executor has already given up on.)
  const approvals: ApprovalPrompter = {
    prompt(request) {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      return new Promise<ApprovalResponse>((resolve, reject) => {
        let closed = false;
        const close = () => {
          if (closed) return false;
          closed = true;
          open -= 1;
          return true;
        };
        const onAbort = () => {
          if (close()) reject(request.signal.reason);
        };
        if (request.signal.aborted) onAbort();
        else request.signal.addEventListener('abort', onAbort, { once: true });
        answer(request).then(
          (value) => {
            request.signal.removeEventListener('abort', onAbort);
            if (close()) resolve(value);
          },
          (error: unknown) => {
            request.signal.removeEventListener('abort', onAbort);
            if (close()) reject(error);
          },
        );
      });
    },
  };
  let decisions = 0;
  const permissions: PermissionDecider | undefined =
    scenario.decider === 'reentrant'
      ? {
          // Re-enters from inside the permission gate: starts another run on the same
          // executor and session, and every third decision aborts the oldest run.
          decide(request) {
            decisions += 1;
            if (started.length < 12 && request.tool === 'write') {
              const nested = new AbortController();
              controllers.push(nested);
              startExecute(
                [{ id: 'n', name: 'read', input: { behaviour: 'ok', hostile: 'cycle', turns: 0 } }],
                'decider>nested',
                undefined,
                nested,
              );
            }
            if (decisions % 3 === 0) controllers[0]?.abort(new Error('decider stopped a run'));
            return {
              behavior: request.defaultBehavior ?? 'ask',
              reason: 'reentrant',
              sessionKey: `tool:${request.tool}`,
              cacheable: true,
            };
          },
        }
      : makeDecider(scenario.decider, firstHostile);
  const executor = createExecutor({
    tools: [makeTool('read', () => clock), makeTool('write', () => clock)],
    approvals,
    ...(permissions === undefined ? {} : { permissions }),
    clock,
    session,
    ...(scenario.timeoutMs === undefined ? {} : { timeoutMs: scenario.timeoutMs }),
    ...(scenario.softLimits ? { softLimits: { maxCallsPerTool: 2 } } : { softLimits: false }),
  });

  interface Started {
    label: string;
    callCount: number;
    events: ExecutorEvent[];
    /** False when a stream was left early: only a prefix of the events was seen. */
    complete: () => boolean;
    done: Promise<ToolResult[]>;
    settled: boolean;
  }
  const started: Started[] = [];
  const track = (run: Started) => {
    started.push(run);
    run.done.then(
      () => {
        run.settled = true;
      },
      () => {
        run.settled = true;
        problems.push(`${run.label}: rejected`);
      },
    );
  };
  let unhandled = 0;
  const onUnhandled = () => {
    unhandled += 1;
  };
  process.on('unhandledRejection', onUnhandled);

  const startExecute = (
    calls: unknown[],
    label: string,
    spec: RunSpec | undefined,
    controller: AbortController,
  ) => {
    const events: ExecutorEvent[] = [];
    const seen = new Map<ExecutorEventType, number>();
    const done = executor.execute(calls as never, {
      signal: controller.signal,
      onEvent: (event) => {
        events.push(event);
        return react(event, seen, spec, controller, label);
      },
    });
    track({ label, callCount: calls.length, events, complete: () => true, done, settled: false });
  };

  const react = (
    event: ExecutorEvent,
    seen: Map<ExecutorEventType, number>,
    spec: RunSpec | undefined,
    controller: AbortController,
    label: string,
  ): unknown => {
    const count = seen.get(event.type) ?? 0;
    seen.set(event.type, count + 1);
    const callback = spec?.callback;
    if (callback === undefined || callback.type !== event.type || callback.nth !== count) return undefined;
    switch (callback.action) {
      case 'abort':
        controller.abort(new Error('stopped from inside'));
        return undefined;
      case 'abort_other':
        for (const other of controllers) if (other !== controller) other.abort();
        return undefined;
      case 'throw':
        throw hostile('proxy');
      case 'nested_run':
        if (started.length < 12) {
          const nested = new AbortController();
          controllers.push(nested);
          startExecute((spec?.calls ?? []).map(callOf), `${label}>nested`, undefined, nested);
        }
        return undefined;
      case 'async_reject':
        return Promise.reject(hostile('getter'));
    }
  };

  const startStream = (spec: RunSpec, label: string, controller: AbortController) => {
    const calls = spec.calls.map(callOf);
    const stream = executor.stream(calls as never, { signal: controller.signal });
    const events: ExecutorEvent[] = [];
    let complete = false;
    const seen = new Map<ExecutorEventType, number>();
    const consume = async () => {
      const iterator = stream[Symbol.asyncIterator]();
      if (spec.consumer === 'parallel_next') {
        while (true) {
          const steps = await Promise.all([iterator.next(), iterator.next(), iterator.next()]);
          let ended = false;
          for (const step of steps) {
            if (step.done) ended = true;
            else if (ended) problems.push(`${label}: an event came after done`);
            else events.push(step.value);
          }
          if (ended) break;
        }
        complete = true;
        return;
      }
      while (true) {
        const step = await iterator.next();
        if (step.done) {
          complete = true;
          return;
        }
        events.push(step.value);
        try {
          // A stream has no onEvent to hand a promise to: an async rejection is the loop's own.
          const returned = react(step.value, seen, spec, controller, label);
          if (returned instanceof Promise) returned.catch(() => undefined);
        } catch {
          // a consumer whose loop body throws: for-await would call return()
          await iterator.return?.();
          await expectDoneAfterStop(iterator, label);
          return;
        }
        if (spec.consumer !== 'drain' && events.length > spec.stopAfter) {
          if (spec.consumer === 'throw')
            await iterator.throw?.(new Error('consumer threw')).catch(() => undefined);
          else await iterator.return?.();
          await expectDoneAfterStop(iterator, label);
          return;
        }
      }
    };
    const consumed = consume();
    const done = consumed.then(() => stream.results);
    track({ label, callCount: calls.length, events, complete: () => complete, done, settled: false });
  };

  const expectDoneAfterStop = async (iterator: AsyncIterator<ExecutorEvent>, label: string) => {
    const after = await iterator.next();
    if (!after.done) problems.push(`${label}: the stream yielded after return()/throw()`);
  };

  try {
    const pending = scenario.runs.map((spec, index) => ({ spec, index }));
    for (let tick = 0; tick < 16; tick += 1) {
      for (const { spec, index } of pending.filter((entry) => entry.spec.startAfter === tick)) {
        const controller = new AbortController();
        controllers.push(controller);
        const label = `run ${index} (${spec.consumer})`;
        if (spec.consumer === 'execute') startExecute(spec.calls.map(callOf), label, spec, controller);
        else startStream(spec, label, controller);
        if (spec.abortAfter !== undefined) {
          const after = spec.abortAfter;
          void (async () => {
            for (let i = 0; i < after; i += 1) await turn();
            controller.abort(new Error('aborted by the scenario'));
          })();
        }
      }
      if (tick === scenario.advanceAfter && scenario.timeoutMs !== undefined)
        clock.advance(scenario.timeoutMs);
      await turn();
    }
    // End: every timeout due, every run aborted; each must settle within SETTLE_TURNS.
    clock.advance(10_000);
    for (const controller of controllers) controller.abort(new Error('scenario over'));
    // Runs started from here on (nested ones, from inside an abort) are tracked too.
    const allSettled = () => started.every((run) => run.settled);
    for (let i = 0; i < SETTLE_TURNS && !allSettled(); i += 1) {
      // Runs started late (nested ones) are aborted too.
      for (const controller of controllers) controller.abort(new Error('scenario over'));
      await turn();
    }
    for (const run of started) {
      if (!run.settled)
        problems.push(`${run.label}: not settled ${SETTLE_TURNS} turns after the final abort`);
    }
    for (const run of started) {
      if (!run.settled) continue;
      let results: ToolResult[];
      try {
        results = await run.done;
      } catch {
        continue;
      }
      if (run.complete()) {
        for (const problem of checkRunEvents(run.callCount, run.events, results)) {
          problems.push(`${run.label}: ${problem}`);
        }
      } else {
        problems.push(...prefixProblems(run.label, run.callCount, run.events, results));
      }
    }
    if (maxOpen > 1) problems.push(`${maxOpen} approval prompts were open at once`);
    await turn();
    if (unhandled > 0) problems.push(`${unhandled} unhandled promise rejections`);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
  return problems;
}

/** For a stream left early: results complete, and the events seen never broke order. */
function prefixProblems(
  label: string,
  callCount: number,
  events: ExecutorEvent[],
  results: ToolResult[],
): string[] {
  const problems: string[] = [];
  if (results.length !== callCount)
    problems.push(`${label}: ${results.length} results for ${callCount} calls`);
  let next = 0;
  for (const event of events) {
    if (event.type !== 'tool_result') continue;
    if (event.index !== next)
      problems.push(`${label}: tool_result of call ${event.index} when ${next} was due`);
    if (event.result !== results[event.index])
      problems.push(`${label}: tool_result ${event.index} differs from results`);
    next = event.index + 1;
  }
  events.forEach((event, position) => {
    if (event.sequence !== position)
      problems.push(`${label}: event ${position} has sequence ${event.sequence}`);
  });
  return problems;
}

/** Runs `runs` scenarios from `seed`; returns the first failure fast-check found, shrunk. */
export async function fuzzExecutor(options: { seed: number; runs: number }): Promise<void> {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary, async (scenario) => {
      const problems = await runScenario(scenario);
      if (problems.length > 0) throw new Error(problems.slice(0, 10).join('\n'));
    }),
    { seed: options.seed, numRuns: options.runs, endOnFailure: false },
  );
}

export type { Executor };
