/**
 * `McpServerConnection`: one MCP server behind the official SDK client. It owns the
 * transport (a spawned child over stdio, or Streamable HTTP with an SSE fallback), lists
 * tools page by page, forwards `notifications/tools/list_changed`, and calls tools with the
 * executor's cancellation (abort → `notifications/cancelled`, sent by the SDK) and progress.
 *
 * A server that crashes or closes makes the SDK reject every in-flight request once; this
 * class turns that into `McpError('disconnected')` (so each call gets exactly one `error`
 * result) and forgets the client, so the next call starts a fresh one.
 */

import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolRequest,
  type CallToolResult,
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  ErrorCode,
  ListRootsRequestSchema,
  type ProgressNotification,
  ProgressNotificationSchema,
  McpError as SdkMcpError,
  type Tool as SdkTool,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isHttpServerConfig, type McpServerConfig } from './config';
import { McpError } from './errors';
import { ProcessGroupStdioTransport, RESULT_TOO_LARGE_CODE } from './process-group-transport';

/** A tool as a server lists it. */
export type McpToolDefinition = SdkTool;

/** What a sampling or elicitation handler receives besides the request's params. */
export interface McpRequestContext {
  /** The config name of the server that asked. */
  server: string;
  /** Aborted when the server cancels the request or the connection closes. */
  signal: AbortSignal;
}

/** Answers a server's `sampling/createMessage` (an LLM completion on the server's behalf). */
export type McpSamplingHandler = (
  params: CreateMessageRequest['params'],
  context: McpRequestContext,
) => Promise<CreateMessageResult>;

/** Answers a server's `elicitation/create` (asking the user for input or a confirmation). */
export type McpElicitationHandler = (
  params: ElicitRequest['params'],
  context: McpRequestContext,
) => Promise<ElicitResult>;

/** Options of one connection. */
export interface McpServerConnectionOptions {
  /** The config name (`fs` in `mcp__fs__read_file`). */
  name: string;
  config: McpServerConfig;
  /** Sent in `initialize`. Default `{ name: 'dexter', version: '0.1.0' }`. */
  clientInfo?: { name: string; version: string };
  sampling?: McpSamplingHandler;
  elicitation?: McpElicitationHandler;
  /** Directories offered to the server as its roots (MCP `roots/list`); without them the capability is not offered. */
  roots?: readonly string[];
  /** Called when the server says its tool list changed. */
  onToolsChanged?: () => void;
  /** Where a stdio server's stderr goes: `'pipe'` (default: kept for error messages), `'inherit'` or `'ignore'`. */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Largest message read from a stdio server (default 64 MiB); a larger answer fails its call with `result_too_large`. */
  maxMessageBytes?: number;
}

