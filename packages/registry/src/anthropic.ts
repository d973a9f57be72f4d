/**
 * `@dexter/registry/anthropic`: an `LlmClient` adapter over the official
 * `@anthropic-ai/sdk` client (an optional peer dependency — only its types are imported
 * here), plus the pure mapping functions for hosts that run their own loop.
 */
export type { AnthropicCapable, AnthropicClientOptions } from './adapters/anthropic-client';
export { createAnthropicClient } from './adapters/anthropic-client';
export type { AnthropicConversation } from './adapters/anthropic-messages';
export {
  fromAnthropicMessage,
  toAnthropicMessages,
  toAnthropicToolChoice,
} from './adapters/anthropic-messages';
export { collectAnthropicStream } from './adapters/anthropic-stream';
export type { AnthropicToolDefinition } from './provider-schemas';
export { toAnthropicTool, toAnthropicTools } from './provider-schemas';
