/**
 * Turns a tool's zod input schema into the plain JSON Schema every provider shape starts
 * from. One conversion per tool, cached: provider prompt caches want byte-identical tool
 * definitions on every request, and the conversion is not free.
 *
 * Two deliberate adjustments to zod's `io: 'input'` output:
 * - a plain `z.object` (zod's default "strip" mode) gets `additionalProperties: false`.
 *   zod would accept and drop unknown keys, so telling the model "no other keys" changes
 *   nothing about what validates, and it is what OpenAI's strict mode requires. Objects
 *   declared `.loose()` / `.catchall()` keep their open `additionalProperties`.
 * - the `$schema` keyword is kept here (it is a JSON Schema document) and removed by the
 *   provider shapes, which embed the schema in a larger payload.
 */
import { z } from 'zod';
import { RegistryError } from '../errors';
import type { AnyTool } from '../tool';

/** A JSON Schema node, as produced by `z.toJSONSchema`. */
export type JsonSchema = { [keyword: string]: unknown };

const cache = new WeakMap<AnyTool, JsonSchema>();

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords whose value is a single subschema. */
const SINGLE_SUBSCHEMA = [
  'items',
  'additionalProperties',
  'propertyNames',
  'not',
  'contains',
  'if',
  'then',
  'else',
];
/** Keywords whose value is an array of subschemas. */
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];

/**
 * Calls `visit` on every subschema of `schema` (depth first, parents before children) with
 * a readable JSON-pointer-like path (`#/properties/query`).
 */
export function walkJsonSchema(
  schema: JsonSchema,
  visit: (node: JsonSchema, path: string, depth: number) => void,
  path = '#',
  depth = 0,
): void {
  visit(schema, path, depth);
  for (const keyword of SINGLE_SUBSCHEMA) {
    const child = schema[keyword];
    if (isSchemaObject(child)) walkJsonSchema(child, visit, `${path}/${keyword}`, depth + 1);
  }
  for (const keyword of SUBSCHEMA_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) {
      list.forEach((child, index) => {
        if (isSchemaObject(child)) walkJsonSchema(child, visit, `${path}/${keyword}/${index}`, depth + 1);
      });
    }
  }
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = schema[keyword];
    if (isSchemaObject(map)) {
      // $defs are not nested in the data, so they do not add depth.
      const childDepth = keyword === '$defs' || keyword === 'definitions' ? 0 : depth + 1;
      for (const [name, child] of Object.entries(map)) {
        if (isSchemaObject(child)) walkJsonSchema(child, visit, `${path}/${keyword}/${name}`, childDepth);
      }
    }
  }
}

/** Recursively freezes a JSON value so cached schemas cannot be changed by a caller. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function convert(tool: AnyTool): JsonSchema {
  let schema: JsonSchema;
  try {
    schema = z.toJSONSchema(tool.inputSchema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'throw',
    }) as JsonSchema;
  } catch (error) {
    throw new RegistryError(
      'schema_unsupported',
      `The input schema of tool "${tool.name}" cannot be expressed as JSON Schema (${
        error instanceof Error ? error.message : String(error)
      }). Models send JSON, so use JSON-compatible types (e.g. z.string() instead of z.date(), no transforms that change the input type).`,
      { cause: error, details: { tool: tool.name } },
    );
  }
  walkJsonSchema(schema, (node) => {
    const isObject = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
    if (isObject && isSchemaObject(node.properties) && !('additionalProperties' in node)) {
      node.additionalProperties = false;
    }
  });
  return deepFreeze(schema);
}

/**
 * The tool's input as a JSON Schema (draft 2020-12) document, from its zod schema.
 * Cached per tool and frozen. Throws `schema_unsupported` when the schema contains types
 * JSON cannot carry (dates, maps, bigints, functions...).
 */
export function jsonSchemaOf(tool: AnyTool): JsonSchema {
  let schema = cache.get(tool);
  if (schema === undefined) {
    schema = convert(tool);
    cache.set(tool, schema);
  }
  return schema;
}

/** A copy of `schema` without the document-level `$schema` keyword. */
export function withoutSchemaKeyword(schema: JsonSchema): JsonSchema {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
