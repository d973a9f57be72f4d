// @dexter/mcp: MCP servers' tools through the Dexter executor and permission engine, and the
// registry served as an MCP server. The whole public surface, by name.
export { approvalElicitation } from './approval-elicitation';
export type { HttpServerConfig, McpServerConfig, McpServersConfig, StdioServerConfig } from './config';
export { loadMcpConfig, parseMcpConfig } from './config';
export type { ConnectMcpServersOptions, McpConnection, McpWarning } from './connect-mcp-servers';
export { connectMcpServers } from './connect-mcp-servers';
export type { McpContentBlock, McpToolOutput } from './content';
export { renderContentBlock, renderMcpContent } from './content';
export type { McpErrorCode } from './errors';
export { McpError } from './errors';
export type { McpLaunch, McpRootsSource, McpSubjectContext, McpSubjectMapper } from './filesystem-subjects';
export { filesystemSubjects, placeDirectory, resolveFilesystemServerPath } from './filesystem-subjects';
export type { McpInputSchema } from './json-schema-input';
export { jsonSchemaInput } from './json-schema-input';
export type { McpServerOptions } from './mcp-tool';
export { compactDescriptionOf, createMcpTool } from './mcp-tool';
export type { ProcessGroupStdioOptions } from './process-group-transport';
export { ProcessGroupStdioTransport } from './process-group-transport';
export {
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MAX_INPUT_SCHEMA_CHARS,
  DEFAULT_MAX_RESULT_CHARS,
} from './result-limits';
export type { McpHttpTransportOptions, McpServeSource, McpServing, ServeMcpOptions } from './serve-mcp';
export { serveMcp } from './serve-mcp';
export type {
  McpCallOptions,
  McpElicitationHandler,
  McpRequestContext,
  McpSamplingHandler,
  McpServerConnectionOptions,
  McpToolDefinition,
} from './server-connection';
export { McpServerConnection } from './server-connection';
export { MCP_NAME_SEPARATOR, McpToolNames, mcpToolName } from './tool-names';
