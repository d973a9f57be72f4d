/**
 * `connectMcpServers`: the entry point for consuming MCP servers. Connects every server of
 * an `mcpServers` config (in parallel), lists their tools and returns them as registry
 * tools for `createExecutor`, kept current when a server sends
 * `notifications/tools/list_changed`.
 */
import path from 'node:path';
import { type AnyTool, createToolRegistry, type ToolRegistry } from '@dexter/registry';
import { type McpServerConfig, type McpServersConfig, parseMcpConfig } from './config';
import { McpError } from './errors';
import { type McpSubjectContext, placeDirectory } from './filesystem-subjects';
import { createMcpTool, type McpServerOptions } from './mcp-tool';
import {
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MAX_INPUT_SCHEMA_CHARS,
  jsonWithin,
  MAX_INPUT_SCHEMA_DEPTH,
} from './result-limits';
import {
  type McpElicitationHandler,
  type McpSamplingHandler,
  McpServerConnection,
} from './server-connection';
import { McpToolNames } from './tool-names';

/** Options of `connectMcpServers`. */
export interface ConnectMcpServersOptions {
  /** Per-server trust, subject mapping and timeout, by config name. */
  servers?: Record<string, McpServerOptions>;
  /** Answers servers' sampling requests; without it they are refused with a clear error. */
  sampling?: McpSamplingHandler;
  /** Answers servers' elicitation requests (see `approvalElicitation`); without it they are refused. */
  elicitation?: McpElicitationHandler;
  /** Sent in `initialize`. */
  clientInfo?: { name: string; version: string };
  /** Where stdio servers' stderr goes (default `'pipe'`: kept for error messages). */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Called with the new tool list after a server's list changed. */
  onToolsChanged?: (tools: readonly AnyTool[]) => void;
  /** Called when re-listing after a change fails (the previous tools stay). */
  onError?: (error: McpError) => void;
  /** Called for what a server did that was worked around: a duplicate tool skipped, a description cut. */
  onWarning?: (warning: McpWarning) => void;
  /**
   * How long to wait after a server's `notifications/tools/list_changed` before listing again
   * (default 100 ms): a burst of notifications costs one listing, and at most one runs at a time.
   */
  listChangedDelayMs?: number;
}

/** Something a server did that `connectMcpServers` worked around. */
export interface McpWarning {
  /**
   * `duplicate_tool`: the server listed a name twice, the later one was skipped;
   * `description_truncated`: cut to `maxDescriptionChars`; `input_schema_too_large`: the
   * tool's input schema is over `maxInputSchemaChars` or 64 levels deep, and the tool was
   * skipped (never shown to a model); `roots_disagree`: the roots the server reports are not
   * the ones it was offered or launched with (`tool` is empty), so relative paths ask.
   */
  code: 'duplicate_tool' | 'description_truncated' | 'input_schema_too_large' | 'roots_disagree';
  server: string;
  /** The server's name of the tool. */
  tool: string;
  message: string;
}

/** The connected servers. */
export interface McpConnection {
  /**
   * Every server's tools, in config order then server order. Live: re-read it for each
   * turn (`createExecutor({ tools: connection.tools })`) to pick up list changes.
   */
  readonly tools: readonly AnyTool[];
  /** A registry of the current tools. */
  registry(): ToolRegistry;
  /** The connections by config name (server info, stderr, reconnect state). */
  readonly servers: ReadonlyMap<string, McpServerConnection>;
  /** The server's own names of a registry tool: `{ server, tool }`, or `undefined`. */
  resolve(registryName: string): { server: string; tool: string } | undefined;
  /** The last 100 warnings (also sent to `onWarning`). */
  readonly warnings: readonly McpWarning[];
  /** Lists every server's tools again. */
  refresh(): Promise<void>;
  /**
   * Closes every connection: a stdio server's whole process group is ended (SIGTERM, then
   * SIGKILL after 2 s; servers started through `sh -c` or `npx` included), and every call in
   * flight settles with a `closed` error.
   */
  close(): Promise<void>;
}

interface ServerState {
  connection: McpServerConnection;
  names: McpToolNames;
  tools: AnyTool[];
  options: McpServerOptions;
  /** What the subject mapping is told about the server (roots learned after each listing). */
  context: McpSubjectContext;
  /** The roots the server should use: those offered through `roots`, else its launch arguments'. */
  expectedRoots: readonly string[] | undefined;
  /** The listing running after a change, if any. */
  listing: Promise<void> | undefined;
  /** A change arrived while listing or waiting: list (again) when the current one ends. */
  dirty: boolean;
  timer: NodeJS.Timeout | undefined;
}

