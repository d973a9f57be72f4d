/**
 * Runs the adapter inside the real OpenAI Agents SDK runner with a fake `Model` (no network):
 * the model asks for function calls, the runner runs them through our tools, approvals go
 * through the SDK's interruptions and a serialized `RunState`.
 */
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { createMemoryFileTools } from '@dexter/registry/testing';
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RunState,
  run,
  setTracingDisabled,
  Usage,
} from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentsTools } from './create-agents-tools';

beforeAll(() => setTracingDisabled(true));

type Output = ModelResponse['output'];
const functionCall = (callId: string, name: string, input: unknown): Output[number] => ({
  type: 'function_call',
  callId,
  name,
  arguments: JSON.stringify(input),
  status: 'completed',
});
const text = (value: string): Output[number] => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: value }],
});

/** Answers with the given turns, then with text; records what the tools returned to it. */
class ScriptedModel implements Model {
  step = 0;
  seenOutputs: string[] = [];
  constructor(private readonly turns: Output[]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    if (Array.isArray(request.input)) {
      for (const item of request.input) {
        if (item.type !== 'function_call_result') continue;
        const { output } = item;
        if (typeof output === 'string') this.seenOutputs.push(`${item.callId}: ${output}`);
        else if (!Array.isArray(output) && output.type === 'text') {
          this.seenOutputs.push(`${item.callId}: ${output.text}`);
        }
      }
    }
    const output = this.turns[this.step] ?? [text('done')];
    this.step += 1;
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: not streamed in these tests
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('not streamed in these tests');
  }
}

function shellTool(ran: string[]) {
  return defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command.',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command }),
    execute: ({ command }) => {
      ran.push(command);
      return `ran: ${command}`;
    },
  });
}

const engine = () =>
  createPermissionEngine({
    cwd: '/project',
    rules: { allow: ['Bash(echo:*)', 'Bash(cat:*)'], deny: ['Bash(rm:*)'] },
  });

describe('createAgentsTools in the Agents SDK runner', () => {
  it('allows, denies (rule and floor) and interrupts on ask; approved after a serialized resume, it runs once', async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([
      [
        functionCall('c1', 'bash', { command: 'echo hello' }),
        functionCall('c2', 'bash', { command: 'rm -rf build' }),
        functionCall('c3', 'bash', { command: 'cat .env' }),
        functionCall('c4', 'bash', { command: 'git push' }),
      ],
    ]);
    const agentWith = (tools: ReturnType<typeof createAgentsTools>['tools']) =>
      new Agent({ name: 'ops', instructions: 'Run commands.', model, tools });
    const first = createAgentsTools({ tools: [shellTool(ran)], cwd: '/project', permissions: engine() });
    const agent = agentWith(first.tools);
    const paused = await run(agent, 'go');
    expect(
      paused.interruptions.map((item) => item.rawItem.type === 'function_call' && item.rawItem.callId),
    ).toEqual(['c4']);
    expect(ran).toEqual(['echo hello']);
    expect([...first.results.values()].map((result) => [result.toolCallId, result.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'denied'],
      ['c3', 'denied'],
    ]);

    // Another process: a fresh adapter and agent, the state from its JSON.
    const second = createAgentsTools({ tools: [shellTool(ran)], cwd: '/project', permissions: engine() });
    const resumedAgent = agentWith(second.tools);
    const state = await RunState.fromString(resumedAgent, paused.state.toString());
    second.prepareResume(state);
    for (const item of state.getInterruptions()) state.approve(item);
    const finished = await run(resumedAgent, state);
    expect(ran).toEqual(['echo hello', 'git push']);
    expect(second.results.get('c4')?.status).toBe('ok');
    expect(finished.finalOutput).toBe('done');
    expect(model.seenOutputs).toContain('c4: ran: git push');
  });

  it('a rejected interruption never runs the call', async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([[functionCall('c1', 'bash', { command: 'git push' })]]);
    const { tools } = createAgentsTools({ tools: [shellTool(ran)], cwd: '/project', permissions: engine() });
    const agent = new Agent({ name: 'ops', instructions: 'x', model, tools });
    const paused = await run(agent, 'go');
    for (const item of paused.interruptions) paused.state.reject(item);
    await run(agent, paused.state);
    expect(ran).toEqual([]);
  });

  it('answers bad input with a readable invalid_input result', async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([[functionCall('c1', 'bash', { command: 42 })]]);
    const adapter = createAgentsTools({ tools: [shellTool(ran)], cwd: '/project', permissions: engine() });
    const agent = new Agent({ name: 'ops', instructions: 'x', model, tools: adapter.tools });
    await run(agent, 'go');
    expect(adapter.results.get('c1')?.status).toBe('invalid_input');
    expect(model.seenOutputs.join('\n')).toMatch(/c1: Invalid input[\s\S]*command: /);
    expect(ran).toEqual([]);
  });
});

