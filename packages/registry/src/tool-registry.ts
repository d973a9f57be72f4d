/**
 * `createToolRegistry`: the set of tools a host offers the model, computed once from the
 * environment. Tools whose availability predicate says no are simply not listed (their
 * reasons are kept for diagnostics). Order is the order given — stable across builds, which
 * keeps provider prompt caches warm.
 */
import { RegistryError } from './errors';
import { type AnyTool, isTool, type ToolEnvironment } from './tool';

/** Options of `createToolRegistry`. */
export interface ToolRegistryOptions {
  /** Environment variables for availability predicates; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Defaults to `process.platform`. */
  platform?: string;
  /** The host's channel (`'cli'`, `'web'`, ...), for channel-restricted tools. */
  channel?: string;
}

/** A tool that was left out, and why. */
export interface UnavailableTool {
  name: string;
  reason: string;
}

/** The tools on offer. Read-only once built. */
export interface ToolRegistry {
  /** Listed tools, in definition order. */
  list(): readonly AnyTool[];
  names(): readonly string[];
  get(name: string): AnyTool | undefined;
  has(name: string): boolean;
  /** Like `get`, but throws an `unknown_tool` error naming the available tools. */
  require(name: string): AnyTool;
  /** `name → concurrencySafe` for every listed tool. */
  concurrencyMap(): ReadonlyMap<string, boolean>;
  /** One line per tool for the system prompt: `- name: compact description`. */
  compactDescriptions(): string;
  /** Tools whose availability predicate said no, with the reason. */
  unavailable(): readonly UnavailableTool[];
  /** The environment the registry was computed from. */
  readonly environment: ToolEnvironment;
}

/**
 * Builds a registry. Throws `duplicate_tool` when two tools share a name (whether or not
 * both are available — a name clash is a bug either way).
 *
 * @example
 * ```ts
 * const registry = createToolRegistry([getFinancials, webSearch, writeFile], { channel: 'cli' });
 * const systemPrompt = `You can use these tools:\n${registry.compactDescriptions()}`;
 * ```
 */
export function createToolRegistry(
  tools: readonly AnyTool[],
  options: ToolRegistryOptions = {},
): ToolRegistry {
  if (!Array.isArray(tools)) {
    throw new RegistryError(
      'invalid_definition',
      'createToolRegistry expects an array of tools made by defineTool',
    );
  }
  const environment: ToolEnvironment = Object.freeze({
    env: options.env ?? process.env,
    platform: options.platform ?? process.platform,
    ...(options.channel === undefined ? {} : { channel: options.channel }),
  });
  const seen = new Set<string>();
  const listed: AnyTool[] = [];
  const unavailable: UnavailableTool[] = [];
  tools.forEach((tool, index) => {
    if (!isTool(tool)) {
      throw new RegistryError(
        'invalid_definition',
        `Entry ${index} passed to createToolRegistry is not a tool; wrap it with defineTool({...})`,
      );
    }
    if (seen.has(tool.name)) {
      throw new RegistryError(
        'duplicate_tool',
        `Two tools are named "${tool.name}"; tool names must be unique within a registry`,
        { details: { tool: tool.name } },
      );
    }
    seen.add(tool.name);
    const verdict = tool.available ? tool.available(environment) : true;
    if (verdict === true) listed.push(tool);
    else
      unavailable.push({ name: tool.name, reason: typeof verdict === 'string' ? verdict : 'not available' });
  });
  const byName = new Map(listed.map((tool) => [tool.name, tool] as const));
  const frozenList = Object.freeze([...listed]);
  const names = Object.freeze(listed.map((tool) => tool.name));
  const concurrency: ReadonlyMap<string, boolean> = new Map(
    listed.map((tool) => [tool.name, tool.concurrencySafe]),
  );
  const compact = listed.map((tool) => `- ${tool.name}: ${tool.compactDescription}`).join('\n');
  const frozenUnavailable = Object.freeze(unavailable.map((entry) => Object.freeze(entry)));

  return Object.freeze({
    environment,
    list: () => frozenList,
    names: () => names,
    get: (name: string) => byName.get(name),
    has: (name: string) => byName.has(name),
    require(name: string) {
      const tool = byName.get(name);
      if (tool) return tool;
      const missing = unavailable.find((entry) => entry.name === name);
      const why = missing ? ` It is defined but unavailable: ${missing.reason}.` : '';
      throw new RegistryError(
        'unknown_tool',
        `No tool named "${name}".${why} Available: ${names.join(', ') || '(none)'}`,
        { details: { tool: name } },
      );
    },
    concurrencyMap: () => concurrency,
    compactDescriptions: () => compact,
    unavailable: () => frozenUnavailable,
  });
}

/** Availability: every listed environment variable is set and non-empty. */
export function requiresEnv(...names: string[]) {
  return (environment: ToolEnvironment): true | string => {
    const missing = names.filter((name) => !environment.env[name]);
    return missing.length === 0 ? true : `missing environment variable ${missing.join(', ')}`;
  };
}

/** Availability: at least one of the environment variables is set. */
export function requiresAnyEnv(...names: string[]) {
  return (environment: ToolEnvironment): true | string =>
    names.some((name) => environment.env[name]) ? true : `none of ${names.join(', ')} is set`;
}

/** Availability: only on these platforms (`process.platform` values). */
export function onPlatform(...platforms: string[]) {
  return (environment: ToolEnvironment): true | string =>
    platforms.includes(environment.platform)
      ? true
      : `only on ${platforms.join(', ')} (this is ${environment.platform})`;
}

/** Availability: only in these host channels. */
export function onChannel(...channels: string[]) {
  return (environment: ToolEnvironment): true | string =>
    environment.channel !== undefined && channels.includes(environment.channel)
      ? true
      : `only in channel ${channels.join(', ')} (this is ${environment.channel ?? 'unset'})`;
}

/** Availability: every predicate agrees; the first refusal's reason is kept. */
export function allOf(...predicates: Array<(environment: ToolEnvironment) => boolean | string>) {
  return (environment: ToolEnvironment): boolean | string => {
    for (const predicate of predicates) {
      const verdict = predicate(environment);
      if (verdict !== true) return verdict;
    }
    return true;
  };
}
