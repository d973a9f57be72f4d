// serveMcp passes MCP content through: a tool whose output is `{ content: [blocks…],
// structuredContent? }` (an MCP server's tool re-served, or one of ours sending an image)
// reaches the client as those blocks, with the result's notes after them; anything else is
// the executor's text, as before.

import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { createToolRegistry, defineTool } from '@dexter/registry';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveMcp } from '../src/index';

const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const returning = (name: string, output: unknown) =>
  defineTool({
    name,
    inputSchema: z.object({}),
    description: `Returns a fixed ${name} output.`,
    compactDescription: name,
    concurrencySafe: true,
    approval: 'allow',
    execute: () => output,
  });

const registry = createToolRegistry([
  returning('picture', {
    content: [
      { type: 'text', text: 'a red pixel' },
      { type: 'image', data: PIXEL, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://pixel', mimeType: 'text/plain', text: 'red' } },
    ],
    structuredContent: { color: 'red' },
  }),
  defineTool({
    name: 'observed',
    inputSchema: z.object({}),
    description: 'Says whether its progress has a listener.',
    compactDescription: 'observed',
    concurrencySafe: true,
    approval: 'allow',
    execute: (_input, context) => `observed:${context.progressObserved}`,
  }),
  // Not MCP content: an image block without its data, and a plain object.
  returning('broken', { content: [{ type: 'image', mimeType: 'image/png' }] }),
  returning('plain', { content: 'just a field called content' }),
]);

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function client(source: Parameters<typeof serveMcp>[0] = registry) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const serving = await serveMcp(source, {
    transport: serverSide,
    permissions: createPermissionEngine({ rules: { allow: ['picture', 'broken', 'plain', 'observed'] } }),
  });
  const mcp = new Client({ name: 'test', version: '1' });
  await mcp.connect(clientSide);
  closers.push(
    () => mcp.close(),
    () => serving.close(),
  );
  return mcp;
}

describe('serveMcp content', () => {
  it('sends the blocks and structured content of an MCP-shaped output as they are', async () => {
    const mcp = await client();
    const result = await mcp.callTool({ name: 'picture', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([
      { type: 'text', text: 'a red pixel' },
      { type: 'image', data: PIXEL, mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://pixel', mimeType: 'text/plain', text: 'red' } },
    ]);
    expect(result.structuredContent).toEqual({ color: 'red' });
    expect(result._meta).toEqual({ 'dexter/status': 'ok' });
  });

  it("puts the result's notes after the blocks, as a text block", async () => {
    const executor = createExecutor({
      tools: registry.list(),
      permissions: createPermissionEngine({ rules: { allow: ['picture'] } }),
      softLimits: { maxCallsPerTool: 1, similarityThreshold: false },
    });
    const mcp = await client(executor);
    await mcp.callTool({ name: 'picture', arguments: {} });
    const second = await mcp.callTool({ name: 'picture', arguments: {} });
    const blocks = second.content as Array<{ type: string; text?: string }>;
    expect(blocks.map((block) => block.type)).toEqual(['text', 'image', 'resource', 'text']);
    expect(blocks[3]!.text).toMatch(/This is call 2 of picture in this session/);
  });

  it('tells tools their progress is observed only when the client asked for progress', async () => {
    const mcp = await client();
    const text = (result: Awaited<ReturnType<Client['callTool']>>) =>
      (result.content as Array<{ text: string }>)[0]!.text;
    expect(text(await mcp.callTool({ name: 'observed', arguments: {} }))).toMatch(/^observed:false/);
    const withProgress = await mcp.callTool({ name: 'observed', arguments: {} }, undefined, {
      onprogress: () => undefined,
    });
    expect(text(withProgress)).toMatch(/^observed:true/);
  });

  it('sends anything else as the executor text, a malformed block included', async () => {
    const mcp = await client();
    for (const name of ['broken', 'plain']) {
      const result = await mcp.callTool({ name, arguments: {} });
      expect(result.content).toHaveLength(1);
      expect((result.content as Array<{ type: string; text: string }>)[0]).toMatchObject({ type: 'text' });
      expect(result.structuredContent).toBeUndefined();
    }
  });
});
