// The OpenAI Agents SDK adapter, as quoted in docs/guides/framework-adapters.md.
// #region openai-agents
import { createAgentsTools } from '@dexter/openai-agents';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { Agent, type Model, RunState, run } from '@openai/agents';
import { z } from 'zod';

export const deployed: string[] = [];

const deploy = defineTool({
  name: 'deploy',
  inputSchema: z.object({ service: z.string() }),
  description: 'Deploys a service to production.',
  compactDescription: 'Deploy a service',
  execute: ({ service }) => {
    deployed.push(service);
    return `${service} deployed`;
  },
});

export function opsAgent(model: Model) {
  const adapter = createAgentsTools({
    tools: [deploy],
    permissions: createPermissionEngine({ rules: { deny: ['Bash(rm:*)'] } }),
  });
  const agent = new Agent({
    name: 'ops',
    instructions: 'Deploy what you are asked to.',
    model,
    tools: adapter.tools,
  });
  return { agent, adapter };
}

type Ops = ReturnType<typeof opsAgent>;

/** Request 1: run until the engine asks; keep the state (a database row the client cannot edit). */
export async function start({ agent }: Ops, prompt: string) {
  const result = await run(agent, prompt);
  return { state: result.state.toString(), pending: result.interruptions.map((item) => item.toJSON()) };
}

/** Request 2, maybe on another instance: answer the approvals and finish the run. */
export async function finish({ agent, adapter }: Ops, state: string, approve: boolean): Promise<unknown> {
  const resumed = await RunState.fromString(agent, state);
  // The turn's calls and their order, so a call never runs before an earlier unanswered one.
  adapter.prepareResume(resumed);
  for (const item of resumed.getInterruptions()) {
    if (approve) resumed.approve(item);
    else resumed.reject(item);
  }
  return (await run(agent, resumed)).finalOutput;
}
// #endregion openai-agents
