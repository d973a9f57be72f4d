/**
 * `@dexter/registry/openai`: `LlmClient` adapters over the official `openai` client (an
 * optional peer dependency — only its types are imported here), plus the pure mapping
 * functions for hosts that run their own loop.
 */
export type {
  OpenAIChatCapable,
  OpenAIChatClientOptions,
  OpenAIRequestOptions,
} from './adapters/openai-chat-client';
export { createOpenAIChatClient } from './adapters/openai-chat-client';
export type { OpenAIChatMessageOptions } from './adapters/openai-chat-messages';
export {
  fromOpenAIChatCompletion,
  toOpenAIChatMessages,
  toOpenAIChatToolChoice,
} from './adapters/openai-chat-messages';
export { collectOpenAIChatStream } from './adapters/openai-chat-stream';
export type {
  OpenAIResponsesCapable,
  OpenAIResponsesClientOptions,
} from './adapters/openai-responses-client';
export { createOpenAIResponsesClient } from './adapters/openai-responses-client';
export type { OpenAIResponsesInputOptions } from './adapters/openai-responses-input';
export {
  fromOpenAIResponse,
  toOpenAIResponsesInput,
  toOpenAIResponsesToolChoice,
} from './adapters/openai-responses-input';
export { collectOpenAIResponsesStream } from './adapters/openai-responses-stream';
export type {
  OpenAIChatToolDefinition,
  OpenAIResponsesToolDefinition,
  OpenAIStrictness,
  OpenAIToolOptions,
  StrictOption,
} from './provider-schemas';
export {
  openAIStrictness,
  toOpenAIChatTool,
  toOpenAIChatTools,
  toOpenAIResponsesTool,
  toOpenAIResponsesTools,
} from './provider-schemas';