/** A root offered to a server: placed as the server would place it (`~` needs a known home). */
function placedRoot(root: string, context: McpSubjectContext): string {
  const placed = placeDirectory(root, context.cwd, context.home);
  if (placed === undefined) {
    throw new McpError(
      'invalid_config',
      `The root ${JSON.stringify(root)} offered to MCP server "${context.server}" starts with ~, and the server's home is unknown`,
      { server: context.server },
    );
  }
  return placed;
}

/** The roots a server should use: those offered (`roots`), else what its launch arguments say. */
function expectedRootsOf(
  server: McpServerConfig,
  context: McpSubjectContext,
  serverOptions: McpServerOptions | undefined,
): readonly string[] | undefined {
  if (serverOptions?.roots !== undefined) return serverOptions.roots.map((root) => placedRoot(root, context));
  const fromLaunch = serverOptions?.subjects?.rootsFromLaunch;
  if (fromLaunch === undefined || !('command' in server)) return undefined;
  return fromLaunch({
    command: server.command,
    args: server.args ?? [],
    cwd: context.cwd,
    ...(context.home === undefined ? {} : { home: context.home }),
  });
}

/** The same directories, in any order. */
function sameDirectories(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map((directory) => path.resolve(directory)));
  const right = new Set(b.map((directory) => path.resolve(directory)));
  return left.size === right.size && [...left].every((directory) => right.has(directory));
}

/** What a subject mapping knows of a server before it is asked for its roots. */
function subjectContextOf(name: string, server: McpServerConfig): McpSubjectContext {
  if (!('command' in server)) return { server: name, cwd: process.cwd() };
  const context: McpSubjectContext = { server: name, cwd: server.cwd ?? process.cwd() };
  // The child's HOME: the config's, else the one the SDK passes on from this process.
  const home = server.env?.HOME ?? process.env.HOME;
  if (home !== undefined && home !== '') context.home = home;
  return context;
}

/**
 * Connects to every server in `config` and returns their tools as registry tools.
 * Throws `McpError('invalid_config' | 'connect_failed')`; on a failure the servers already
 * started are closed again.
 *
 * @example
 * ```ts
 * const mcp = await connectMcpServers({
 *   mcpServers: { fs: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem', '/tmp/work'] } },
 * }, { servers: { fs: { subjects: filesystemSubjects } } });
 * const executor = createExecutor({ tools: mcp.tools, permissions: createPermissionEngine(), approvals });
 * // ... run turns ...
 * await mcp.close();
 * ```
 */
