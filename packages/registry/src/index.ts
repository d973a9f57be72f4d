export type { DexterErrorOptions, RegistryErrorCode } from './errors';
export { DexterError, RegistryError, toError } from './errors';
export type {
  FallbackChain,
  FallbackChainOptions,
  FallbackFailure,
  FallbackProvider,
  FallbackResult,
} from './fallback-chain';
export { createFallbackChain } from './fallback-chain';
export type {
  AssistantMessage,
  LlmClient,
  LlmCompletion,
  LlmCompletionRequest,
  LlmMessage,
  LlmStopReason,
  ProviderItems,
  ToolCall,
  ToolChoice,
  ToolResultMessage,
} from './llm-client';
export { assistantMessage, toolResultMessage } from './llm-client';
export type {
  AnthropicToolDefinition,
  JsonSchema,
  OpenAIChatToolDefinition,
  OpenAIResponsesToolDefinition,
  OpenAIStrictness,
  OpenAIToolOptions,
  StrictOption,
  ToolSource,
} from './provider-schemas';
export {
  openAIStrictness,
  toAnthropicTool,
  toAnthropicTools,
  toJsonSchema,
  toOpenAIChatTool,
  toOpenAIChatTools,
  toOpenAIResponsesTool,
  toOpenAIResponsesTools,
} from './provider-schemas';
export { credentialValues, redactCredentials } from './redact-credentials';
export type {
  AnyTool,
  ApprovalPolicy,
  AvailabilityPredicate,
  PermissionSubject,
  ProgressUpdate,
  Tool,
  ToolContext,
  ToolDefinition,
  ToolEnvironment,
  ToolExecuteResult,
  ToolInput,
  ToolInputSchema,
  ToolOutput,
} from './tool';
export { defineTool, invokeTool, isTool, TOOL_NAME_PATTERN, toolNameProblem } from './tool';
export type { ToolRegistry, ToolRegistryOptions, UnavailableTool } from './tool-registry';
export {
  allOf,
  createToolRegistry,
  onChannel,
  onPlatform,
  requiresAnyEnv,
  requiresEnv,
} from './tool-registry';
