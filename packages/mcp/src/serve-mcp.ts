/**
 * `serveMcp`: the registry served as an MCP server. Every `tools/call` goes through a Dexter
 * executor, so an MCP client gets what a model in our own loop gets — input validation,
 * permission decisions, approvals, timeouts, progress and cancellation, one result per
 * call:
 * - approvals: when the client offers elicitation, an `ask` decision becomes an
 *   `elicitation/create` to the client ("Allow <tool>?"); otherwise it is denied, with a
 *   result saying why. (A host that passes its own executor keeps its own prompter.)
 * - progress: executor progress events become `notifications/progress` for calls that sent
 *   a `progressToken`.
 * - cancellation: a client's `notifications/cancelled` aborts the call's signal.
 * Transports: stdio, Streamable HTTP on 127.0.0.1 (one server and executor per session,
 * DNS-rebinding protection on), or any SDK `Transport` the host hands in.
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import {
  type ApprovalPrompter,
  createExecutor,
  type Executor,
  type ExecutorEvent,
  type ToolResult,
} from '@dexter/executor';
import { createPermissionEngine, type PermissionDecider } from '@dexter/permissions';
import { type AnyTool, isTool, type ToolRegistry, toJsonSchema } from '@dexter/registry';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool as SdkTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpContentBlock } from './content';
import { McpError } from './errors';

/** What to serve: a registry, a list of tools, or a ready executor (its own rules and prompter). */
export type McpServeSource = ToolRegistry | readonly AnyTool[] | Executor;

/** Streamable HTTP on a local port. */
export interface McpHttpTransportOptions {
  type: 'http';
  /** 0 (default) picks a free port; read it from `McpServing.port`. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default `/mcp`. */
  path?: string;
  /**
   * A session no request has used for this long is closed (default 30 minutes); its id then
   * gets 404 and the client starts a new one. A call still running keeps its session open.
   */
  sessionIdleMs?: number;
  /** Sessions open at once (default 100); an `initialize` beyond it gets 503. */
  maxSessions?: number;
}

/** Options of `serveMcp`. */
export interface ServeMcpOptions {
  transport: 'stdio' | McpHttpTransportOptions | Transport;
  /** Rules for a registry or tool list (default: `createPermissionEngine()` — the tools' own defaults, the floor). */
  permissions?: PermissionDecider;
  /** Executor timeout for every call (a registry or tool list). */
  timeoutMs?: number;
  /** Announced in `initialize`. Default `{ name: 'dexter', version: '0.1.0' }`. */
  serverInfo?: { name: string; version: string };
  /** Shown to clients as `instructions`. */
  instructions?: string;
}

/** A running server. */
export interface McpServing {
  /** For HTTP: the port and URL actually listened on. */
  readonly port?: number;
  readonly url?: string;
  /** Stops accepting, closes every session. */
  close(): Promise<void>;
}

function isExecutor(source: McpServeSource): source is Executor {
  return typeof (source as Executor).execute === 'function' && Array.isArray((source as Executor).tools);
}

function toolsOf(source: McpServeSource): readonly AnyTool[] {
  if (isExecutor(source)) return source.tools;
  if (Array.isArray(source)) return source;
  if (typeof (source as ToolRegistry).list === 'function') return (source as ToolRegistry).list();
  throw new McpError('serve_failed', 'serveMcp expects a ToolRegistry, an array of tools or an Executor');
}

function toMcpTool(tool: AnyTool): SdkTool {
  const { $schema: _ignored, ...inputSchema } = toJsonSchema(tool);
  const readOnly = tool.concurrencySafe && tool.approval === 'allow';
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: inputSchema as SdkTool['inputSchema'],
    annotations: { readOnlyHint: readOnly, ...(readOnly ? {} : { destructiveHint: true }) },
  };
}

/** Asks the MCP client through elicitation; denies when the client cannot be asked. */
function elicitationPrompter(server: Server): ApprovalPrompter {
  return {
    async prompt(request) {
      if (!server.getClientCapabilities()?.elicitation) {
        return {
          decision: 'deny',
          message: `${request.tool} needs approval (${request.decision.reason}) and this MCP client offers no elicitation to ask it`,
        };
      }
      const answer = await server.elicitInput(
        {
          message: `Allow ${request.tool}? ${request.decision.reason}\nInput: ${JSON.stringify(request.input).slice(0, 500)}`,
          requestedSchema: {
            type: 'object',
            properties: {
              decision: { type: 'string', title: 'Decision', enum: ['allow', 'deny'] },
            },
            required: ['decision'],
          },
        },
        { signal: request.signal },
      );
      return answer.action === 'accept' && answer.content?.decision === 'allow' ? 'allow-once' : 'deny';
    },
  };
}

