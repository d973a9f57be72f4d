// @dexter/mcp: MCP servers' tools through the Dexter executor and permission engine, and the registry served as an MCP server.
// Work in progress: the public surface is listed here by name as it lands.
export const packageName = '@dexter/mcp';
