// @dexter/openai-agents: Dexter tools, executor and permission engine inside the OpenAI Agents SDK.
export type { AgentsTools, AgentsToolsOptions, ResumableRunState } from './create-agents-tools';
export { createAgentsTools } from './create-agents-tools';