/** Text or binary content whose fields MCP requires, per block type. */
function isContentBlock(value: unknown): value is McpContentBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  const text = (field: unknown) => typeof field === 'string';
  switch (block.type) {
    case 'text':
      return text(block.text);
    case 'image':
    case 'audio':
      return text(block.data) && text(block.mimeType);
    case 'resource': {
      const resource = block.resource as Record<string, unknown> | null | undefined;
      return (
        typeof resource === 'object' &&
        resource !== null &&
        text(resource.uri) &&
        (text(resource.text) || text(resource.blob))
      );
    }
    case 'resource_link':
      return text(block.uri) && text(block.name);
    default:
      return false;
  }
}

/**
 * The MCP content of an `ok` output shaped as MCP content — `{ content: [blocks…],
 * structuredContent? }`, what `connectMcpServers`'s tools return and what a tool of ours may
 * return to send images, audio or resources — or `undefined` for any other output.
 */
function mcpContentOf(
  output: unknown,
): { content: McpContentBlock[]; structuredContent: Record<string, unknown> | undefined } | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const { content, structuredContent } = output as { content?: unknown; structuredContent?: unknown };
  if (!Array.isArray(content) || content.length === 0 || !content.every(isContentBlock)) return undefined;
  const structured =
    typeof structuredContent === 'object' && structuredContent !== null && !Array.isArray(structuredContent)
      ? (structuredContent as Record<string, unknown>)
      : undefined;
  return { content, structuredContent: structured };
}

/**
 * A run's result as an MCP call result: the executor's text for the model, or — for an `ok`
 * output that is MCP content — its blocks and structured content as they are, with the
 * result's notes (soft limits, the user's message) as a text block after them.
 */
function toCallResult(result: Pick<ToolResult, 'status' | 'content' | 'output' | 'notes'>): CallToolResult {
  const passed = result.status === 'ok' ? mcpContentOf(result.output) : undefined;
  if (passed !== undefined) {
    const content = [...passed.content];
    if (result.notes !== undefined && result.notes.length > 0)
      content.push({ type: 'text', text: result.notes.join('\n') });
    const call: CallToolResult = {
      content: content as CallToolResult['content'],
      _meta: { 'dexter/status': result.status },
    };
    if (passed.structuredContent !== undefined) call.structuredContent = passed.structuredContent;
    return call;
  }
  return {
    content: [{ type: 'text', text: result.content }],
    ...(result.status === 'ok' ? {} : { isError: true }),
    _meta: { 'dexter/status': result.status },
  };
}

/** One MCP `Server` (one session) wired to an executor. */
function createSessionServer(source: McpServeSource, options: ServeMcpOptions): Server {
  const server = new Server(options.serverInfo ?? { name: 'dexter', version: '0.1.0' }, {
    capabilities: { tools: {} },
    ...(options.instructions ? { instructions: options.instructions } : {}),
  });
  const executor = isExecutor(source)
    ? source
    : createExecutor({
        tools: [...toolsOf(source)],
        permissions: options.permissions ?? createPermissionEngine(),
        approvals: elicitationPrompter(server),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
  const listed = toolsOf(source).filter(isTool).map(toMcpTool);
  let callCounter = 0;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    let step = 0;
    // Progress is listened to only for a client that asked for it (a progress token): without
    // one, tools see `progressObserved: false` and a re-served MCP tool asks its server for none.
    const onEvent = (event: ExecutorEvent) => {
      if (event.type !== 'tool_progress') return;
      step += 1;
      void extra
        .sendNotification({
          method: 'notifications/progress',
          params: {
            progressToken: token,
            progress: event.percent ?? step,
            ...(event.percent === undefined ? {} : { total: 100 }),
            message: event.message,
          },
        })
        .catch(() => undefined);
    };
    callCounter += 1;
    const [result] = await executor.execute(
      [
        {
          id: `mcp_${String(extra.requestId)}_${callCounter}`,
          name: request.params.name,
          input: request.params.arguments ?? {},
        },
      ],
      token === undefined ? { signal: extra.signal } : { signal: extra.signal, onEvent },
    );
    return toCallResult(result ?? { status: 'error', content: 'no result' });
  });
  return server;
}

