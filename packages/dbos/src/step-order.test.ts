/**
 * StepOrder against the real executor, without DBOS: "durable operations" are recorded in the
 * order they start, under random timings of permission decisions, prompts and tool bodies.
 * The order must be the same for every timing (DBOS matches a replay's operations to the
 * recorded ones by that order), and must be call by call, an approval before its step.
 */
import { createExecutor } from '@dexter/executor';
import type { PermissionDecider } from '@dexter/permissions';
import { defineTool, type ToolCall } from '@dexter/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StepOrder } from './step-order';

const pause = (ms: number) =>
  ms === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));

interface Scenario {
  /** Per call: is it a parallel-safe read, does it ask, does the user allow it. */
  calls: { read: boolean; asks: boolean; allowed: boolean }[];
}

async function runWithTimings(scenario: Scenario, delays: () => number): Promise<string[]> {
  const log: string[] = [];
  const order = new StepOrder();
  const index = (id: string) => Number(id.slice(1));
  const tool = (name: string, read: boolean) =>
    defineTool({
      name,
      description: name,
      compactDescription: name,
      inputSchema: z.object({ asks: z.boolean() }),
      concurrencySafe: read,
      approval: 'ask',
      async execute(_input, { toolCallId }) {
        await pause(delays());
        await order.turn(index(toolCallId));
        log.push(`step ${toolCallId}`);
        order.started(index(toolCallId));
        await pause(delays());
        return toolCallId;
      },
    });
  const permissions: PermissionDecider = {
    async decide(request) {
      await pause(delays());
      const asks = (request.input as { asks: boolean }).asks;
      return {
        behavior: asks ? 'ask' : 'allow',
        reason: asks ? 'asks' : 'allowed',
        sessionKey: `${request.tool}:${asks}`,
        cacheable: false,
      };
    },
  };
  const executor = createExecutor({
    tools: [tool('read', true), tool('write', false)],
    permissions,
    approvals: {
      async prompt(request) {
        await pause(delays());
        await order.turn(index(request.toolCallId));
        log.push(`ask ${request.toolCallId}`);
        await pause(delays());
        return scenario.calls[index(request.toolCallId)]!.allowed ? 'allow-once' : 'deny';
      },
    },
  });
  const calls: ToolCall[] = scenario.calls.map((call, i) => ({
    id: `c${i}`,
    name: call.read ? 'read' : 'write',
    input: { asks: call.asks },
  }));
  const results = await executor.execute(calls, { onEvent: (event) => order.observe(event) });
  expect(results.map((result) => result.toolCallId)).toEqual(calls.map((call) => call.id));
  return log;
}

/** The order StepOrder promises: call by call, the approval (if asked) before the step (if run). */
function expected(scenario: Scenario): string[] {
  return scenario.calls.flatMap((call, i) => [
    ...(call.asks ? [`ask c${i}`] : []),
    ...(!call.asks || call.allowed ? [`step c${i}`] : []),
  ]);
}

describe('StepOrder', () => {
  it('starts durable operations in one order whatever the timings', async () => {
    const scenarioArbitrary = fc.record({
      calls: fc.array(fc.record({ read: fc.boolean(), asks: fc.boolean(), allowed: fc.boolean() }), {
        minLength: 1,
        maxLength: 8,
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        scenarioArbitrary,
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1 }),
        async (scenario, raw) => {
          let at = 0;
          const delays = () => raw[at++ % raw.length]!;
          expect(await runWithTimings(scenario, delays)).toEqual(expected(scenario));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('without it, parallel reads with different delays start out of call order (the hazard it removes)', async () => {
    const order: string[] = [];
    const read = defineTool({
      name: 'read',
      description: 'read',
      compactDescription: 'read',
      inputSchema: z.object({ delay: z.number() }),
      concurrencySafe: true,
      approval: 'allow',
      async execute({ delay }, { toolCallId }) {
        await pause(delay);
        order.push(toolCallId);
      },
    });
    await createExecutor({ tools: [read] }).execute([
      { id: 'c0', name: 'read', input: { delay: 20 } },
      { id: 'c1', name: 'read', input: { delay: 0 } },
    ]);
    expect(order).toEqual(['c1', 'c0']);
  });
});
