// The Vercel AI SDK adapter, as quoted in docs/guides/framework-adapters.md.
// #region ai-sdk
import { createAiSdkTools } from '@dexter/ai-sdk';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { generateText, type LanguageModel, type ModelMessage, stepCountIs } from 'ai';
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

const { tools } = createAiSdkTools({
  tools: [deploy],
  // No rule allows `deploy` (a tool that asks by default): the AI SDK returns an approval
  // request. The built-in floor and deny rules still deny without asking.
  permissions: createPermissionEngine({ rules: { deny: ['Bash(rm:*)'] } }),
});

/** One conversation turn: the host's UI answers each approval request (`approve`). */
export async function converse(
  model: LanguageModel,
  prompt: string,
  approve: (toolName: string, input: unknown) => boolean,
): Promise<string> {
  const messages: ModelMessage[] = [{ role: 'user', content: prompt }];
  for (;;) {
    const result = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) });
    messages.push(...result.response.messages);
    const requests = result.content.filter((part) => part.type === 'tool-approval-request');
    if (requests.length === 0) return result.text;
    messages.push({
      role: 'tool',
      content: requests.map((request) => ({
        type: 'tool-approval-response' as const,
        approvalId: request.approvalId,
        approved: approve(request.toolCall.toolName, request.toolCall.input),
      })),
    });
  }
}
// #endregion ai-sdk
