/**
 * Exactly one result per call under anything, property-based: random mixes of calls that
 * succeed, throw, reject, hang ignoring their signal, time out, report progress after
 * finishing, return non-serializable values, name unknown tools, fail validation, arrive
 * with unparseable JSON, get denied, or are repeats of a once-per-run tool — with an
 * optional abort at a random moment. Time is a manual clock; "promptly" is counted in
 * event-loop turns.
 */

import { defineTool } from '@dexter/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExecutorEvent } from './events';
import { createExecutor } from './executor';
import { readTool, turns, turnsToSettle, writeTool } from './test-support';
import { createManualClock } from './testing';

const KINDS = [
  'ok',
  'throw',
  'reject',
  'hang',
  'slow',
  'late_progress',
  'cyclic',
  'unknown',
  'invalid',
  'bad_json',
  'denied',
  'once',
  'schema_throws',
] as const;
type Kind = (typeof KINDS)[number];

const EXPECTED: Record<Kind, string[]> = {
  ok: ['ok'],
  throw: ['error'],
  reject: ['error'],
  hang: ['timeout'],
  slow: ['ok'],
  late_progress: ['ok'],
  cyclic: ['ok'],
  unknown: ['unknown_tool'],
  invalid: ['invalid_input'],
  bad_json: ['invalid_input'],
  denied: ['denied'],
  once: ['ok'],
  schema_throws: ['error'],
};

function behaviour(kind: Kind) {
  return async (_input: unknown, context: { progress(message: string): void }) => {
    switch (kind) {
      case 'throw':
        throw new Error('boom');
      case 'reject':
        return Promise.reject('nope');
      case 'hang':
        return new Promise(() => {});
      case 'slow':
        await turns(2);
        context.progress('halfway');
        await turns(2);
        return 'slow';
      case 'late_progress':
        setImmediate(() => context.progress('too late'));
        return 'early';
      case 'cyclic': {
        const value: Record<string, unknown> = { n: 1n };
        value.self = value;
        return value;
      }
      default:
        return kind;
    }
  };
}

function toolsFor() {
  const tools = [];
  for (const kind of ['ok', 'throw', 'reject', 'hang', 'slow', 'late_progress', 'cyclic'] as const) {
    tools.push(readTool(`safe_${kind}`, behaviour(kind)), writeTool(`unsafe_${kind}`, behaviour(kind)));
  }
  tools.push(writeTool('needs_approval', behaviour('ok'), { approval: 'ask' }));
  tools.push(readTool('once', behaviour('ok'), { oncePerRun: true }));
  tools.push(
    defineTool({
      name: 'schema_throws',
      inputSchema: z.object({ q: z.string() }).refine(() => {
        throw new Error('refinement bug');
      }),
      description: 'a tool with a broken schema',
      compactDescription: 'broken schema',
      concurrencySafe: true,
      approval: 'allow',
      execute: () => 'never',
    }),
  );
  return tools;
}

function callFor(kind: Kind, safe: boolean, index: number) {
  const id = `c${index}`;
  const prefix = safe ? 'safe' : 'unsafe';
  switch (kind) {
    case 'unknown':
      return { id, name: 'no_such_tool', input: {} };
    case 'invalid':
      return { id, name: `${prefix}_ok`, input: { q: 1, path: 2 } };
    case 'bad_json':
      return { id, name: `${prefix}_ok`, input: '{', inputError: 'Unexpected end of JSON input' };
    case 'denied':
      return { id, name: 'needs_approval', input: { path: 'x' } };
    case 'once':
      return { id, name: 'once', input: { q: 'same' } };
    case 'schema_throws':
      return { id, name: 'schema_throws', input: { q: 'x' } };
    default:
      return { id, name: `${prefix}_${kind}`, input: safe ? { q: `${index}` } : { path: `${index}` } };
  }
}

describe('chaos', () => {
  it('property: exactly one terminal result per call, in order; the stream contract holds; abort settles promptly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom(...KINDS), safe: fc.boolean() }), { maxLength: 12 }),
        fc.option(fc.nat(30), { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        async (specs, abortAfterTurns, cap) => {
          const clock = createManualClock();
          const executor = createExecutor({ tools: toolsFor(), clock, timeoutMs: 1000, maxConcurrency: cap });
          const calls = specs.map((spec, index) => callFor(spec.kind, spec.safe, index));
          const controller = new AbortController();
          const events: ExecutorEvent[] = [];
          const done = executor.execute(calls, {
            signal: controller.signal,
            onEvent: (event) => events.push(event),
          });
          // Drive time: let tools run a little, fire timeouts, repeat; abort at the chosen moment.
          let settled = false;
          done.then(() => {
            settled = true;
          });
          for (let step = 0; step < 300 && !settled; step += 1) {
            if (abortAfterTurns !== undefined && step === abortAfterTurns) {
              controller.abort();
              expect(await turnsToSettle(done, 2)).toBeDefined();
              break;
            }
            await turns(1);
            clock.advance(100); // a hang times out after 10 steps; "slow" needs 4
          }
          const results = await done;
          await turns(2); // late progress would land here

          expect(results.map((result) => result.toolCallId)).toEqual(calls.map((each) => each.id));
          specs.forEach((spec, index) => {
            const status = results[index]!.status;
            const allowed = [...EXPECTED[spec.kind], ...(abortAfterTurns === undefined ? [] : ['cancelled'])];
            expect(allowed).toContain(status);
            expect(typeof results[index]!.content).toBe('string');
          });
          // Repeats of the once-per-run tool: at most one ran.
          const onceResults = results.filter((result) => result.name === 'once' && result.status === 'ok');
          expect(onceResults.filter((result) => result.duplicateOf === undefined).length).toBeLessThanOrEqual(
            1,
          );

          // Stream contract: one tool_result per call, last for its call, in call order.
          const resultEvents = events.filter((event) => event.type === 'tool_result');
          expect(resultEvents.map((event) => event.index)).toEqual(calls.map((_, index) => index));
          for (let index = 0; index < calls.length; index += 1) {
            expect(events.filter((event) => event.index === index).at(-1)?.type).toBe('tool_result');
          }
          expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index));
        },
      ),
      { numRuns: 120 },
    );
    // 120 randomized runs: a few seconds alone, more on a loaded machine (no timing is asserted).
  }, 60_000);
});
