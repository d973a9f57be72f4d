/**
 * A registry input schema made from an MCP tool's JSON Schema, so the registry stays
 * zod-only and untouched:
 * - validation: the JSON Schema is converted with zod 4's `z.fromJSONSchema` and run inside a
 *   `superRefine`, so bad input becomes `invalid_input` with zod-shaped issues (path, code,
 *   message) exactly as for zod tools. Schemas zod cannot convert (if/then/else, `not`,
 *   external `$ref`...) are checked with the MCP SDK's Ajv validator instead (one issue with
 *   Ajv's text). A schema neither can compile fails every call (closed), never passes it.
 * - what the model sees: the server's schema itself, attached as zod metadata, so
 *   `toJsonSchema`/provider shapes show it as the server wrote it.
 * - what the server gets: the input as the model sent it (a loose object keeps every key;
 *   the server applies its own defaults).
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';

/** A JSON Schema object as MCP servers send it in `tools/list`. */
export type McpInputSchema = { type?: unknown; [keyword: string]: unknown };

type Check = (value: unknown, context: z.RefinementCtx) => void;

let ajv: AjvJsonSchemaValidator | undefined;

function checkerFor(schema: McpInputSchema): Check {
  try {
    const validator = z.fromJSONSchema(schema as never);
    return (value, context) => {
      const result = validator.safeParse(value);
      if (result.success) return;
      for (const issue of result.error.issues) {
        context.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
      }
    };
  } catch {
    // zod cannot express it: Ajv (the validator the SDK itself uses) can.
  }
  try {
    ajv ??= new AjvJsonSchemaValidator();
    const validate = ajv.getValidator(schema as never);
    return (value, context) => {
      const result = validate(value);
      if (!result.valid) context.addIssue({ code: 'custom', path: [], message: result.errorMessage });
    };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return (_value, context) => {
      context.addIssue({
        code: 'custom',
        path: [],
        message: `the server's input schema cannot be checked (${why}), so no call is sent`,
      });
    };
  }
}

/** The schema as shown to models: an object at the top, no document-level keywords zod reserves. */
function shownSchema(schema: McpInputSchema): Record<string, unknown> {
  const { $schema: _schema, $id: _id, id: _legacyId, ...rest } = schema;
  return { ...rest, type: 'object' };
}

/**
 * The zod schema of an MCP tool's input.
 *
 * @example
 * ```ts
 * const input = jsonSchemaInput({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
 * input.safeParse({}).success; // false: path is required
 * ```
 */
export function jsonSchemaInput(schema: McpInputSchema): z.ZodObject {
  const source: McpInputSchema =
    typeof schema === 'object' && schema !== null && !Array.isArray(schema) ? schema : { type: 'object' };
  const check = checkerFor(source);
  return z.looseObject({}).superRefine(check).meta(shownSchema(source)) as unknown as z.ZodObject;
}
