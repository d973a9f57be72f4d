/**
 * The run's own `AbortSignal` is made only when something reads it (a decider that waits,
 * an approval); until then `abort` cancels running calls directly. These tests pin what
 * the host and tools see either way: the same reasons, the same order.
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from './approval';
import { createExecutor } from './executor';
import { call, deferred, readTool } from './test-support';

describe("the run's signal, made on demand", () => {
  it('an abort with no signal made yet reaches running tools with its reason', async () => {
    const started = deferred();
    const seen: AbortSignal[] = [];
    const executor = createExecutor({
      tools: [
        readTool('hang', (_input, context) => {
          seen.push(context.signal);
          started.resolve();
          return new Promise(() => {});
        }),
      ],
      // A synchronous decider never asks for the run's signal.
      permissions: {
        decide: () => ({ behavior: 'allow', reason: 'test', sessionKey: '', cacheable: false }),
      },
    });
    const controller = new AbortController();
    const done = executor.execute([call('a', 'hang', { q: '1' })], { signal: controller.signal });
    await started.promise;
    const reason = new Error('stop');
    controller.abort(reason);
    const [result] = await done;
    expect(result!.status).toBe('cancelled');
    expect(seen[0]!.aborted).toBe(true);
    expect(seen[0]!.reason).toBe(reason);
    expect(result!.error?.cause).toBe(reason);
  });

  it('a stream closed with throw() and no reason aborts tools with an AbortError, as AbortController does', async () => {
    const started = deferred();
    const seen: AbortSignal[] = [];
    const executor = createExecutor({
      tools: [
        readTool('hang', (_input, context) => {
          seen.push(context.signal);
          started.resolve();
          return new Promise(() => {});
        }),
      ],
    });
    const stream = executor.stream([call('a', 'hang', { q: '1' })]);
    const iterator = stream[Symbol.asyncIterator]();
    await started.promise;
    await expect(iterator.throw!(undefined)).rejects.toBeUndefined();
    const [result] = await stream.results;
    expect(result!.status).toBe('cancelled');
    const reason = seen[0]!.reason as DOMException;
    expect(reason).toBeInstanceOf(DOMException);
    expect(reason.name).toBe('AbortError');
    expect(reason.message).toBe('This operation was aborted');
  });

  it('once made (an approval waits), the abort cancels running calls before the prompter hears it', async () => {
    const order: string[] = [];
    const running = deferred();
    let prompted: ApprovalRequest | undefined;
    const asked = deferred();
    const executor = createExecutor({
      tools: [
        readTool('run', (_input, context) => {
          context.signal.addEventListener('abort', () => order.push('tool'));
          running.resolve();
          return new Promise(() => {});
        }),
        readTool('ask', async () => 'ran', { approval: 'ask' }),
      ],
      approvals: {
        prompt: (request) => {
          prompted = request;
          request.signal.addEventListener('abort', () => order.push('prompter'));
          asked.resolve();
          return new Promise(() => {});
        },
      },
    });
    const controller = new AbortController();
    const done = executor.execute([call('a', 'run', { q: '1' }), call('b', 'ask', { q: '2' })], {
      signal: controller.signal,
    });
    await Promise.all([running.promise, asked.promise]);
    controller.abort(new Error('stop'));
    const results = await done;
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(order).toEqual(['tool', 'prompter']);
    expect(prompted!.signal.aborted).toBe(true);
  });

  it('a decider that aborts the run and then answers with a promise finds the signal made already aborted', async () => {
    const controller = new AbortController();
    let decided = 0;
    const executor = createExecutor({
      tools: [readTool('r')],
      permissions: {
        decide: () => {
          decided += 1;
          controller.abort(new Error('stop from the decider'));
          return new Promise(() => {}); // never answers: only the abort can end the wait
        },
      },
    });
    const results = await executor.execute([call('a', 'r', { q: '1' }), call('b', 'r', { q: '2' })], {
      signal: controller.signal,
    });
    expect(results.map((result) => result.status)).toEqual(['cancelled', 'cancelled']);
    expect(results[0]!.content).toMatch(/waiting for its permission decision/);
    expect(results[1]!.content).toMatch(/before this call started/);
    expect(decided).toBe(1);
  });
});