describe('an approval authorises one exact call, in its order (issue 26)', () => {
  const deploy = (ran: string[], approval: 'allow' | 'ask' = 'ask') =>
    defineTool({
      name: 'deploy',
      inputSchema: z.object({ env: z.string() }),
      description: 'Deploys.',
      compactDescription: 'Deploy',
      approval,
      execute: ({ env }) => {
        ran.push(env);
        return `deployed ${env}`;
      },
    });

  it('two calls sharing one call id: nothing runs (the SDK stops the run; the bridge refuses too)', async () => {
    for (const approval of ['ask', 'allow'] as const) {
      const ran: string[] = [];
      const model = new ScriptedModel([
        [functionCall('c1', 'deploy', { env: 'prod' }), functionCall('c1', 'deploy', { env: 'staging' })],
      ]);
      const adapter = createAgentsTools({ tools: [deploy(ran, approval)] });
      const agent = new Agent({ name: 'ops', instructions: 'x', model, tools: adapter.tools });
      await expect(run(agent, 'go')).rejects.toThrow(/c1/);
      expect(ran).toEqual([]);
    }
    // The bridge on its own: two calls under one id in one turn (asked about together, as
    // the runner does before it runs them) are both refused.
    const ran: string[] = [];
    const adapter = createAgentsTools({ tools: [deploy(ran, 'allow')] });
    const [tool] = adapter.tools;
    const asked = await Promise.all(
      ['prod', 'staging'].map((env) => tool!.needsApproval({} as never, { env } as never, 'c9')),
    );
    expect(asked).toEqual([false, false]);
    const invoke = (env: string) =>
      tool!.invoke({} as never, JSON.stringify({ env }), {
        toolCall: functionCall('c9', 'deploy', { env }),
      } as never);
    const outputs = await Promise.all([invoke('prod'), invoke('staging')]);
    expect(ran).toEqual([]);
    expect(outputs.map(String).every((text) => /more than one call/.test(text))).toBe(true);
  });

  it('a write waiting for approval, then an allowed read of the written file: the read waits, then runs after', async () => {
    const { write, read, log } = createMemoryFileTools();
    const model = new ScriptedModel([
      [
        functionCall('w1', 'write_file', { path: 'a.txt', text: 'new' }),
        functionCall('r2', 'read_file', { path: 'a.txt' }),
      ],
    ]);
    const first = createAgentsTools({ tools: [write, read] });
    const agent = new Agent({ name: 'ops', instructions: 'x', model, tools: first.tools });
    const paused = await run(agent, 'go');
    expect(log).toEqual([]);
    expect(
      paused.interruptions.map((item) => item.rawItem.type === 'function_call' && item.rawItem.callId),
    ).toEqual(['w1', 'r2']);
    // Another process resumes, approving in the other order.
    const second = createAgentsTools({ tools: [write, read] });
    const resumedAgent = new Agent({ name: 'ops', instructions: 'x', model, tools: second.tools });
    const state = await RunState.fromString(resumedAgent, paused.state.toString());
    second.prepareResume(state);
    for (const item of [...state.getInterruptions()].reverse()) state.approve(item);
    await run(resumedAgent, state);
    expect(log).toEqual(['write a.txt', 'read a.txt']);
    expect(model.seenOutputs).toContain('r2: new');
  });
  it('across two instances: a later call approved while an earlier write is left unanswered does not run first', async () => {
    const { write, reader: read, files, log } = createMemoryFileTools();
    for (const approval of ['allow', 'ask'] as const) {
      log.length = 0;
      files.clear();
      const model = new ScriptedModel([
        [
          functionCall('w1', 'write_file', { path: 'a.txt', text: 'new' }),
          functionCall('r2', 'read_file', { path: 'a.txt' }),
        ],
      ]);
      const instance = () => {
        const adapter = createAgentsTools({ tools: [write, read(approval)] });
        return { adapter, agent: new Agent({ name: 'ops', instructions: 'x', model, tools: adapter.tools }) };
      };
      const first = instance();
      const paused = await run(first.agent, 'go');
      // Another process answers only the read; the write stays unanswered.
      const second = instance();
      const state = await RunState.fromString(second.agent, paused.state.toString());
      second.adapter.prepareResume(state);
      const [, readItem] = state.getInterruptions();
      expect(readItem?.rawItem).toMatchObject({ callId: 'r2' });
      state.approve(readItem!);
      const again = await run(second.agent, state);
      expect(log).toEqual([]);
      expect(second.adapter.results.get('r2')).toMatchObject({ status: 'cancelled' });
      expect(second.adapter.results.get('r2')?.content).toMatch(/write_file/);
      expect(
        again.interruptions.map((item) => item.rawItem.type === 'function_call' && item.rawItem.callId),
      ).toEqual(['w1']);
      // A third process answers the write: it runs; the read never ran before it.
      const third = instance();
      const last = await RunState.fromString(third.agent, again.state.toString());
      third.adapter.prepareResume(last);
      for (const item of last.getInterruptions()) last.approve(item);
      await run(third.agent, last);
      expect(log).toEqual(['write a.txt']);
      expect(model.seenOutputs.find((line) => line.startsWith('r2:'))).toMatch(/did not run/);
    }
  });

  it('the order comes from the prepared state, not from when the runner re-asks the earlier call', async () => {
    const { write, read, log } = createMemoryFileTools();
    const model = new ScriptedModel([
      [
        functionCall('w1', 'write_file', { path: 'a.txt' }),
        functionCall('r2', 'read_file', { path: 'a.txt' }),
      ],
    ]);
    const first = createAgentsTools({ tools: [write, read] });
    const paused = await run(new Agent({ name: 'ops', instructions: 'x', model, tools: first.tools }), 'go');
    const second = createAgentsTools({ tools: [write, read] });
    const agent = new Agent({ name: 'ops', instructions: 'x', model, tools: second.tools });
    second.prepareResume(await RunState.fromString(agent, paused.state.toString()));
    // The runner, resumed with only the read approved: this instance is asked about the read
    // alone (the write is not re-asked first), then runs it.
    const context = {
      isToolApproved: ({ callId }: { callId: string }) => (callId === 'r2' ? true : undefined),
    };
    const readTool = second.tools.find((candidate) => candidate.name === 'read_file')!;
    await readTool.needsApproval(context as never, { path: 'a.txt' } as never, 'r2');
    const output = await readTool.invoke(context as never, JSON.stringify({ path: 'a.txt' }), {
      toolCall: functionCall('r2', 'read_file', { path: 'a.txt' }),
    } as never);
    expect(log).toEqual([]);
    expect(second.results.get('r2')).toMatchObject({ status: 'cancelled' });
    expect(String(output)).toMatch(/write_file/);
  });

  it('a resumed approved call whose turn this instance never saw, without prepareResume: refused, nothing runs', async () => {
    const log: string[] = [];
    const model = new ScriptedModel([
      [functionCall('d1', 'deploy', { env: 'prod' }), functionCall('d2', 'deploy', { env: 'staging' })],
    ]);
    const instance = () => {
      const adapter = createAgentsTools({ tools: [deploy(log)] });
      return { adapter, agent: new Agent({ name: 'ops', instructions: 'x', model, tools: adapter.tools }) };
    };
    const first = instance();
    const paused = await run(first.agent, 'go');
    const serialized = paused.state.toString();
    const second = instance();
    const state = await RunState.fromString(second.agent, serialized);
    // Only the later call is answered, and the host forgot `prepareResume`.
    state.approve(state.getInterruptions()[1]!);
    await run(second.agent, state);
    expect(log).toEqual([]);
    expect(second.adapter.results.get('d2')).toMatchObject({ status: 'denied' });
    expect(second.adapter.results.get('d2')?.content).toMatch(/prepareResume/);
    // Not counted as run: the same state, resumed properly, runs the calls in order.
    const third = instance();
    const proper = await RunState.fromString(third.agent, serialized);
    third.adapter.prepareResume(proper);
    for (const item of proper.getInterruptions()) proper.approve(item);
    await run(third.agent, proper);
    expect(log).toEqual(['prod', 'staging']);
  });

  it('a later call approved while an earlier write is left unanswered: it does not run first', async () => {
    const { write, reader: read, files, log } = createMemoryFileTools();
    for (const approval of ['allow', 'ask'] as const) {
      log.length = 0;
      files.clear();
      const model = new ScriptedModel([
        [
          functionCall('w1', 'write_file', { path: 'a.txt', text: 'new' }),
          functionCall('r2', 'read_file', { path: 'a.txt' }),
        ],
      ]);
      const adapter = createAgentsTools({ tools: [write, read(approval)] });
      const agent = new Agent({ name: 'ops', instructions: 'x', model, tools: adapter.tools });
      const paused = await run(agent, 'go');
      const [, readItem] = paused.interruptions;
      expect(readItem).toBeDefined();
      // The host answers only the read; the write stays unanswered.
      paused.state.approve(readItem!);
      const again = await run(agent, paused.state);
      expect(log).toEqual([]);
      expect(adapter.results.get('r2')).toMatchObject({ status: 'cancelled' });
      expect(adapter.results.get('r2')?.content).toMatch(/write_file/);
      expect(
        again.interruptions.map((item) => item.rawItem.type === 'function_call' && item.rawItem.callId),
      ).toEqual(['w1']);
      // The write, answered later, runs; the read never ran before it (the model reads why).
      for (const item of again.interruptions) again.state.approve(item);
      await run(agent, again.state);
      expect(log).toEqual(['write a.txt']);
      expect(model.seenOutputs.find((line) => line.startsWith('r2:'))).toMatch(/did not run/);
    }
  });
});