/** One `notifications/progress` of a call. */
interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Per-call options of `callTool`. */
export interface McpCallOptions {
  signal?: AbortSignal;
  /**
   * Instead of `signal`: something that says when the call is cancelled — the executor's
   * `ToolContext` (`onAbort`), which then makes no `AbortSignal` for the call.
   */
  cancellation?: { onAbort(listener: (reason: unknown) => void): () => void };
  /** Called for each `notifications/progress` of the call. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

const STDERR_KEEP = 4096;
// The executor owns timeouts (it aborts the signal); the SDK's own timer is only a backstop.
const SDK_TIMEOUT = 2_147_483_647;
const MAX_PAGES = 1000;

/** A Streamable HTTP session that is gone: 404 for our session id, or the server unreachable. */
function httpSessionLost(error: unknown): boolean {
  if (error instanceof StreamableHTTPError) return error.code === 404;
  const text = `${messageOf(error)} ${messageOf((error as { cause?: unknown })?.cause ?? '')}`;
  return /fetch failed|ECONNREFUSED|ECONNRESET|socket hang up/i.test(text);
}

/** A request that died on a socket the server had already closed (undici's keep-alive pool). */
function staleSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  return (
    cause?.code === 'UND_ERR_SOCKET' || /other side closed|ECONNRESET/.test(String(cause?.message ?? ''))
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the SDK reads of a request's `signal` — `aborted`, `reason`, `throwIfAborted()` and
 * an 'abort' listener (`Protocol.request`, which on abort sends `notifications/cancelled` and
 * rejects) — without an `AbortSignal`, whose creation on Node 20 cost more per call than
 * everything else the executor adds to an MCP call. Only `callTool` hands it to the SDK; the
 * cancellation tests against real servers fail if the SDK ever reads more of it.
 */
class CallCancellation {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Array<() => void> = [];

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.#listeners.push(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    if (type === 'abort') this.#listeners = this.#listeners.filter((each) => each !== listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}

/** One MCP server; see the module comment. */
export class McpServerConnection {
  readonly name: string;
  readonly #options: McpServerConnectionOptions;
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;
  #stderr = '';
  #generation = 0;
  /** Progress callbacks of the calls in flight, by the progress token each call sent. */
  readonly #progress = new Map<number, (progress: McpProgress) => void>();
  #lastProgressToken = 0;

  constructor(options: McpServerConnectionOptions) {
    this.name = options.name;
    this.#options = options;
  }

  /** True while a client is connected. */
  get connected(): boolean {
    return this.#client !== undefined;
  }

  /** The last few KB the server wrote to stderr (stdio servers with `stderr: 'pipe'`). */
  get stderr(): string {
    return this.#stderr;
  }

  /** The server's `serverInfo` from the last handshake. */
  get serverInfo(): { name: string; version: string } | undefined {
    return this.#client?.getServerVersion();
  }

  /** Connects if not connected (also after a crash). Throws `connect_failed` or `closed`. */
  async connect(): Promise<Client> {
    if (this.#closed)
      throw new McpError('closed', `MCP server "${this.name}" was closed`, { server: this.name });
    if (this.#client) return this.#client;
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return await this.#connecting;
  }

  /** Every tool the server lists, following `nextCursor` page by page. */
  async listTools(): Promise<McpToolDefinition[]> {
    const client = await this.connect();
    const tools: McpToolDefinition[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      let result: Awaited<ReturnType<Client['listTools']>>;
      try {
        result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: 60_000 });
      } catch (error) {
        throw this.#callError(error, 'tools/list', client);
      }
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined || cursor === '') return tools;
      if (seen.has(cursor)) {
        throw new McpError(
          'server_error',
          `MCP server "${this.name}" repeated the tools/list cursor ${cursor}`,
          {
            server: this.name,
          },
        );
      }
      seen.add(cursor);
    }
    throw new McpError(
      'server_error',
      `MCP server "${this.name}" listed more than ${MAX_PAGES} pages of tools`,
      {
        server: this.name,
      },
    );
  }

  /**
   * Calls a tool. Resolves with the server's result (also when `isError` is set; the caller
   * decides); rejects with `disconnected` when the connection goes away mid-call, with
   * `server_error` for a JSON-RPC error, or with the signal's reason when aborted.
   */
  async callTool(tool: string, input: unknown, options: McpCallOptions = {}): Promise<CallToolResult> {
    const { onProgress, cancellation } = options;
    let signal: AbortSignal | undefined = options.signal;
    let removeListener: (() => void) | undefined;
    if (signal === undefined && cancellation !== undefined) {
      const cancel = new CallCancellation();
      removeListener = cancellation.onAbort((reason) => cancel.abort(reason));
      signal = cancel as unknown as AbortSignal;
    }
    signal?.throwIfAborted();
    // Connected (the usual case): no extra await, so a call costs what the SDK's costs.
    let client = this.#client;
    if (client === undefined) {
      client = await this.connect();
      signal?.throwIfAborted();
    }
    // Built field by field: an object spread here costs microseconds per call on Node 20.
    const params: CallToolRequest['params'] = {
      name: tool,
      arguments: (input ?? {}) as Record<string, unknown>,
    };
    const request: RequestOptions = { timeout: SDK_TIMEOUT };
    if (signal !== undefined) request.signal = signal;
    // Progress is routed by this connection (see `#routeProgress`), not by the SDK's
    // `onprogress`, whose object spreads on every request cost more than the rest of a call.
    let token: number | undefined;
    if (onProgress !== undefined) {
      token = ++this.#lastProgressToken;
      this.#progress.set(token, onProgress);
      params._meta = { progressToken: token };
    }
    try {
      const result = await client.callTool(params, undefined, request);
      return result as CallToolResult;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      throw this.#callError(error, tool, client);
    } finally {
      if (token !== undefined) this.#progress.delete(token);
      removeListener?.();
    }
  }

  /** A `notifications/progress` for one of our calls in flight (late or unknown tokens are dropped). */
  #routeProgress(notification: ProgressNotification): void {
    const { progressToken, progress, total, message } = notification.params;
    const onProgress = typeof progressToken === 'number' ? this.#progress.get(progressToken) : undefined;
    if (onProgress === undefined) return;
    const update: McpProgress = { progress };
    if (total !== undefined) update.total = total;
    if (message !== undefined) update.message = message;
    onProgress(update);
  }

  /**
   * Closes the client and the transport: a stdio server's whole process group is ended
   * (SIGTERM, SIGKILL after 2 s), and every call in flight settles with a `closed` error.
   * Idempotent.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const pending = this.#connecting;
    const client = this.#client;
    this.#client = undefined;
    await client?.close().catch(() => undefined);
    if (pending) await pending.then((late) => late.close()).catch(() => undefined);
  }

  #callError(error: unknown, what: string, client: Client): McpError {
    if (McpError.isInstance(error)) return error;
    if (error instanceof SdkMcpError && error.code === RESULT_TOO_LARGE_CODE) {
      return new McpError(
        'result_too_large',
        `MCP server "${this.name}" answered ${what} with more than the client reads: ${messageOf(error)}`,
        { server: this.name, cause: error },
      );
    }
    if (this.#closed) {
      return new McpError('closed', `MCP server "${this.name}" was closed during ${what}`, {
        server: this.name,
        cause: error,
      });
    }
    if (isHttpServerConfig(this.#options.config) && httpSessionLost(error)) {
      // The server restarted (our session id is unknown: 404) or is unreachable: this client
      // is done. Forget it so the next call connects afresh.
      if (this.#client === client) this.#client = undefined;
      void client.close().catch(() => undefined);
      return new McpError(
        'disconnected',
        `MCP server "${this.name}" lost the session during ${what} (${messageOf(error)}); the next call reconnects`,
        { server: this.name, cause: error },
      );
    }
    if (error instanceof SdkMcpError && error.code === ErrorCode.ConnectionClosed) {
      const tail = this.#stderr.trim().split('\n').slice(-3).join(' | ');
      return new McpError(
        'disconnected',
        `MCP server "${this.name}" disconnected during ${what}${tail ? ` (stderr: ${tail})` : ''}; the next call reconnects`,
        { server: this.name, cause: error },
      );
    }
    return new McpError('server_error', `MCP server "${this.name}" failed ${what}: ${messageOf(error)}`, {
      server: this.name,
      cause: error,
    });
  }

  async #open(): Promise<Client> {
    const generation = ++this.#generation;
    const config = this.#options.config;
    try {
      const client = isHttpServerConfig(config) ? await this.#openHttp() : await this.#openStdio();
      if (this.#closed) {
        await client.close().catch(() => undefined);
        throw new McpError('closed', `MCP server "${this.name}" was closed`, { server: this.name });
      }
      this.#client = client;
      client.onclose = () => {
        // Only the current client's close forgets it (a late close of an old one must not).
        if (this.#generation === generation) this.#client = undefined;
      };
      return client;
    } catch (error) {
      if (McpError.isInstance(error)) throw error;
      const tail = this.#stderr.trim().split('\n').slice(-5).join(' | ');
      throw new McpError(
        'connect_failed',
        `Cannot connect to MCP server "${this.name}": ${messageOf(error)}${tail ? ` (stderr: ${tail})` : ''}`,
        { server: this.name, cause: error },
      );
    }
  }

  #newClient(): Client {
    const { sampling, elicitation, roots } = this.#options;
    const client = new Client(this.#options.clientInfo ?? { name: 'dexter', version: '0.1.0' }, {
      capabilities: {
        ...(sampling ? { sampling: {} } : {}),
        ...(elicitation ? { elicitation: {} } : {}),
        ...(roots ? { roots: { listChanged: false } } : {}),
      },
    });
    const server = this.name;
    if (roots) {
      const listed = roots.map((directory) => ({ uri: pathToFileURL(directory).href, name: directory }));
      client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: listed }));
    }
    if (sampling) {
      client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
        sampling(request.params, { server, signal: extra.signal }),
      );
    }
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
        elicitation(request.params, { server, signal: extra.signal }),
      );
    }
    // Requests we have no handler for (sampling, elicitation, roots, ...): a clear refusal.
    client.fallbackRequestHandler = async (request) => {
      const kind = request.method.startsWith('sampling/')
        ? 'sampling'
        : request.method.startsWith('elicitation/')
          ? 'elicitation'
          : undefined;
      const message = kind
        ? `Dexter refused ${request.method}: the host supplied no ${kind} handler for MCP server "${server}"`
        : `Dexter does not handle ${request.method} for MCP server "${server}"`;
      throw new SdkMcpError(ErrorCode.MethodNotFound, message);
    };
    // Replaces the SDK's own progress routing: every progress token this client sends is ours.
    client.setNotificationHandler(ProgressNotificationSchema, (notification) =>
      this.#routeProgress(notification),
    );
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      this.#options.onToolsChanged?.();
    });
    return client;
  }

  async #openStdio(): Promise<Client> {
    const config = this.#options.config as Extract<McpServerConfig, { command: string }>;
    const mode = this.#options.stderr ?? 'pipe';
    // Its own process group: close() and a crash end every process a launcher started.
    const transport = new ProcessGroupStdioTransport({
      command: config.command,
      ...(config.args ? { args: config.args } : {}),
      ...(config.env ? { env: config.env } : {}),
      ...(config.cwd ? { cwd: config.cwd } : {}),
      ...(this.#options.maxMessageBytes === undefined
        ? {}
        : { maxMessageBytes: this.#options.maxMessageBytes }),
      stderr: mode,
    });
    if (mode === 'pipe') {
      transport.stderr?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
      });
    }
    const client = this.#newClient();
    await client.connect(transport, { timeout: 60_000 });
    return client;
  }

  async #openHttp(): Promise<Client> {
    const config = this.#options.config as Extract<McpServerConfig, { url: string }>;
    const url = new URL(config.url);
    const headers: Record<string, string> = { ...(config.headers ?? {}) };
    if (config.bearerToken) headers.Authorization = `Bearer ${config.bearerToken}`;
    const requestInit: RequestInit = { headers };
    const attempt = async (transport: Transport) => {
      const client = this.#newClient();
      await client.connect(transport, { timeout: 60_000 });
      return client;
    };
    if (config.transport === 'sse') return await attempt(new SSEClientTransport(url, { requestInit }));
    let error: unknown;
    // A pooled keep-alive socket to a server that restarted fails once ("other side
    // closed"); one more attempt gets a fresh socket.
    for (let attemptNumber = 0; attemptNumber < 3; attemptNumber++) {
      try {
        return await attempt(new StreamableHTTPClientTransport(url, { requestInit }));
      } catch (failure) {
        error = failure;
        if (!staleSocket(failure)) break;
      }
    }
    if (config.transport === 'streamable-http') throw error;
    // A server that only speaks the older HTTP+SSE transport rejects the POST (404/405):
    // the spec's backwards-compatibility procedure is to try the SSE endpoint next.
    try {
      return await attempt(new SSEClientTransport(url, { requestInit }));
    } catch (sseError) {
      throw new Error(
        `Streamable HTTP failed (${messageOf(error)}) and so did the SSE fallback (${messageOf(sseError)})`,
      );
    }
  }
}
