/**
 * The demo's scenario as durable turns: the scripted model asks for Apple's and NVIDIA's
 * revenue (two parallel `get_financials` calls on the embedded SEC data) and to save a note
 * with `write_file`, which needs approval. Every tool body records that it ran in Postgres
 * (`executions`), inside its DBOS step: the count is the proof of exactly-once.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createEmbeddedProvider, createGetFinancialsTool } from '@dexter/finance-tools';
import { type AnyTool, defineTool, type ToolCall } from '@dexter/registry';
import { createScriptedLlmClient } from '@dexter/registry/testing';
import type pg from 'pg';
import { z } from 'zod';

export async function createExecutionsTable(pool: pg.Pool): Promise<void> {
  await pool.query(`create table if not exists executions (
    id bigserial primary key,
    turn_id text not null,
    tool_call_id text not null,
    tool text not null,
    at timestamptz not null default now())`);
}

/** Times each tool body of the turn actually ran, by tool call id. */
export async function executionsOf(pool: pg.Pool, turnId: string): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ tool_call_id: string; n: number }>(
    'select tool_call_id, count(*)::int as n from executions where turn_id = $1 group by tool_call_id order by tool_call_id',
    [turnId],
  );
  return Object.fromEntries(rows.map((row) => [row.tool_call_id, row.n]));
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
    async execute({ path, content }) {
      const target = inside(path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content, 'utf8');
      return { path: relative(workspace, target), bytes: Buffer.byteLength(content) };
    },
  });
}

/** Wraps a tool so each run of its body is recorded (in the same step as the body). */
function recorded(tool: AnyTool, pool: pg.Pool): AnyTool {
  return Object.freeze({
    ...tool,
    execute: async (input: never, context: Parameters<AnyTool['execute']>[1]) => {
      await pool.query('insert into executions (turn_id, tool_call_id, tool) values ($1, $2, $3)', [
        DBOS.workflowID ?? 'none',
        context.toolCallId,
        tool.name,
      ]);
      return tool.execute(input, context);
    },
  }) as AnyTool;
}

export function createScenarioTools(workspace: string, pool: pg.Pool): AnyTool[] {
  return [
    createGetFinancialsTool({ provider: createEmbeddedProvider() }),
    createWriteFileTool(workspace),
  ].map((tool) => recorded(tool as AnyTool, pool));
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
