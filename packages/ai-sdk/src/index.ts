// @dexter/ai-sdk: Dexter tools, executor and permission engine inside the Vercel AI SDK (`ai` 6).
export type { AiSdkTools, AiSdkToolsOptions, DexterToolOutput } from './create-ai-sdk-tools';
export { createAiSdkTools } from './create-ai-sdk-tools';
