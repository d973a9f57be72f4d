import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walkJsonSchema } from './adapters/json-schema';
import { RegistryError } from './errors';
import {
  openAIStrictness,
  toAnthropicTool,
  toAnthropicTools,
  toJsonSchema,
  toOpenAIChatTool,
  toOpenAIChatTools,
  toOpenAIResponsesTool,
  toOpenAIResponsesTools,
} from './provider-schemas';
import { type AnyTool, defineTool } from './tool';
import { createToolRegistry } from './tool-registry';

function toolWith(schema: z.ZodObject, name = 'sample_tool'): AnyTool {
  return defineTool({
    name,
    inputSchema: schema,
    description: `Full description of ${name}.`,
    compactDescription: `${name} in one line`,
    execute: () => 'ok',
  });
}

const weather = toolWith(
  z.object({
    city: z.string().describe('City name, e.g. Paris'),
    unit: z.enum(['celsius', 'fahrenheit']).describe('Temperature unit'),
  }),
  'get_weather',
);

describe('toJsonSchema', () => {
  it('converts the zod input schema, carrying .describe() texts and closing plain objects', () => {
    const schema = toJsonSchema(weather);
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. Paris' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
      },
      required: ['city', 'unit'],
      additionalProperties: false,
    });
  });

  it('is cached per tool and frozen', () => {
    const first = toJsonSchema(weather);
    expect(toJsonSchema(weather)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.properties)).toBe(true);
  });

  it('uses the input side of transforms and defaults (what the model must send)', () => {
    const tool = toolWith(
      z.object({ text: z.string().transform((value) => value.length), limit: z.number().default(5) }),
    );
    const schema = toJsonSchema(tool);
    expect(schema.properties).toEqual({ text: { type: 'string' }, limit: { type: 'number', default: 5 } });
    expect(schema.required).toEqual(['text']);
  });

  it('throws schema_unsupported for types JSON cannot carry', () => {
    const tool = toolWith(z.object({ when: z.date() }), 'needs_date');
    const error = (() => {
      try {
        toJsonSchema(tool);
      } catch (caught) {
        return caught;
      }
    })();
    expect(RegistryError.isInstance(error)).toBe(true);
    expect((error as RegistryError).code).toBe('schema_unsupported');
    expect((error as RegistryError).message).toContain('needs_date');
  });

  it('rejects tool-like objects whose name breaks the provider rules', () => {
    const forged = { ...weather, name: 'get weather!' } as AnyTool;
    expect(() => toOpenAIChatTool(forged)).toThrow(/letters, digits/);
    expect(() => toAnthropicTool(forged)).toThrow(RegistryError);
    expect(() => toOpenAIResponsesTool({ name: 'x' } as unknown as AnyTool)).toThrow(/defineTool/);
  });
});

