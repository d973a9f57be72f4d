/**
 * The `mcpServers` config, in the shape users already write for other agents:
 * `{ "mcpServers": { name: { command, args, env, cwd } | { url, headers } } }`. Parsed with
 * zod so a wrong field is a clear `invalid_config` error naming the server and the field.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { McpError } from './errors';

/** A server spawned as a child process, spoken to over its stdin/stdout. */
export interface StdioServerConfig {
  /** The program to run (e.g. `node`, `npx`, an absolute path). */
  command: string;
  args?: string[];
  /** Extra environment variables; the child also gets the SDK's safe defaults (PATH, HOME, ...). */
  env?: Record<string, string>;
  /** Working directory of the child. */
  cwd?: string;
}

/** A server reached over HTTP: Streamable HTTP first, the older SSE transport as a fallback. */
export interface HttpServerConfig {
  url: string;
  /** Sent with every request (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** Shorthand for `headers.Authorization = "Bearer <token>"`. */
  bearerToken?: string;
  /** `'streamable-http'` or `'sse'` to skip the fallback; default: try Streamable HTTP, then SSE. */
  transport?: 'streamable-http' | 'sse';
}

/** One server's entry. */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** The whole config: server name → entry. */
export interface McpServersConfig {
  mcpServers: Record<string, McpServerConfig>;
}

const stringRecord = z.record(z.string(), z.string());

const stdioSchema = z.strictObject({
  command: z.string().min(1, 'command must not be empty'),
  args: z.array(z.string()).optional(),
  env: stringRecord.optional(),
  cwd: z.string().min(1).optional(),
  // Written by other agents' configs; accepted and ignored.
  type: z.literal('stdio').optional(),
});

const httpSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }),
  headers: stringRecord.optional(),
  bearerToken: z.string().min(1).optional(),
  transport: z.enum(['streamable-http', 'sse']).optional(),
  type: z.enum(['http', 'sse', 'streamable-http']).optional(),
});

/**
 * A server name usable in `mcp__<server>__<tool>`: letters, digits, `-` and single `_`
 * between them, so the first `__` after `mcp__` always ends the server part.
 */
const serverNamePattern = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(entry)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Checks a config object and returns it normalised (HTTP `type: 'sse'` becomes
 * `transport: 'sse'`). Throws `McpError('invalid_config')` naming the server and field.
 *
 * @example
 * ```ts
 * const config = parseMcpConfig({ mcpServers: { fs: { command: 'node', args: ['server.js', '/tmp'] } } });
 * ```
 */
export function parseMcpConfig(value: unknown): McpServersConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new McpError('invalid_config', 'The MCP config must be an object like { "mcpServers": { ... } }');
  }
  const servers = (value as { mcpServers?: unknown }).mcpServers;
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw new McpError(
      'invalid_config',
      'The MCP config needs an "mcpServers" object: { "mcpServers": { name: {...} } }',
    );
  }
  const out: Record<string, McpServerConfig> = {};
  for (const [name, entry] of Object.entries(servers)) {
    if (!serverNamePattern.test(name) || name.length > 40) {
      throw new McpError(
        'invalid_config',
        `MCP server name ${JSON.stringify(name)} must be 1-40 letters, digits, "-" or single "_" between them: it becomes part of tool names mcp__${name}__<tool>`,
        { server: name },
      );
    }
    const isHttp = typeof entry === 'object' && entry !== null && 'url' in entry;
    const parsed = (isHttp ? httpSchema : stdioSchema).safeParse(entry);
    if (!parsed.success) {
      throw new McpError(
        'invalid_config',
        `MCP server "${name}" (${isHttp ? 'url' : 'command'} entry): ${describeIssues(parsed.error)}`,
        { server: name, cause: parsed.error },
      );
    }
    if (isHttp) {
      const { type, ...http } = parsed.data as z.infer<typeof httpSchema>;
      out[name] = type === 'sse' && http.transport === undefined ? { ...http, transport: 'sse' } : http;
    } else {
      const { type: _type, ...stdio } = parsed.data as z.infer<typeof stdioSchema>;
      out[name] = stdio;
    }
  }
  return { mcpServers: out };
}

/**
 * Reads and checks a JSON config file (the format of `.mcp.json` / `claude_desktop_config.json`).
 *
 * @example
 * ```ts
 * const { tools, close } = await connectMcpServers(await loadMcpConfig('.mcp.json'));
 * ```
 */
export async function loadMcpConfig(file: string): Promise<McpServersConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new McpError('invalid_config', `Cannot read MCP config ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new McpError(
      'invalid_config',
      `MCP config ${file} is not valid JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  return parseMcpConfig(json);
}

/** True for a `{ url }` entry. */
export function isHttpServerConfig(config: McpServerConfig): config is HttpServerConfig {
  return 'url' in config;
}
