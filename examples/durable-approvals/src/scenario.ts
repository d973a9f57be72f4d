/**
 * The demo's scenario as durable turns: the scripted model asks for Apple's and NVIDIA's
 * revenue (two parallel `get_financials` calls on the embedded SEC data) and to save a note
 * with `write_file`, which needs approval. Each run of a tool body is logged in `attempts`
 * (at least once: a crash between a body's effect and its step's checkpoint runs it again),
 * and its `executions` row commits through the effect ledger with the step's idempotency key
 * (exactly once). `write_file` itself is idempotent by that key: a re-run writes the same
 * bytes to the same path through a temp file named by the key.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createEffectLedger, type EffectLedger, retryWhileUnavailable } from '@dexter/dbos';
import { createEmbeddedProvider, createGetFinancialsTool } from '@dexter/finance-tools';
import { type AnyTool, defineTool, type ToolCall } from '@dexter/registry';
import { createScriptedLlmClient } from '@dexter/registry/testing';
import type pg from 'pg';
import { z } from 'zod';

export async function createExecutionsTable(pool: pg.Pool): Promise<EffectLedger> {
  for (const table of ['executions', 'attempts']) {
    await pool.query(`create table if not exists ${table} (
      id bigserial primary key,
      turn_id text not null,
      tool_call_id text not null,
      tool text not null,
      idempotency_key text,
      at timestamptz not null default now())`);
  }
  const ledger = createEffectLedger({ pool });
  await ledger.migrate();
  return ledger;
}

async function countsOf(pool: pg.Pool, table: 'executions' | 'attempts', turnId: string) {
  const { rows } = await pool.query<{ tool_call_id: string; n: number }>(
    `select tool_call_id, count(*)::int as n from ${table} where turn_id = $1 group by tool_call_id order by tool_call_id`,
    [turnId],
  );
  return Object.fromEntries(rows.map((row) => [row.tool_call_id, row.n]));
}

/** Times each tool call's effect committed (exactly once), by tool call id. */
export function executionsOf(pool: pg.Pool, turnId: string): Promise<Record<string, number>> {
  return countsOf(pool, 'executions', turnId);
}

/** Times each tool body started (at least once), by tool call id. */
export function attemptsOf(pool: pg.Pool, turnId: string): Promise<Record<string, number>> {
  return countsOf(pool, 'attempts', turnId);
}

function createWriteFileTool(workspace: string) {
  const inside = (path: string) => {
    const target = resolve(workspace, path);
    const rel = relative(workspace, target);
    if (rel.startsWith('..') || isAbsolute(rel)) throw new Error(`${path} is outside the workspace`);
    return target;
  };
  return defineTool({
    name: 'write_file',
    inputSchema: z.object({
      path: z.string().min(1).describe('File path relative to the workspace, e.g. report.md'),
      content: z.string().describe('The full text to write'),
    }),
    description: 'Writes a text file in the workspace, replacing it if it exists.',
    compactDescription: 'Write a text file in the workspace',
    approval: 'ask',
    permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path: inside(path) }),
    async execute({ path, content }, { toolCallId, idempotencyKey }) {
      const target = inside(path);
      await mkdir(dirname(target), { recursive: true });
      // Write then rename: a crash leaves the old file or the new one, and a re-run under the
      // same key writes the same bytes again (the effect is idempotent).
      const temp = `${target}.${(idempotencyKey ?? toolCallId).replace(/[^A-Za-z0-9_-]/g, '_')}.tmp`;
      await writeFile(temp, content, 'utf8');
      await rename(temp, target);
      return { path: relative(workspace, target), bytes: Buffer.byteLength(content) };
    },
  });
}

/**
 * Wraps a tool so each run of its body is logged in `attempts`, and its result commits with
 * an `executions` row through the effect ledger, keyed by the step's idempotency key: a re-run
 * after a crash finds the row and returns the recorded result.
 */
function recorded(tool: AnyTool, pool: pg.Pool, ledger: EffectLedger): AnyTool {
  return Object.freeze({
    ...tool,
    execute: async (input: never, context: Parameters<AnyTool['execute']>[1]) => {
      const turnId = DBOS.workflowID ?? 'none';
      const key = context.idempotencyKey ?? `${turnId}:${context.toolCallId}`;
      const row = [turnId, context.toolCallId, tool.name, key];
      // Through a database restart the log waits for the server (the tool's result must not
      // become an error because PostgreSQL was away for a moment).
      await retryWhileUnavailable(() =>
        pool.query(
          'insert into attempts (turn_id, tool_call_id, tool, idempotency_key) values ($1, $2, $3, $4)',
          row,
        ),
      );
      const output = await tool.execute(input, context);
      return ledger.once(key, async (client) => {
        await client.query(
          'insert into executions (turn_id, tool_call_id, tool, idempotency_key) values ($1, $2, $3, $4)',
          row,
        );
        return output;
      });
    },
  }) as AnyTool;
}

export function createScenarioTools(workspace: string, pool: pg.Pool, ledger: EffectLedger): AnyTool[] {
  return [
    createGetFinancialsTool({ provider: createEmbeddedProvider() }),
    createWriteFileTool(workspace),
  ].map((tool) => recorded(tool as AnyTool, pool, ledger));
}

/** The scripted model's one turn for a prompt: two parallel reads, then a write. */
export async function planTurn(prompt: string): Promise<ToolCall[]> {
  const model = createScriptedLlmClient(
    [
      {
        text: "I'll fetch both companies' revenue in parallel and save a note.",
        toolCalls: [
          {
            id: 'call_fin_1',
            name: 'get_financials',
            input: { query: 'Apple revenue over the last four quarters' },
          },
          {
            id: 'call_fin_2',
            name: 'get_financials',
            input: { query: 'NVIDIA revenue over the last four quarters' },
          },
          {
            id: 'call_write_1',
            name: 'write_file',
            input: { path: 'report.md', content: `# Revenue comparison\n\nAsked: ${prompt}\n` },
          },
        ],
      },
    ],
    { model: 'dexter-durable-approvals-script' },
  );
  const completion = await model.complete({ messages: [{ role: 'user', content: prompt }], tools: [] });
  return completion.toolCalls;
}
