import { describe, expect, it } from 'vitest';
import { ExecutorError } from './errors';
import { createExecutor } from './executor';
import { createSession } from './session';
import { readTool } from './test-support';

function errorOf(run: () => unknown): ExecutorError {
  try {
    run();
  } catch (error) {
    if (ExecutorError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected createExecutor to throw');
}

describe('createExecutor options', () => {
  const tool = readTool('r');

  it.each([
    ['no options object', undefined, 'invalid_option', /options object/],
    ['neither tools nor registry', {}, 'invalid_tools', /pass the tools/],
    ['both tools and registry', { tools: [], registry: {} }, 'invalid_tools', /not both/],
    ['tools not an array', { tools: tool }, 'invalid_tools', /must be an array/],
    ['a non-tool in tools', { tools: [tool, { name: 'x' }] }, 'invalid_tools', /tools\[1\].*defineTool/],
    ['duplicate names', { tools: [tool, readTool('r')] }, 'invalid_tools', /two tools are named "r"/],
    ['registry without list()', { registry: {} }, 'invalid_tools', /createToolRegistry/],
    [
      'permissions without decide()',
      { tools: [tool], permissions: {} },
      'invalid_option',
      /decide\(request\)/,
    ],
    [
      'approvals without prompt()',
      { tools: [tool], approvals: () => 'allow-once' },
      'invalid_option',
      /prompt\(request\)/,
    ],
    [
      'maxConcurrency 0',
      { tools: [tool], maxConcurrency: 0 },
      'invalid_option',
      /maxConcurrency.*positive integer/,
    ],
    ['maxConcurrency 1.5', { tools: [tool], maxConcurrency: 1.5 }, 'invalid_option', /positive integer/],
    ['timeoutMs negative', { tools: [tool], timeoutMs: -5 }, 'invalid_option', /timeoutMs/],
    [
      'timeoutMs Infinity',
      { tools: [tool], timeoutMs: Number.POSITIVE_INFINITY },
      'invalid_option',
      /timeoutMs/,
    ],
    ['softLimits not an object', { tools: [tool], softLimits: 3 }, 'invalid_option', /softLimits/],
    [
      'bad similarity threshold',
      { tools: [tool], softLimits: { similarityThreshold: 2 } },
      'invalid_option',
      /similarityThreshold/,
    ],
    [
      'bad per-tool limit',
      { tools: [tool], softLimits: { perTool: { r: 0 } } },
      'invalid_option',
      /perTool\.r/,
    ],
    ['clock without timers', { tools: [tool], clock: { now: () => 0 } }, 'invalid_option', /clock/],
    ['session not from createSession', { tools: [tool], session: {} }, 'invalid_option', /createSession/],
    [
      'unknown option with a hint',
      { tools: [tool], prompter: {} },
      'invalid_option',
      /Did you mean `approvals`/,
    ],
  ])('%s → %s', (_label, options, code, message) => {
    const error = errorOf(() => createExecutor(options as never));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.name).toBe('ExecutorError');
  });

  it('names the option at fault', () => {
    expect(errorOf(() => createExecutor({ tools: [tool], maxConcurrency: -1 })).option).toBe(
      'maxConcurrency',
    );
  });

  it('accepts a full valid configuration and exposes its session', () => {
    const session = createSession();
    const executor = createExecutor({
      tools: [tool],
      permissions: { decide: () => ({ behavior: 'allow', reason: '', sessionKey: 'k', cacheable: true }) },
      approvals: { prompt: async () => 'deny' as const },
      maxConcurrency: Number.POSITIVE_INFINITY,
      timeoutMs: 1000,
      softLimits: { maxCallsPerTool: 5, perTool: { r: 2 }, similarityThreshold: false },
      session,
      cwd: '/tmp',
    });
    expect(executor.session).toBe(session);
  });
});
