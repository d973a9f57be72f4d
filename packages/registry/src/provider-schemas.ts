/**
 * Provider tool definitions from one zod schema: OpenAI Chat Completions, OpenAI Responses
 * and Anthropic Messages. Everything starts from `z.toJSONSchema(schema, {io: 'input'})`
 * (see `adapters/json-schema.ts`), so the model is shown exactly what the tool accepts.
 *
 * Results are cached per tool and frozen, so the same registry yields byte-identical tool
 * lists on every request (provider prompt caches depend on it).
 */
import { type JsonSchema, jsonSchemaOf, withoutSchemaKeyword } from './adapters/json-schema';
import {
  type OpenAIStrictness,
  oneOfToAnyOf,
  openAIStrictProblems,
  summarizeProblems,
} from './adapters/openai-strictness';
import { RegistryError } from './errors';
import { type AnyTool, isTool, toolNameProblem } from './tool';
import type { ToolRegistry } from './tool-registry';

export type { JsonSchema } from './adapters/json-schema';
export type { OpenAIStrictness } from './adapters/openai-strictness';

/** A registry, or a plain list of tools, in the order they should be offered. */
export type ToolSource = ToolRegistry | readonly AnyTool[];

/**
 * How to set OpenAI's `strict` flag: `'auto'` (default) turns it on when the schema allows
 * it; `false` never; `true` requires it and throws `schema_unsupported` when impossible.
 */
export type StrictOption = 'auto' | boolean;

/** Options of the OpenAI tool-definition functions. */
export interface OpenAIToolOptions {
  strict?: StrictOption;
}

/** A function tool for `chat.completions.create({tools})`. */
export interface OpenAIChatToolDefinition {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
    strict: boolean;
  };
}

/** A function tool for `responses.create({tools})`. */
export interface OpenAIResponsesToolDefinition {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
  strict: boolean;
}

/** A client tool for Anthropic's `messages.create({tools})`. */
export interface AnthropicToolDefinition {
  name: string;
  description: string;
  input_schema: JsonSchema & { type: 'object' };
}

const strictnessCache = new WeakMap<AnyTool, OpenAIStrictness>();

function checkedTool(tool: AnyTool): AnyTool {
  if (!isTool(tool)) {
    throw new RegistryError('invalid_definition', 'Expected a tool made by defineTool({...})');
  }
  const problem = toolNameProblem(tool.name);
  if (problem) {
    throw new RegistryError('invalid_name', `Invalid tool name: ${problem}.`, {
      details: { tool: tool.name },
    });
  }
  return tool;
}

function toolsOf(source: ToolSource): readonly AnyTool[] {
  if (Array.isArray(source)) return source;
  if (typeof (source as ToolRegistry).list === 'function') return (source as ToolRegistry).list();
  throw new RegistryError('invalid_definition', 'Expected a ToolRegistry or an array of tools');
}

/**
 * The tool's input schema as a JSON Schema (draft 2020-12) document. Plain `z.object`s are
 * closed (`additionalProperties: false`); `.describe()` texts become `description`s.
 *
 * @example
 * ```ts
 * const schema = toJsonSchema(getWeather);
 * // { $schema: '...', type: 'object', properties: { city: {...} }, required: ['city'], additionalProperties: false }
 * ```
 */
export function toJsonSchema(tool: AnyTool): JsonSchema {
  return jsonSchemaOf(checkedTool(tool));
}

/**
 * Whether the tool can be sent to OpenAI with `strict: true`, and if not, why.
 *
 * @example
 * ```ts
 * const verdict = openAIStrictness(searchTool);
 * if (!verdict.strict) console.warn(`${searchTool.name}: ${verdict.reason}`);
 * ```
 */
export function openAIStrictness(tool: AnyTool): OpenAIStrictness {
  const checked = checkedTool(tool);
  let verdict = strictnessCache.get(checked);
  if (verdict === undefined) {
    const problems = openAIStrictProblems(jsonSchemaOf(checked));
    verdict = Object.freeze(
      problems.length === 0
        ? { strict: true as const }
        : { strict: false as const, reason: summarizeProblems(problems), problems: Object.freeze(problems) },
    );
    strictnessCache.set(checked, verdict);
  }
  return verdict;
}

function openAIParameters(tool: AnyTool, option: StrictOption): { parameters: JsonSchema; strict: boolean } {
  const verdict = openAIStrictness(tool);
  if (option === true && !verdict.strict) {
    throw new RegistryError(
      'schema_unsupported',
      `Tool "${tool.name}" cannot use OpenAI strict mode: ${verdict.reason}`,
      { details: { tool: tool.name, problems: verdict.problems } },
    );
  }
  const strict = option !== false && verdict.strict;
  const base = withoutSchemaKeyword(jsonSchemaOf(tool));
  return { parameters: strict ? oneOfToAnyOf(base) : base, strict };
}

/**
 * The OpenAI Chat Completions tool definition: `{type: 'function', function: {...}}`.
 *
 * @example
 * ```ts
 * await openai.chat.completions.create({ model, messages, tools: [toOpenAIChatTool(getWeather)] });
 * ```
 */
export function toOpenAIChatTool(tool: AnyTool, options: OpenAIToolOptions = {}): OpenAIChatToolDefinition {
  const { parameters, strict } = openAIParameters(checkedTool(tool), options.strict ?? 'auto');
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters, strict },
  };
}

/**
 * The OpenAI Responses API tool definition: `{type: 'function', name, description, parameters, strict}`.
 *
 * @example
 * ```ts
 * await openai.responses.create({ model, input, tools: toOpenAIResponsesTools(registry) });
 * ```
 */
export function toOpenAIResponsesTool(
  tool: AnyTool,
  options: OpenAIToolOptions = {},
): OpenAIResponsesToolDefinition {
  const { parameters, strict } = openAIParameters(checkedTool(tool), options.strict ?? 'auto');
  return { type: 'function', name: tool.name, description: tool.description, parameters, strict };
}

/**
 * The Anthropic Messages tool definition: `{name, description, input_schema}`.
 *
 * @example
 * ```ts
 * await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: toAnthropicTools(registry) });
 * ```
 */
export function toAnthropicTool(tool: AnyTool): AnthropicToolDefinition {
  const checked = checkedTool(tool);
  return {
    name: checked.name,
    description: checked.description,
    input_schema: withoutSchemaKeyword(jsonSchemaOf(checked)) as JsonSchema & { type: 'object' },
  };
}

/** `toOpenAIChatTool` for every tool of a registry (or list), in its stable order. */
export function toOpenAIChatTools(
  source: ToolSource,
  options: OpenAIToolOptions = {},
): OpenAIChatToolDefinition[] {
  return toolsOf(source).map((tool) => toOpenAIChatTool(tool, options));
}

/** `toOpenAIResponsesTool` for every tool of a registry (or list), in its stable order. */
export function toOpenAIResponsesTools(
  source: ToolSource,
  options: OpenAIToolOptions = {},
): OpenAIResponsesToolDefinition[] {
  return toolsOf(source).map((tool) => toOpenAIResponsesTool(tool, options));
}

/** `toAnthropicTool` for every tool of a registry (or list), in its stable order. */
export function toAnthropicTools(source: ToolSource): AnthropicToolDefinition[] {
  return toolsOf(source).map((tool) => toAnthropicTool(tool));
}
