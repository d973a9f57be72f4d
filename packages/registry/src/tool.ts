/**
 * `defineTool`: a tool is defined once — name, zod input schema, descriptions, scheduling
 * and permission hints, and `execute`. Everything else (registry listing, provider schemas,
 * the executor's scheduling, the permission engine's defaults) is derived from it.
 */
import { z } from 'zod';
import { RegistryError } from './errors';

/** A progress report from inside a running tool. */
export interface ProgressUpdate {
  message: string;
  /** 0–100 when the tool knows how far along it is. */
  percent?: number;
}

/** What a tool's `execute` receives besides its input. */
export interface ToolContext {
  /** Aborted when the run is cancelled or the tool's timeout fires. Tools should stop promptly. */
  readonly signal: AbortSignal;
  /** The model's id for this call. */
  readonly toolCallId: string;
  /** Reports progress; cheap to call often (the executor coalesces under load). */
  progress(update: string | ProgressUpdate): void;
  /**
   * `false` when nothing receives this call's progress (the run has no event listener): a
   * tool may skip work done only to report it, such as asking a remote server for progress
   * notifications. Absent means unknown: report as usual.
   */
  readonly progressObserved?: boolean;
  /**
   * Calls `listener` once, with the reason, when this call is cancelled (the run is aborted or
   * the tool's timeout fires) — right away if it already is. Returns a function that removes
   * the listener. For a tool that only needs to hear a cancellation (to pass it on to a
   * server, say), it costs less than reading `signal`, which makes an `AbortSignal`. Absent
   * where the context has no cheaper way than `signal`.
   */
  onAbort?(listener: (reason: unknown) => void): () => void;
  /**
   * A key for this call's effect that stays the same when the call is run again after a
   * crash (durable turns set it to `<workflow id>:<step>`). Send it as an API's idempotency
   * key, or commit it with the effect, and the effect happens once. Absent where nothing runs
   * a call twice.
   */
  readonly idempotencyKey?: string;
}

/** The default decision the permission engine applies to a tool no rule mentions. */
export type ApprovalPolicy = 'allow' | 'ask';

/**
 * What a call does, in terms the permission engine understands. Tools that run shell
 * commands or touch files declare it so that rules like `Bash(git status:*)` or
 * `WriteFile(src/**)` can match, and tools that fetch a URL declare it so that
 * `WebFetch(domain:example.com)` can; other tools are matched by name only.
 */
export type PermissionSubject =
  | { kind: 'shell'; command: string; cwd?: string }
  /** A file; `recursive` when the call reads the whole tree under `path` (a search, a copy). */
  | { kind: 'file'; access: 'read' | 'write'; path: string; recursive?: boolean }
  /** A network fetch: rules such as `WebFetch(domain:docs.python.org)` match the URL's host. */
  | { kind: 'url'; url: string };

/** The facts availability predicates are evaluated against, once per registry build. */
export interface ToolEnvironment {
  /** Environment variables (defaults to `process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `process.platform` by default. */
  readonly platform: string;
  /** The host's channel, e.g. `'cli'`, `'web'`, `'slack'`. */
  readonly channel?: string;
}

/**
 * Decides whether a tool is listed. Return `true` to list it, or `false` / a string
 * (the reason) to leave it out.
 */
export type AvailabilityPredicate = (environment: ToolEnvironment) => boolean | string;

/** The value `execute` may return: a result, a promise of one, or a progress generator ending in one. */
export type ToolExecuteResult<Output> =
  | Output
  | Promise<Output>
  | AsyncGenerator<string | ProgressUpdate, Output, undefined>;

/**
 * What `defineTool` accepts as `inputSchema`: a zod object schema (`z.object`, `z.strictObject`,
 * `z.looseObject`, with refinements). Providers require an object at the top level of a tool's
 * input, so `z.string()` or a union is a type error here, not a provider's 400 later.
 */
export type ToolInputSchema = z.ZodObject<z.core.$ZodLooseShape, z.core.$ZodObjectConfig>;

