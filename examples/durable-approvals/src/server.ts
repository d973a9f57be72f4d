/**
 * The HTTP contract (node:http, JSON in and out; POST bodies must be `application/json`):
 *   POST /turns                {"prompt"}    → {"turnId","status","pending":[{"approvalId","tool","input"}]}
 *        with `Idempotency-Key: <key>` the key is the turn id: a retry returns the same turn;
 *        the same key with a different body → 422 idempotency_key_reused
 *   POST /approvals/:id        {"decision"}  → {"turnId","status"}   (any server process may receive it;
 *                                               the same answer again → 200, a different one → 409)
 *   GET  /turns/:turnId                      → {"turnId","status","results":[{"toolCallId","name","status","error"?}],
 *                                               "executions":{"<toolCallId>": n}, "attempts":{...}}
 *   GET  /healthz                            → 200 {"status":"ok"} or 503 while PostgreSQL is unreachable
 * A W3C `traceparent` header on POST /turns is continued, and the turn's trace is continued
 * again by the POST /approvals that answers it, on any process (telemetry.ts).
 * Errors are {"error": {"code","message"}} with 400 (bad request or id), 404 (no such turn or
 * route), 409 (that approval is not waiting, or took another answer), 415 (not JSON), 422 (an
 * Idempotency-Key reused with a different body) or 503
 * with Retry-After (the database is unreachable; retry, with the same Idempotency-Key).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  answerApproval,
  DurableTurnError,
  type DurableTurns,
  isDatabaseUnavailable,
  readTurn,
  settleTurn,
} from '@dexter/dbos';
import type pg from 'pg';
import type { DatabaseHealth } from './health';
import { bodyDigest, sameBodyForKey } from './requests';
import { attemptsOf, executionsOf, planTurn } from './scenario';
import { inServerSpan, requestContext, saveTurnTrace, turnContext } from './telemetry';

const MAX_BODY = 64 * 1024;
/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER = 2;
/** Turn ids and idempotency keys a client may choose; approval ids are `<turn id>~<n>`. */
const TURN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
const APPROVAL_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}~\d{1,6}$/;

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
  // A cross-site form or fetch without preflight can send text/plain, never application/json.
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'the body must be sent as Content-Type: application/json',
    );
  }
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

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

function unavailable(response: ServerResponse): void {
  send(
    response,
    503,
    { error: { code: 'database_unavailable', message: 'PostgreSQL is unreachable; retry shortly' } },
    { 'retry-after': String(RETRY_AFTER) },
  );
}

function pathParts(pathname: string): string[] {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw new HttpError(400, 'invalid_path', 'the path is not valid percent-encoding');
  }
}

export interface AppOptions {
  turns: DurableTurns;
  pool: pg.Pool;
  /** Database reachability: requests get 503 while it is down, /healthz reports it. */
  health: DatabaseHealth;
}

