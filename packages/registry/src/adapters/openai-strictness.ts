/**
 * Decides whether a tool's JSON Schema can be sent to OpenAI with `strict: true`
 * (Structured Outputs for function calling), and produces the schema to send.
 *
 * Strict mode accepts a subset of JSON Schema: every object closed
 * (`additionalProperties: false`) with every property listed in `required`, and only the
 * documented keywords (type, properties, required, additionalProperties, items, enum,
 * const, anyOf, $ref/$defs, description/title, string `pattern`/`format` with the
 * documented formats, number bounds and `multipleOf`, array `minItems`/`maxItems`),
 * at most 10 levels of nesting, 5000 properties and 1000 enum values per enum.
 *
 * We do not rewrite optional fields into "required but nullable": the executor validates
 * with the tool's own zod schema, which would then see `null` where it expects a missing
 * key. A schema that is not strict-compatible is sent with `strict: false` and the reason
 * is reported. The one rewrite we do is `oneOf` → `anyOf` (zod's discriminated unions):
 * it only loosens the model-facing schema and the zod validation still applies.
 */
import { type JsonSchema, walkJsonSchema } from './json-schema';

/** Whether a tool can use OpenAI strict mode; when not, why. */
export type OpenAIStrictness =
  | { strict: true }
  | {
      strict: false;
      /** The first problems found, in one sentence, for logs and diagnostics. */
      reason: string;
      /** Every problem found, each with its schema path. */
      problems: readonly string[];
    };

const ALLOWED_KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf', // rewritten to anyOf
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);

const ALLOWED_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;

function isObjectNode(node: JsonSchema): boolean {
  return node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
}

/** Lists the reasons `schema` cannot be strict (empty when it can). */
export function openAIStrictProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  let propertyCount = 0;
  walkJsonSchema(schema, (node, path, depth) => {
    if (depth > MAX_DEPTH) {
      problems.push(`${path} is nested deeper than ${MAX_DEPTH} levels`);
    }
    const keywords = Object.keys(node);
    if (keywords.length === 0 || (keywords.length === 1 && keywords[0] === 'description')) {
      problems.push(`${path} accepts any value (z.unknown()/z.any()); strict mode needs a type`);
    }
    for (const keyword of keywords) {
      if (keyword === '$schema' && path !== '#') problems.push(`${path} has a nested $schema`);
      if (!ALLOWED_KEYWORDS.has(keyword)) {
        problems.push(
          keyword === 'default'
            ? `${path} has a default value, which strict mode does not support`
            : `${path} uses "${keyword}", which strict mode does not support`,
        );
      }
    }
    if (typeof node.format === 'string' && !ALLOWED_FORMATS.has(node.format)) {
      problems.push(`${path} uses format "${node.format}", which strict mode does not support`);
    }
    if (Array.isArray(node.enum) && node.enum.length > MAX_ENUM_VALUES) {
      problems.push(`${path} has ${node.enum.length} enum values (at most ${MAX_ENUM_VALUES})`);
    }
    if (isObjectNode(node)) {
      const properties =
        typeof node.properties === 'object' && node.properties !== null
          ? Object.keys(node.properties as object)
          : [];
      propertyCount += properties.length;
      if (node.additionalProperties !== false) {
        problems.push(
          properties.length === 0 && node.additionalProperties !== undefined
            ? `${path} is a record/map with free-form keys; strict mode needs fixed properties`
            : `${path} allows additional properties; strict mode needs additionalProperties: false`,
        );
      }
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      const optional = properties.filter((name) => !required.has(name));
      if (optional.length > 0) {
        problems.push(
          `${path} has optional field(s) ${optional.map((name) => `"${name}"`).join(', ')}; strict mode requires every field (use .nullable() instead of .optional() to allow strict mode)`,
        );
      }
    }
  });
  if (propertyCount > MAX_PROPERTIES) {
    problems.push(`the schema has ${propertyCount} properties (at most ${MAX_PROPERTIES})`);
  }
  return problems;
}

/** Summarises problems as one sentence (first three, then a count). */
export function summarizeProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, 3).join('; ');
  const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
  return `not strict-compatible: ${shown}${more}`;
}

const NAME_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);

/**
 * Deep copy of `schema` with every `oneOf` keyword renamed to `anyOf`. Property names and
 * data values (`enum`, `const`, ...) are copied untouched even when they spell "oneOf".
 */
export function oneOfToAnyOf(schema: JsonSchema): JsonSchema {
  const copySchema = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copySchema);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [keyword, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(keyword)) out[keyword] = structuredClone(value);
      else if (NAME_MAPS.has(keyword) && typeof value === 'object' && value !== null) {
        out[keyword] = Object.fromEntries(
          Object.entries(value).map(([name, child]) => [name, copySchema(child)]),
        );
      } else out[keyword === 'oneOf' && !('anyOf' in node) ? 'anyOf' : keyword] = copySchema(value);
    }
    return out;
  };
  return copySchema(schema) as JsonSchema;
}
