// @dexter/openai-agents: Dexter tools, executor and permission engine inside the OpenAI Agents SDK.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/openai-agents';
