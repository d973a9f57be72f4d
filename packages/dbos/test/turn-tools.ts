/**
 * The crash test's tools: two reads (parallel-safe, allowed) and a write that asks. Each body
 * appends a row to `side_effects` in Postgres before it returns: the proof of how often it ran.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { defineTool, type ToolCall } from '@dexter/registry';
import pg from 'pg';
import { z } from 'zod';

export async function createSideEffectLog(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  await pool.query(`create table if not exists side_effects (
    id bigserial primary key, turn_id text not null, tool_call_id text not null, tool text not null)`);
  return pool;
}

export function createTurnTools(log: pg.Pool) {
  const record = async (tool: string, toolCallId: string) => {
    await log.query('insert into side_effects (turn_id, tool_call_id, tool) values ($1, $2, $3)', [
      DBOS.workflowID ?? 'none',
      toolCallId,
      tool,
    ]);
  };
  const read = (name: string, delayMs: number) =>
    defineTool({
      name,
      description: `Reads ${name}.`,
      compactDescription: `Read ${name}`,
      inputSchema: z.object({ key: z.string() }),
      concurrencySafe: true,
      approval: 'allow',
      async execute({ key }, { toolCallId }) {
        // Different delays make the parallel calls finish out of call order.
        await new Promise((resolve) => setTimeout(resolve, delayMs + Math.floor(Math.random() * 20)));
        await record(name, toolCallId);
        return { key, value: `${name}:${key}` };
      },
    });
  const write = defineTool({
    name: 'write_file',
    description: 'Writes a file.',
    compactDescription: 'Write a file',
    inputSchema: z.object({ path: z.string(), content: z.string() }),
    approval: 'ask',
    async execute({ path, content }, { toolCallId }) {
      await record('write_file', toolCallId);
      return { path, bytes: content.length };
    },
  });
  return [read('read_a', 40), read('read_b', 0), write];
}

/** c1..c3 read in parallel, c4 writes (asks), c5 reads, c6 writes (asks), c7 reads. */
export const TURN_CALLS: ToolCall[] = [
  { id: 'c1', name: 'read_a', input: { key: 'one' } },
  { id: 'c2', name: 'read_b', input: { key: 'two' } },
  { id: 'c3', name: 'read_a', input: { key: 'three' } },
  { id: 'c4', name: 'write_file', input: { path: 'a.md', content: 'first' } },
  { id: 'c5', name: 'read_b', input: { key: 'five' } },
  { id: 'c6', name: 'write_file', input: { path: 'b.md', content: 'second!' } },
  { id: 'c7', name: 'read_a', input: { key: 'seven' } },
];
