import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type AnyTool, defineTool, type ToolInput, type ToolOutput } from './tool';

describe('defineTool inference', () => {
  it('infers execute input from the schema and output from execute', () => {
    const tool = defineTool({
      name: 'search',
      inputSchema: z.object({
        query: z.string(),
        limit: z.number().int().default(5),
        tags: z.array(z.string()).optional(),
      }),
      description: 'Search.',
      compactDescription: 'Search',
      execute(input) {
        expectTypeOf(input.query).toEqualTypeOf<string>();
        expectTypeOf(input.limit).toEqualTypeOf<number>();
        expectTypeOf(input.tags).toEqualTypeOf<string[] | undefined>();
        return { hits: [input.query] };
      },
    });
    expectTypeOf<ToolInput<typeof tool>>().toEqualTypeOf<{
      query: string;
      limit: number;
      tags?: string[] | undefined;
    }>();
    expectTypeOf<ToolOutput<typeof tool>>().toEqualTypeOf<{ hits: string[] }>();
  });

  it('infers the output of async generators', () => {
    const tool = defineTool({
      name: 'slow',
      inputSchema: z.object({}),
      description: 'Slow.',
      compactDescription: 'Slow',
      async *execute() {
        yield 'working';
        return 42 as const;
      },
    });
    expectTypeOf<ToolOutput<typeof tool>>().toEqualTypeOf<42>();
  });

  it('rejects bad fields at compile time', () => {
    defineTool({
      name: 'x',
      inputSchema: z.object({ a: z.string() }),
      description: 'd',
      compactDescription: 'c',
      // @ts-expect-error approval only takes 'allow' | 'ask'
      approval: 'deny',
      execute: () => 1,
    });
    defineTool({
      name: 'y',
      inputSchema: z.object({ a: z.string() }),
      description: 'd',
      compactDescription: 'c',
      // @ts-expect-error input.a is a string
      execute: (input) => input.a.toFixed(),
    });
  });
});

describe('defineTool input schemas', () => {
  const base = { description: 'X.', compactDescription: 'X', execute: () => 'x' };
  it('accepts object schemas of every kind', () => {
    defineTool({ ...base, name: 'a', inputSchema: z.object({ a: z.string() }) });
    defineTool({ ...base, name: 'b', inputSchema: z.strictObject({ a: z.string() }) });
    defineTool({ ...base, name: 'c', inputSchema: z.looseObject({}) });
    defineTool({ ...base, name: 'd', inputSchema: z.object({ a: z.number() }).superRefine(() => {}) });
  });
  it('rejects what no provider accepts at the top of a tool input', () => {
    // @ts-expect-error a string is not an object schema
    defineTool({ ...base, name: 'e', inputSchema: z.string() });
    // @ts-expect-error an array is not an object schema
    defineTool({ ...base, name: 'f', inputSchema: z.array(z.string()) });
    const either = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    // @ts-expect-error a union of objects is not an object at the top level
    defineTool({ ...base, name: 'g', inputSchema: either });
  });
});

describe('lists of tools', () => {
  it('take a tool whose execute only throws (output never) as an AnyTool', () => {
    const failing = defineTool({
      name: 'fails',
      inputSchema: z.object({}),
      description: 'Always fails.',
      compactDescription: 'Fails',
      execute: () => {
        throw new Error('no');
      },
    });
    expectTypeOf(failing).toExtend<AnyTool>();
    const tools: AnyTool[] = [failing];
    expectTypeOf(tools).toEqualTypeOf<AnyTool[]>();
  });
});
