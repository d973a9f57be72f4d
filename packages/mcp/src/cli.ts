#!/usr/bin/env node
/**
 * The `dexter-mcp` bin: `runMcpCli` wired to the process. Stops when stdin closes (the MCP
 * client went away; stdio mode) or on SIGINT/SIGTERM.
 */
import { runMcpCli } from './cli/run-mcp-cli';

const stopped = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
  const argv = process.argv.slice(2);
  if (!argv.includes('--http')) process.stdin.once('end', () => resolve());
});

runMcpCli(process.argv.slice(2), { stderr: (text) => process.stderr.write(text), stopped }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `dexter-mcp: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