/** The request handler; `createApp(...).listen(port, '127.0.0.1')`. */
export function createApp({ turns, pool, health }: AppOptions): Server {
  const routes = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts = pathParts(url.pathname);
    if (request.method === 'POST' && parts.length === 1 && parts[0] === 'turns') {
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !TURN_ID.test(key))) {
        throw new HttpError(
          400,
          'invalid_idempotency_key',
          'Idempotency-Key must be 1-200 characters of A-Z a-z 0-9 . _ : - (starting with a letter or digit)',
        );
      }
      const body = await readJson(request);
      const { prompt } = body;
      if (typeof prompt !== 'string' || prompt.trim() === '') {
        throw new HttpError(400, 'invalid_prompt', 'prompt must be a non-empty string');
      }
      if (key !== undefined && !(await sameBodyForKey(pool, key, bodyDigest(body)))) {
        throw new HttpError(
          422,
          'idempotency_key_reused',
          `Idempotency-Key "${key}" was first sent with a different body: a retry must repeat the body exactly (key order and spacing aside); send a new key for a new turn`,
        );
      }
      return inServerSpan('POST /turns', requestContext(request.headers), async (span) => {
        // The key is the turn id: DBOS starts a workflow id once, so a retry gets the same turn.
        const turnId = await turns.start(await planTurn(prompt), key === undefined ? {} : { turnId: key });
        span.setAttribute('dexter.turn.id', turnId);
        await saveTurnTrace(pool, turnId);
        const state = await turns.settle(turnId);
        return send(response, 200, {
          turnId,
          status: state.status,
          pending: state.pending.map(({ approvalId, tool, input }) => ({ approvalId, tool, input })),
        });
      });
    }
    if (request.method === 'POST' && parts.length === 2 && parts[0] === 'approvals') {
      const approvalId = parts[1]!;
      if (!APPROVAL_ID.test(approvalId)) {
        throw new HttpError(400, 'invalid_approval_id', 'not an approval id (<turn id>~<n>)');
      }
      const { decision } = await readJson(request);
      if (decision !== 'allow-once' && decision !== 'deny') {
        throw new HttpError(400, 'invalid_decision', 'decision must be "allow-once" or "deny"');
      }
      // The answer joins the trace of the request that started the turn (stored beside it).
      const parent = await turnContext(pool, approvalId.slice(0, approvalId.lastIndexOf('~')));
      return inServerSpan('POST /approvals', parent, async (span) => {
        span.setAttribute('dexter.approval.answer', decision);
        const { turnId } = await answerApproval(approvalId, decision);
        span.setAttribute('dexter.turn.id', turnId);
        const state = await settleTurn(turnId, { after: approvalId });
        return send(response, 200, { turnId, status: state.status });
      });
    }
    if (request.method === 'GET' && parts.length === 2 && parts[0] === 'turns') {
      if (!TURN_ID.test(parts[1]!)) throw new HttpError(400, 'invalid_turn_id', 'not a turn id');
      const state = await readTurn(parts[1]!);
      return send(response, 200, {
        turnId: state.turnId,
        status: state.status,
        results: state.results.map(({ toolCallId, name, status, error }) =>
          error === undefined
            ? { toolCallId, name, status }
            : { toolCallId, name, status, error: { name: error.name, message: error.message } },
        ),
        executions: await executionsOf(pool, state.turnId),
        attempts: await attemptsOf(pool, state.turnId),
      });
    }
    throw new HttpError(404, 'not_found', `no route ${request.method} ${url.pathname}`);
  };
  const fail = (response: ServerResponse, error: unknown) => {
    if (error instanceof HttpError) {
      return send(response, error.status, { error: { code: error.code, message: error.message } });
    }
    if (DurableTurnError.isInstance(error)) {
      const status =
        error.code === 'unknown_turn'
          ? 404
          : error.code === 'approval_not_pending' || error.code === 'approval_answered'
            ? 409
            : 400;
      return send(response, status, { error: { code: error.code, message: error.message } });
    }
    if (isDatabaseUnavailable(error)) return unavailable(response);
    console.error(error);
    send(response, 500, { error: { code: 'internal', message: 'internal error' } });
  };
  return createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/healthz') {
      void health
        .check()
        .then((up) =>
          up
            ? send(response, 200, { status: 'ok', database: 'up' })
            : send(
                response,
                503,
                { status: 'unavailable', database: 'down' },
                { 'retry-after': String(RETRY_AFTER) },
              ),
        );
      return;
    }
    // While the database is down DBOS retries every operation until it is back: answer now
    // instead of holding the request. A turn started meanwhile still completes; a client that
    // retries with the same Idempotency-Key gets it.
    if (!health.up) return unavailable(response);
    const down = health.down();
    Promise.race([routes(request, response), down.promise.then(() => unavailable(response))])
      .catch((error: unknown) => fail(response, error))
      .finally(() => down.cancel());
  });
}
