/**
 * The turn both resumable-run benches time (this package's and packages/postgres/bench): 10
 * calls, the 5th a write that asks for approval, the others auto-allowed reads.
 */
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

export const KEY = 'bench-signing-key-of-32-bytes-min';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const read = defineTool({
  name: 'read',
  inputSchema: z.object({ i: z.number() }),
  description: 'reads',
  compactDescription: 'reads',
  concurrencySafe: true,
  approval: 'allow',
  execute: async ({ i }) => ({ row: i, text: `row ${i}` }),
});
const write = defineTool({
  name: 'write',
  inputSchema: z.object({ i: z.number() }),
  description: 'writes',
  compactDescription: 'writes',
  approval: 'ask',
  execute: async ({ i }) => `wrote ${i}`,
});
export const tools = [read, write];
export const calls = Array.from({ length: 10 }, (_, i) => ({
  id: `c${i}`,
  name: i === 4 ? 'write' : 'read',
  input: { i },
}));