/** The fields `defineTool` accepts. */
export interface ToolDefinition<Schema extends z.ZodType, Output> {
  /** Unique name; must fit every provider's rules: `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  /** zod object schema of the input. */
  inputSchema: Schema;
  /** Full description for the provider's tool protocol: what it does, when to use it and when not. */
  description: string;
  /** One line for the system prompt's tool list. */
  compactDescription: string;
  /**
   * True when calls may run in parallel with other concurrency-safe calls (pure reads), or a
   * function of the validated input deciding per call (`({ command }) => command === 'git status'`).
   * Default false. A tool with a `shell` subject and no function here also joins a parallel
   * batch for a call the permission engine classifies read-only and allows without a prompt.
   */
  concurrencySafe?: boolean | ((input: z.output<Schema>) => boolean);
  /** Per-tool timeout overriding the executor's default. */
  timeoutMs?: number;
  /** Default permission when no rule matches: `'allow'` for pure reads, `'ask'` (default) otherwise. */
  approval?: ApprovalPolicy;
  /** At most one execution per run; repeats get a result saying so (e.g. loading a skill). */
  oncePerRun?: boolean;
  /** Key used for near-duplicate detection by the executor's soft limits (e.g. the query text). */
  similarityKey?: (input: z.output<Schema>) => string | undefined;
  /** What the call touches, for the permission engine (shell command, file path). */
  permissionSubject?: (input: z.output<Schema>) => PermissionSubject | undefined;
  /** Listed only when this returns true. */
  available?: AvailabilityPredicate;
  /**
   * The text the model reads for a successful result. Default: the output as is when it
   * is a string, else JSON. Meta-tools return rich objects for the host (exact numbers,
   * sources) and give the model a compact markdown rendering here.
   */
  formatOutput?(output: Output): string;
  /** Runs the tool. May be an async generator that yields progress and returns the result. */
  execute(input: z.output<Schema>, context: ToolContext): ToolExecuteResult<Output>;
}

/** A defined tool. Frozen; safe to share between registries. */
export interface Tool<Schema extends z.ZodType = z.ZodType, Output = unknown>
  extends Readonly<Required<Pick<ToolDefinition<Schema, Output>, 'approval' | 'oncePerRun'>>>,
    Readonly<Omit<ToolDefinition<Schema, Output>, 'concurrencySafe' | 'approval' | 'oncePerRun'>> {
  readonly kind: 'dexter.tool';
  /** True when every call may run in parallel with other concurrency-safe calls (declared `true`). */
  readonly concurrencySafe: boolean;
  /** The per-input test, when `concurrencySafe` was declared as a function. */
  readonly concurrencySafeFor?: (input: z.output<Schema>) => boolean;
}

/** A tool of any input and output, for heterogeneous lists. */
// biome-ignore lint/suspicious/noExplicitAny: the input type is erased on purpose in lists of tools
export type AnyTool = Tool<any, any>;

// `any` in the position not being inferred: `execute` and `formatOutput` take the input and
// output as parameters, so a concrete tool is not assignable to `Tool<S, unknown>`.
/** The input type a tool's `execute` receives. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type ToolInput<T> = T extends Tool<infer S, any> ? z.output<S> : never;
/** The output type a tool's `execute` resolves to. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type ToolOutput<T> = T extends Tool<any, infer O> ? O : never;

/** The name rule shared by OpenAI and Anthropic tool definitions. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Returns a reason when `name` does not fit the providers' tool-name rules, else `undefined`.
 */
export function toolNameProblem(name: string): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'a tool name must be a non-empty string';
  if (name.length > 64)
    return `"${name.slice(0, 20)}…" is ${name.length} characters; providers allow at most 64`;
  if (!TOOL_NAME_PATTERN.test(name)) {
    return `"${name}" may only contain letters, digits, "_" and "-" (OpenAI and Anthropic reject other characters)`;
  }
  return undefined;
}

function invalid(name: string, problem: string): RegistryError {
  return new RegistryError('invalid_definition', `Invalid tool "${name}": ${problem}.`, {
    details: { tool: name },
  });
}

/**
 * Defines a tool. Checks the definition at once and throws a `RegistryError`
 * (`invalid_definition` / `invalid_name`) with an actionable message when it is wrong.
 *
 * @example
 * ```ts
 * const getWeather = defineTool({
 *   name: 'get_weather',
 *   inputSchema: z.object({ city: z.string().describe('City name') }),
 *   description: 'Current weather for a city. Use for present conditions, not forecasts.',
 *   compactDescription: 'Current weather for a city',
 *   concurrencySafe: true,
 *   approval: 'allow',
 *   async execute({ city }, { progress }) {
 *     progress(`Looking up ${city}`);
 *     return { city, celsius: 21 };
 *   },
 * });
 * ```
 */