/** Default idle time after which an HTTP session is closed: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 100;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** Requests (not GET streams) running now. */
  running: number;
  timer: NodeJS.Timeout | undefined;
}

async function serveHttp(
  source: McpServeSource,
  options: ServeMcpOptions,
  http: McpHttpTransportOptions,
): Promise<McpServing> {
  const host = http.host ?? '127.0.0.1';
  const route = http.path ?? '/mcp';
  const idleMs = http.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const maxSessions = http.maxSessions ?? DEFAULT_MAX_SESSIONS;
  if (!(idleMs > 0) || !Number.isFinite(idleMs)) {
    throw new McpError(
      'serve_failed',
      `sessionIdleMs must be a positive number of milliseconds, got ${idleMs}`,
    );
  }
  const sessions = new Map<string, Session>();
  /** Counts a request against its session's idle timer: armed only while none runs. */
  const track = (session: Session, req: IncomingMessage, res: ServerResponse) => {
    clearTimeout(session.timer);
    session.timer = undefined;
    // A standalone GET stream does not keep a session alive; requests do until they end.
    if (req.method === 'GET') {
      if (session.running === 0) arm(session);
      return;
    }
    session.running += 1;
    res.once('close', () => {
      session.running -= 1;
      if (session.running === 0) arm(session);
    });
  };
  const arm = (session: Session) => {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      void session.server.close().catch(() => undefined);
    }, idleMs);
    session.timer.unref?.();
  };
  let allowedHosts: string[] = [];

  const reply = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== route) return reply(res, 404, `Not found; the MCP endpoint is ${route}`);
    const sessionId = req.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (known) {
      track(known, req, res);
      return await known.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST' || sessionId !== undefined) {
      return reply(
        res,
        sessionId === undefined ? 400 : 404,
        'No such session; start with an initialize request',
      );
    }
    if (sessions.size >= maxSessions) {
      return reply(res, 503, `Too many open MCP sessions (${maxSessions}); try again later`);
    }
    const server = createSessionServer(source, options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts,
      onsessioninitialized: (id) => {
        const session: Session = { transport, server, running: 0, timer: undefined };
        sessions.set(id, session);
        arm(session);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      const session = id === undefined ? undefined : sessions.get(id);
      if (session) clearTimeout(session.timer);
      if (id) sessions.delete(id);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };

  const listener: HttpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, error instanceof Error ? error.message : String(error));
      else res.end();
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    listener.once('error', (error) =>
      reject(
        new McpError('serve_failed', `Cannot listen on ${host}:${http.port ?? 0}: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    listener.listen(http.port ?? 0, host, () => resolve((listener.address() as { port: number }).port));
  });
  allowedHosts = [`${host}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`];
  return {
    port,
    url: `http://${host}:${port}${route}`,
    async close() {
      const open = [...sessions.values()];
      for (const session of open) clearTimeout(session.timer);
      sessions.clear();
      await Promise.all(open.map(({ server }) => server.close().catch(() => undefined)));
      listener.closeAllConnections?.();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/**
 * Serves registry tools over MCP, every call through a Dexter executor.
 *
 * @example
 * ```ts
 * const serving = await serveMcp(createToolRegistry(createFinanceTools({ provider: createEmbeddedProvider() })), {
 *   transport: { type: 'http', port: 3333 },
 * });
 * console.log(`MCP endpoint: ${serving.url}`);
 * ```
 */
export async function serveMcp(source: McpServeSource, options: ServeMcpOptions): Promise<McpServing> {
  toolsOf(source);
  const transport = options?.transport;
  if (transport === 'stdio') {
    const server = createSessionServer(source, options);
    await server.connect(new StdioServerTransport());
    return { close: () => server.close() };
  }
  if (
    typeof transport === 'object' &&
    transport !== null &&
    (transport as McpHttpTransportOptions).type === 'http'
  ) {
    return await serveHttp(source, options, transport as McpHttpTransportOptions);
  }
  if (
    typeof transport === 'object' &&
    transport !== null &&
    typeof (transport as Transport).start === 'function'
  ) {
    const server = createSessionServer(source, options);
    await server.connect(transport as Transport);
    return { close: () => server.close() };
  }
  throw new McpError(
    'serve_failed',
    "serveMcp: transport must be 'stdio', { type: 'http', port }, or an MCP SDK Transport",
  );
}
