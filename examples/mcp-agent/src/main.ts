// The scripted model calling an MCP filesystem server's tools through the Dexter executor, with rules and approvals.
// Work in progress.
export {};