export function defineTool<Schema extends ToolInputSchema, Output>(
  definition: ToolDefinition<Schema, Output>,
): Tool<Schema, Output> {
  if (definition === null || typeof definition !== 'object') {
    throw new RegistryError('invalid_definition', 'defineTool expects an object with name, inputSchema, ...');
  }
  const name = definition.name;
  const nameProblem = toolNameProblem(name);
  if (nameProblem) {
    throw new RegistryError('invalid_name', `Invalid tool name: ${nameProblem}.`, {
      details: { tool: name },
    });
  }
  if (!(definition.inputSchema instanceof z.ZodType)) {
    throw invalid(name, 'inputSchema must be a zod 4 schema, e.g. z.object({ query: z.string() })');
  }
  if (!(definition.inputSchema instanceof z.ZodObject)) {
    // Typed callers cannot get here (ToolInputSchema); JavaScript callers and casts can.
    const schema: z.ZodType = definition.inputSchema;
    throw invalid(
      name,
      `inputSchema must be a z.object(...) (providers require an object at the top level), got ${schema.def.type}`,
    );
  }
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    throw invalid(name, 'description is empty; say what the tool does, when to use it and when not to');
  }
  if (typeof definition.compactDescription !== 'string' || definition.compactDescription.trim() === '') {
    throw invalid(name, 'compactDescription is empty; give one line for the system prompt');
  }
  if (/[\r\n]/.test(definition.compactDescription)) {
    throw invalid(name, 'compactDescription must be a single line');
  }
  if (typeof definition.execute !== 'function') throw invalid(name, 'execute must be a function');
  if (
    definition.timeoutMs !== undefined &&
    !(Number.isFinite(definition.timeoutMs) && definition.timeoutMs > 0)
  ) {
    throw invalid(name, `timeoutMs must be a positive number of milliseconds, got ${definition.timeoutMs}`);
  }
  if (definition.approval !== undefined && definition.approval !== 'allow' && definition.approval !== 'ask') {
    throw invalid(name, `approval must be 'allow' or 'ask', got ${String(definition.approval)}`);
  }
  const concurrency = definition.concurrencySafe;
  if (concurrency !== undefined && typeof concurrency !== 'boolean' && typeof concurrency !== 'function') {
    throw invalid(
      name,
      `concurrencySafe must be a boolean or a function of the input, got ${typeof concurrency}`,
    );
  }
  return Object.freeze({
    ...definition,
    kind: 'dexter.tool' as const,
    compactDescription: definition.compactDescription.trim(),
    concurrencySafe: concurrency === true,
    ...(typeof concurrency === 'function' ? { concurrencySafeFor: concurrency } : {}),
    approval: definition.approval ?? 'ask',
    oncePerRun: definition.oncePerRun ?? false,
  });
}

/** True when `value` was made by `defineTool` (any copy of this package). */
export function isTool(value: unknown): value is AnyTool {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'dexter.tool';
}

function isAsyncGenerator(
  value: unknown,
): value is AsyncGenerator<string | ProgressUpdate, unknown, undefined> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncGenerator).next === 'function' &&
    typeof (value as AsyncGenerator)[Symbol.asyncIterator] === 'function'
  );
}

/**
 * Runs a tool's `execute` with already-validated input, whichever form it takes: values
 * yielded by a generator are forwarded to `context.progress`, its return value is the result.
 * A generator is closed (its `finally` blocks run) when the signal aborts.
 */
export async function invokeTool<Output>(
  tool: Tool<z.ZodType, Output>,
  input: unknown,
  context: ToolContext,
): Promise<Output> {
  const returned = tool.execute(input as never, context);
  if (!isAsyncGenerator(returned)) return await returned;
  const generator = returned;
  try {
    while (true) {
      if (context.signal.aborted) throw context.signal.reason ?? new Error('aborted');
      const step = await generator.next();
      if (step.done) return step.value as Output;
      context.progress(step.value);
    }
  } finally {
    // Closing a generator that already finished is a no-op.
    await generator.return(undefined as never).catch(() => undefined);
  }
}
