// @dexter/ai-sdk: Dexter tools, executor and permission engine inside the Vercel AI SDK.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/ai-sdk';
