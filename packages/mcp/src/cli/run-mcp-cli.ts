/**
 * `dexter-mcp`: `dexter-mcp serve --finance` serves `get_financials` and its siblings as an
 * MCP server over stdio, offline on the embedded SEC dataset; `--http PORT` serves
 * Streamable HTTP on 127.0.0.1 instead. Kept apart from the bin so tests can drive it.
 *
 * `@dexter/finance-tools` is an optional peer dependency, loaded only for `--finance`: the
 * library (`connectMcpServers`, `serveMcp`) does not need it, and a missing install is a
 * one-line error saying what to install.
 */
import { createToolRegistry } from '@dexter/registry';
import { McpError } from '../errors';
import { type McpServing, serveMcp } from '../serve-mcp';

/** What the CLI writes to and reads from. */
export interface McpCliIo {
  /** Diagnostics (never stdout: over stdio, stdout is the protocol). */
  stderr(text: string): void;
  /** Resolves when the host wants the server to stop (stdin closed, SIGINT, SIGTERM). */
  stopped: Promise<void>;
  /** Loads `@dexter/finance-tools` (default: a dynamic import; tests pass their own). */
  loadFinanceTools?: () => Promise<FinanceToolsModule>;
}

/** What the CLI uses of `@dexter/finance-tools`. */
export type FinanceToolsModule = Pick<
  typeof import('@dexter/finance-tools'),
  'createEmbeddedProvider' | 'createFinanceTools'
>;

const FINANCE_PACKAGE = '@dexter/finance-tools';

/** The finance tools package, or an error that says how to install it. */
async function loadFinance(load: () => Promise<FinanceToolsModule>): Promise<FinanceToolsModule> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
      String((error as Error).message).includes(FINANCE_PACKAGE);
    throw new McpError(
      'serve_failed',
      missing
        ? `--finance needs the optional package ${FINANCE_PACKAGE}, which is not installed: npm install ${FINANCE_PACKAGE}`
        : `cannot load ${FINANCE_PACKAGE}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The parsed command line. */
export interface McpCliArguments {
  command: 'serve' | 'help';
  finance: boolean;
  http?: { port: number; host: string; sessionIdleMs?: number };
}

export const MCP_CLI_USAGE = `Usage: dexter-mcp serve --finance [--http PORT] [--host HOST] [--session-idle SECONDS]

  serve --finance   serve get_financials, get_market_data and read_filings over MCP,
                    offline on the embedded SEC dataset (stdio by default);
                    needs the package @dexter/finance-tools
  --http PORT       Streamable HTTP on http://HOST:PORT/mcp instead of stdio
  --host HOST       interface for --http (default 127.0.0.1)
  --session-idle S  close an HTTP session unused for S seconds (default 1800)

Add it to an MCP client: { "mcpServers": { "dexter": { "command": "dexter-mcp", "args": ["serve", "--finance"] } } }
`;

/** Parses argv (without `node` and the script). Throws `McpError('invalid_config')` with the usage. */
export function parseMcpCliArguments(argv: readonly string[]): McpCliArguments {
  const args = [...argv];
  const command = args.shift();
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    return { command: 'help', finance: false };
  }
  if (command !== 'serve')
    throw new McpError('invalid_config', `Unknown command "${command}"\n\n${MCP_CLI_USAGE}`);
  const parsed: McpCliArguments = { command: 'serve', finance: false };
  let host = '127.0.0.1';
  let port: number | undefined;
  let sessionIdleMs: number | undefined;
  while (args.length > 0) {
    const arg = args.shift()!;
    if (arg === '--finance') parsed.finance = true;
    else if (arg === '--http' || arg === '--host' || arg === '--session-idle') {
      const value = args.shift();
      if (value === undefined)
        throw new McpError('invalid_config', `${arg} needs a value\n\n${MCP_CLI_USAGE}`);
      if (arg === '--host') host = value;
      else if (arg === '--session-idle') {
        const seconds = Number(value);
        if (!/^\d+(\.\d+)?$/.test(value) || !(seconds > 0) || seconds > 2_000_000) {
          throw new McpError('invalid_config', `--session-idle expects a number of seconds, got "${value}"`);
        }
        sessionIdleMs = Math.round(seconds * 1000);
      } else {
        port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          throw new McpError('invalid_config', `--http expects a port number, got "${value}"`);
        }
      }
    } else throw new McpError('invalid_config', `Unknown option "${arg}"\n\n${MCP_CLI_USAGE}`);
  }
  if (!parsed.finance) {
    throw new McpError('invalid_config', `serve needs a tool set: --finance\n\n${MCP_CLI_USAGE}`);
  }
  if (sessionIdleMs !== undefined && port === undefined) {
    throw new McpError('invalid_config', `--session-idle applies to --http only\n\n${MCP_CLI_USAGE}`);
  }
  if (port !== undefined)
    parsed.http = { port, host, ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }) };
  return parsed;
}

/** Runs the CLI until `io.stopped`; resolves to the exit code. */
export async function runMcpCli(argv: readonly string[], io: McpCliIo): Promise<number> {
  let parsed: McpCliArguments;
  try {
    parsed = parseMcpCliArguments(argv);
  } catch (error) {
    io.stderr(`dexter-mcp: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.stderr(MCP_CLI_USAGE);
    return 0;
  }
  let serving: McpServing;
  let registry: ReturnType<typeof createToolRegistry>;
  try {
    const finance = await loadFinance(io.loadFinanceTools ?? (() => import('@dexter/finance-tools')));
    registry = createToolRegistry(finance.createFinanceTools({ provider: finance.createEmbeddedProvider() }));
    serving = await serveMcp(registry, {
      transport: parsed.http
        ? {
            type: 'http',
            port: parsed.http.port,
            host: parsed.http.host,
            ...(parsed.http.sessionIdleMs === undefined ? {} : { sessionIdleMs: parsed.http.sessionIdleMs }),
          }
        : 'stdio',
      serverInfo: { name: 'dexter-finance', version: '0.1.0' },
      instructions:
        'Financial research over SEC filings (offline embedded dataset): call get_financials with a plain-language question such as "compare AAPL and NVDA revenue".',
    });
  } catch (error) {
    io.stderr(`dexter-mcp: ${(error as Error).message}\n`);
    return 1;
  }
  if (serving.url) io.stderr(`dexter-mcp: serving ${registry.names().join(', ')} at ${serving.url}\n`);
  await io.stopped;
  await serving.close();
  return 0;
}