describe('OpenAI Chat Completions shape', () => {
  it('wraps the schema in {type: function, function: {...}} with strict on when possible', () => {
    expect(toOpenAIChatTool(weather)).toEqual({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Full description of get_weather.',
        parameters: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name, e.g. Paris' },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
          },
          required: ['city', 'unit'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
  });

  it('can be told never to use strict mode', () => {
    expect(toOpenAIChatTool(weather, { strict: false }).function.strict).toBe(false);
  });
});

describe('OpenAI Responses shape and strictness', () => {
  it('is flat, with strict mode for nested closed objects and nullable fields', () => {
    const tool = toolWith(
      z.object({
        filter: z.object({
          ticker: z.string(),
          period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
        }),
        tags: z.array(z.object({ key: z.string() })).max(5),
      }),
      'search_filings',
    );
    const definition = toOpenAIResponsesTool(tool);
    expect(definition.type).toBe('function');
    expect(definition.name).toBe('search_filings');
    expect(definition.strict).toBe(true);
    expect(definition.parameters).not.toHaveProperty('$schema');
    const properties = definition.parameters.properties as Record<string, Record<string, unknown>>;
    const filter = properties.filter ?? {};
    expect(filter.additionalProperties).toBe(false);
    const period = (filter.properties as Record<string, Record<string, unknown>>).period;
    expect(period?.properties).toEqual({
      from: { type: ['string', 'null'] },
      to: { type: ['string', 'null'] },
    });
    expect(period?.required).toEqual(['from', 'to']);
  });

  it('reports optional fields and does NOT rewrite them to nullable', () => {
    const tool = toolWith(z.object({ query: z.string(), limit: z.number().int().optional() }));
    const verdict = openAIStrictness(tool);
    expect(verdict.strict).toBe(false);
    if (verdict.strict) throw new Error('unreachable');
    expect(verdict.reason).toMatch(/optional field\(s\) "limit"/);
    const definition = toOpenAIResponsesTool(tool);
    expect(definition.strict).toBe(false);
    expect(definition.parameters.required).toEqual(['query']);
    expect((definition.parameters.properties as Record<string, unknown>).limit).toEqual({
      type: 'integer',
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('reports records, open objects, unsupported keywords, formats and defaults', () => {
    const cases: Array<[z.ZodObject, RegExp]> = [
      [z.object({ labels: z.record(z.string(), z.string()) }), /#\/properties\/labels is a record/],
      [
        z.object({ meta: z.object({ a: z.string() }).loose() }),
        /#\/properties\/meta allows additional properties/,
      ],
      [z.object({ q: z.string().min(1) }), /"minLength"/],
      [z.object({ site: z.url() }), /format "uri"/],
      [z.object({ mode: z.enum(['a', 'b']).default('a') }), /default value/],
      [z.object({ blob: z.unknown() }), /accepts any value/],
      [z.object({ pair: z.tuple([z.string(), z.number()]) }), /"prefixItems"/],
    ];
    for (const [schema, expected] of cases) {
      const verdict = openAIStrictness(toolWith(schema));
      expect(verdict.strict, String(expected)).toBe(false);
      if (!verdict.strict) expect(verdict.problems.join(' | ')).toMatch(expected);
    }
  });

  it('keeps enums and plain unions strict, and sends discriminated unions as anyOf', () => {
    const tool = toolWith(
      z.object({
        value: z.union([z.string(), z.number()]),
        action: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('buy'), shares: z.number() }),
          z.object({ kind: z.literal('hold') }),
        ]),
        oneOf: z.enum(['oneOf', 'anyOf']).describe('a property that happens to be called oneOf'),
      }),
    );
    const definition = toOpenAIResponsesTool(tool);
    expect(definition.strict).toBe(true);
    const properties = definition.parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.value).toEqual({ type: ['string', 'number'] });
    expect(properties.action).toHaveProperty('anyOf');
    expect(properties.action).not.toHaveProperty('oneOf');
    expect(properties.oneOf?.enum).toEqual(['oneOf', 'anyOf']);
    // The generic schema and the Anthropic shape keep zod's oneOf.
    expect((toAnthropicTool(tool).input_schema.properties as Record<string, unknown>).action).toHaveProperty(
      'oneOf',
    );
  });

  it('supports recursive schemas through $defs', () => {
    const Category: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(Category);
      },
    });
    const tool = toolWith(z.object({ root: Category }));
    expect(openAIStrictness(tool)).toEqual({ strict: true });
  });

  it('throws when strict mode is required but impossible', () => {
    const tool = toolWith(z.object({ note: z.string().optional() }), 'notes');
    expect(() => toOpenAIResponsesTool(tool, { strict: true })).toThrow(
      /"notes" cannot use OpenAI strict mode/,
    );
    expect(toOpenAIResponsesTool(weather, { strict: true }).strict).toBe(true);
  });

  it('reports too deep nesting', () => {
    let inner: z.ZodObject = z.object({ leaf: z.string() });
    for (let level = 0; level < 11; level += 1) inner = z.object({ child: inner });
    const verdict = openAIStrictness(toolWith(inner));
    expect(verdict.strict).toBe(false);
    if (!verdict.strict) expect(verdict.reason).toMatch(/deeper than 10/);
  });

  it('property: strict exactly when no field anywhere is optional, and strict schemas are closed', () => {
    const field = fc.constantFrom('required', 'optional', 'nullable');
    const shape = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), field, fc.boolean()), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(shape, shape, (outerFields, innerFields) => {
        const build = (fields: typeof outerFields, nested?: z.ZodObject) => {
          const entries: Record<string, z.ZodType> = {};
          for (const [key, kind, isNumber] of fields) {
            const base = isNumber ? z.number() : z.string();
            entries[key] =
              kind === 'optional' ? base.optional() : kind === 'nullable' ? base.nullable() : base;
          }
          if (nested) entries.nested = nested;
          return z.object(entries);
        };
        const lastKind = (fields: typeof outerFields) => {
          const byKey = new Map(fields.map(([key, kind]) => [key, kind]));
          return [...byKey.values()];
        };
        const tool = toolWith(build(outerFields, build(innerFields)));
        const anyOptional = [...lastKind(outerFields), ...lastKind(innerFields)].includes('optional');
        const verdict = openAIStrictness(tool);
        expect(verdict.strict).toBe(!anyOptional);
        if (verdict.strict) {
          walkJsonSchema(toOpenAIResponsesTool(tool).parameters, (node) => {
            if (node.type === 'object') {
              expect(node.additionalProperties).toBe(false);
              expect([...(node.required as string[])].sort()).toEqual(
                Object.keys(node.properties as object).sort(),
              );
            }
          });
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('Anthropic shape', () => {
  it('is {name, description, input_schema} with an object schema and no $schema', () => {
    expect(toAnthropicTool(weather)).toEqual({
      name: 'get_weather',
      description: 'Full description of get_weather.',
      input_schema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name, e.g. Paris' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
        },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    });
  });

  it('keeps optional fields optional and records open', () => {
    const tool = toolWith(z.object({ q: z.string(), extra: z.record(z.string(), z.number()).optional() }));
    const schema = toAnthropicTool(tool).input_schema;
    expect(schema.required).toEqual(['q']);
    expect((schema.properties as Record<string, unknown>).extra).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'number' },
    });
  });
});

describe('lists for a registry', () => {
  it('follow the registry order and skip unavailable tools', () => {
    const tools = ['zeta', 'alpha', 'mid'].map((name) => toolWith(z.object({ q: z.string() }), name));
    const hidden = defineTool({
      name: 'needs_key',
      inputSchema: z.object({}),
      description: 'Needs a key.',
      compactDescription: 'needs a key',
      available: () => 'no key',
      execute: () => null,
    });
    const registry = createToolRegistry([...tools, hidden], { env: {} });
    expect(toOpenAIChatTools(registry).map((tool) => tool.function.name)).toEqual(['zeta', 'alpha', 'mid']);
    expect(toOpenAIResponsesTools(registry).map((tool) => tool.name)).toEqual(['zeta', 'alpha', 'mid']);
    expect(toAnthropicTools(tools).map((tool) => tool.name)).toEqual(['zeta', 'alpha', 'mid']);
    // Byte-identical across calls (prompt caching).
    expect(JSON.stringify(toOpenAIResponsesTools(registry))).toBe(
      JSON.stringify(toOpenAIResponsesTools(registry)),
    );
  });

  it('rejects something that is neither a registry nor a list', () => {
    expect(() => toAnthropicTools({} as never)).toThrow(/ToolRegistry or an array/);
  });
});
