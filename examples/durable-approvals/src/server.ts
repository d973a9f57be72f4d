/**
 * The HTTP contract (node:http, JSON in and out):
 *   POST /turns                {"prompt"}    → {"turnId","status","pending":[{"approvalId","tool","input"}]}
 *   POST /approvals/:id        {"decision"}  → {"turnId","status"}   (any server process may receive it)
 *   GET  /turns/:turnId                      → {"turnId","status","results":[{"toolCallId","name","status"}],
 *                                               "executions":{"<toolCallId>": <times the body ran>}}
 * Errors are {"error": {"code","message"}} with 400 (bad request), 404 (no such turn or
 * route) or 409 (that approval is not waiting for an answer).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerApproval, DurableTurnError, type DurableTurns, readTurn, settleTurn } from '@dexter/dbos';
import type pg from 'pg';
import { executionsOf, planTurn } from './scenario';

const MAX_BODY = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'too_large', `the body is over ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_body', 'the body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export interface AppOptions {
  turns: DurableTurns;
  pool: pg.Pool;
}

/** The request handler; `createApp(...).listen(port, '127.0.0.1')`. */
export function createApp({ turns, pool }: AppOptions): Server {
  const routes = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (request.method === 'POST' && parts.length === 1 && parts[0] === 'turns') {
      const { prompt } = await readJson(request);
      if (typeof prompt !== 'string' || prompt.trim() === '') {
        throw new HttpError(400, 'invalid_prompt', 'prompt must be a non-empty string');
      }
      const turnId = await turns.start(await planTurn(prompt));
      const state = await turns.settle(turnId);
      return send(response, 200, {
        turnId,
        status: state.status,
        pending: state.pending.map(({ approvalId, tool, input }) => ({ approvalId, tool, input })),
      });
    }
    if (request.method === 'POST' && parts.length === 2 && parts[0] === 'approvals') {
      const approvalId = parts[1]!;
      const { decision } = await readJson(request);
      if (decision !== 'allow-once' && decision !== 'deny') {
        throw new HttpError(400, 'invalid_decision', 'decision must be "allow-once" or "deny"');
      }
      const { turnId } = await answerApproval(approvalId, decision);
      const state = await settleTurn(turnId, { after: approvalId });
      return send(response, 200, { turnId, status: state.status });
    }
    if (request.method === 'GET' && parts.length === 2 && parts[0] === 'turns') {
      const state = await readTurn(parts[1]!);
      return send(response, 200, {
        turnId: state.turnId,
        status: state.status,
        results: state.results.map(({ toolCallId, name, status }) => ({ toolCallId, name, status })),
        executions: await executionsOf(pool, state.turnId),
      });
    }
    throw new HttpError(404, 'not_found', `no route ${request.method} ${url.pathname}`);
  };
  return createServer((request, response) => {
    routes(request, response).catch((error: unknown) => {
      if (error instanceof HttpError) {
        return send(response, error.status, { error: { code: error.code, message: error.message } });
      }
      if (DurableTurnError.isInstance(error)) {
        const status =
          error.code === 'unknown_turn' ? 404 : error.code === 'approval_not_pending' ? 409 : 400;
        return send(response, status, { error: { code: error.code, message: error.message } });
      }
      console.error(error);
      send(response, 500, { error: { code: 'internal', message: 'internal error' } });
    });
  });
}