export async function connectMcpServers(
  config: McpServersConfig,
  options: ConnectMcpServersOptions = {},
): Promise<McpConnection> {
  const parsed = parseMcpConfig(config);
  for (const name of Object.keys(options.servers ?? {})) {
    if (!(name in parsed.mcpServers)) {
      throw new McpError('invalid_config', `Options name server "${name}", which is not in mcpServers`, {
        server: name,
      });
    }
  }
  const states = new Map<string, ServerState>();
  let closed = false;
  const warnings: McpWarning[] = [];
  const warn = (warning: McpWarning) => {
    warnings.push(warning);
    if (warnings.length > 100) warnings.shift();
    options.onWarning?.(warning);
  };
  let tools: readonly AnyTool[] = Object.freeze([]);
  const rebuild = () => {
    tools = Object.freeze([...states.values()].flatMap((state) => state.tools));
  };

  const relist = async (state: ServerState) => {
    const server = state.connection.name;
    const definitions = await state.connection.listTools();
    const discover = state.options.subjects?.roots;
    if (discover !== undefined || state.expectedRoots !== undefined) {
      // Where the server resolves relative paths: asked again on every listing.
      let roots: readonly string[] | undefined;
      try {
        roots = await discover?.({
          tools: definitions.map((definition) => definition.name),
          callTool: (tool, input) => state.connection.callTool(tool, input),
        });
      } catch (error) {
        options.onError?.(
          new McpError(
            'server_error',
            `Cannot learn the roots of MCP server "${state.connection.name}": ${String(error)}`,
            {
              server: state.connection.name,
              cause: error,
            },
          ),
        );
      }
      const expected = state.expectedRoots;
      if (roots === undefined) roots = expected;
      else if (expected !== undefined && !sameDirectories(roots, expected)) {
        // The server says one thing, its launch or our offer another (it lies, or has not
        // taken up the roots offered yet): no place is known, relative paths ask.
        warn({
          code: 'roots_disagree',
          server,
          tool: '',
          message: `MCP server "${server}" reports the roots ${roots.join(', ')} but was ${
            state.options.roots ? 'offered' : 'launched with'
          } ${expected.join(', ')}; relative paths are not placed (they ask) until both agree`,
        });
        roots = undefined;
      }
      const { roots: _old, ...rest } = state.context;
      state.context = Object.freeze(
        roots === undefined ? rest : { ...rest, roots: Object.freeze([...roots]) },
      );
    }
    const subjectContext = () => state.context;
    const seen = new Set<string>();
    const maxDescription = state.options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS;
    const maxSchema = state.options.maxInputSchemaChars ?? DEFAULT_MAX_INPUT_SCHEMA_CHARS;
    const next: AnyTool[] = [];
    for (const definition of definitions) {
      if (seen.has(definition.name)) {
        warn({
          code: 'duplicate_tool',
          server,
          tool: definition.name,
          message: `MCP server "${server}" listed the tool ${JSON.stringify(definition.name)} more than once; the first is kept, the others skipped`,
        });
        continue;
      }
      seen.add(definition.name);
      const schema = jsonWithin(definition.inputSchema, maxSchema, MAX_INPUT_SCHEMA_DEPTH);
      if (!schema.ok) {
        warn({
          code: 'input_schema_too_large',
          server,
          tool: definition.name,
          message:
            schema.reason === 'size'
              ? `MCP server "${server}" gave ${JSON.stringify(definition.name)} an input schema of more than ${maxSchema} characters (maxInputSchemaChars); the tool was skipped`
              : `MCP server "${server}" gave ${JSON.stringify(definition.name)} an input schema nested more than ${MAX_INPUT_SCHEMA_DEPTH} levels deep; the tool was skipped`,
        });
        continue;
      }
      if ((definition.description?.length ?? 0) > maxDescription) {
        warn({
          code: 'description_truncated',
          server,
          tool: definition.name,
          message: `MCP server "${server}" described ${JSON.stringify(definition.name)} in ${definition.description!.length} characters; cut to ${maxDescription} (maxDescriptionChars)`,
        });
      }
      next.push(
        createMcpTool(state.connection, definition, state.names.nameFor(definition.name), {
          ...state.options,
          subjectContext,
        }),
      );
    }
    state.tools = next;
  };

  const delay = options.listChangedDelayMs ?? 100;
  /** After a list change: one listing after a short wait, never two at once, a burst coalesced. */
  const listChanged = (state: ServerState) => {
    state.dirty = true;
    if (state.timer !== undefined || state.listing !== undefined) return;
    state.timer = setTimeout(() => {
      state.timer = undefined;
      state.dirty = false;
      state.listing = relist(state)
        .then(
          () => {
            rebuild();
            options.onToolsChanged?.(tools);
          },
          (error: unknown) => {
            options.onError?.(
              McpError.isInstance(error)
                ? error
                : new McpError('server_error', String(error), {
                    server: state.connection.name,
                    cause: error,
                  }),
            );
          },
        )
        .finally(() => {
          state.listing = undefined;
          if (state.dirty && !closed) listChanged(state);
        });
    }, delay);
    state.timer.unref?.();
  };

  for (const [name, server] of Object.entries(parsed.mcpServers)) {
    const context = subjectContextOf(name, server);
    const offered = options.servers?.[name]?.roots;
    const state: ServerState = {
      names: new McpToolNames(name),
      tools: [],
      options: options.servers?.[name] ?? {},
      context: Object.freeze(context),
      expectedRoots: expectedRootsOf(server, context, options.servers?.[name]),
      listing: undefined,
      dirty: false,
      timer: undefined,
      connection: new McpServerConnection({
        name,
        config: server,
        ...(options.clientInfo ? { clientInfo: options.clientInfo } : {}),
        ...(options.sampling ? { sampling: options.sampling } : {}),
        ...(options.elicitation ? { elicitation: options.elicitation } : {}),
        ...(options.stderr ? { stderr: options.stderr } : {}),
        ...(offered === undefined ? {} : { roots: offered.map((root) => placedRoot(root, context)) }),
        ...(options.servers?.[name]?.maxMessageBytes === undefined
          ? {}
          : { maxMessageBytes: options.servers[name].maxMessageBytes }),
        onToolsChanged: () => {
          if (!closed) listChanged(state);
        },
      }),
    };
    states.set(name, state);
  }

  const closeAll = async () => {
    closed = true;
    for (const state of states.values()) {
      clearTimeout(state.timer);
      state.timer = undefined;
    }
    await Promise.all([...states.values()].map((state) => state.connection.close()));
  };

  const started = await Promise.allSettled([...states.values()].map((state) => relist(state)));
  const failure = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) {
    await closeAll();
    throw failure.reason;
  }
  rebuild();

  const connections = new Map([...states].map(([name, state]) => [name, state.connection] as const));
  return {
    get tools() {
      return tools;
    },
    registry: () => createToolRegistry([...tools]),
    get warnings() {
      return [...warnings];
    },
    servers: connections,
    resolve(registryName) {
      for (const [server, state] of states) {
        const tool = state.names.toolOf(registryName);
        if (tool !== undefined) return { server, tool };
      }
      return undefined;
    },
    async refresh() {
      await Promise.all([...states.values()].map((state) => relist(state)));
      rebuild();
    },
    close: closeAll,
  };
}
