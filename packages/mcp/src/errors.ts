/**
 * Typed errors of `@dexter/mcp`. One class with a closed `code`, so hosts branch on what
 * went wrong (a bad config file, a server that would not start, a server that went away)
 * without reading the English message.
 */
import { DexterError, type DexterErrorOptions } from '@dexter/registry';

/** Why an MCP operation failed. Closed union. */
export type McpErrorCode =
  /** The `mcpServers` config (object or JSON file) is malformed. */
  | 'invalid_config'
  /** A server could not be started or reached, or its handshake failed. */
  | 'connect_failed'
  /** The server answered a call with `isError: true`; the message is the server's text. */
  | 'tool_error'
  /** The server answered with a JSON-RPC error (unknown tool, bad params, internal error). */
  | 'server_error'
  /** The server crashed or the connection closed while the call was in flight. */
  | 'disconnected'
  /** The connection was closed by the host (`close()`); no more calls go out. */
  | 'closed'
  /** A call mapped to a secret path (by a subject mapping) was not sent, whatever the decider said. */
  | 'secret_refused'
  /** A subject mapping could not place a path where the server resolves it (e.g. a relative path, the server's roots unknown); the call was not sent. */
  | 'unplaceable_path'
  /** The server's answer was over the size the client reads (`maxMessageBytes`); the connection stays up. */
  | 'result_too_large'
  /** `serveMcp` was given something it cannot serve, or its transport failed to start. */
  | 'serve_failed';

const marker = Symbol.for('dexter.error.mcp');

/**
 * The error `@dexter/mcp` throws. Survives duplicate package copies through `isInstance`.
 *
 * @example
 * ```ts
 * try {
 *   await connectMcpServers(await loadMcpConfig('mcp.json'));
 * } catch (error) {
 *   if (McpError.isInstance(error) && error.code === 'invalid_config') console.error(error.message);
 * }
 * ```
 */
export class McpError extends DexterError<McpErrorCode> {
  override readonly name = 'McpError';
  readonly [marker] = true;
  /** The server the error is about, when there is one. */
  readonly server: string | undefined;

  constructor(code: McpErrorCode, message: string, options: DexterErrorOptions & { server?: string } = {}) {
    super(code, message, options);
    this.server = options.server;
  }

  static override isInstance(value: unknown): value is McpError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}
