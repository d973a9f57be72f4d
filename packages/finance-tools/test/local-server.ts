/**
 * A real `node:http` server on 127.0.0.1 for provider tests: records every request and
 * lets each test answer (or hold, or never answer) as it likes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Resolves when the client's side of the exchange is closed (response sent or socket gone). */
  closed: Promise<void>;
  /** True when the connection closed before the server finished responding. */
  abortedByClient: () => boolean;
}

/** The running server. */
export interface LocalServer {
  url: string;
  requests: ReceivedRequest[];
  /** Requests currently being handled. */
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

/** Starts a server; `handler` may be async and may never answer. */
export async function startLocalServer(
  handler: (request: ReceivedRequest, response: ServerResponse) => unknown,
): Promise<LocalServer> {
  const requests: ReceivedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((incoming, response) => {
    const address = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    let finished = false;
    let abortedByClient = false;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const closed = new Promise<void>((resolve) => {
      response.on('finish', () => {
        finished = true;
      });
      response.on('close', () => {
        if (!finished) abortedByClient = true;
        inFlight--;
        resolve();
      });
    });
    const request: ReceivedRequest = {
      method: incoming.method ?? 'GET',
      path: address.pathname,
      query: address.searchParams,
      headers: incoming.headers,
      closed,
      abortedByClient: () => abortedByClient,
    };
    requests.push(request);
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A controllable fake clock: `sleep` advances time instantly and records the delay. */
export function createFakeClock(start = Date.parse('2026-01-15T12:00:00Z')) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** Waits (polling the event loop) until `condition` holds; fails after `limit` turns. */
export async function until(condition: () => boolean, limit = 2000): Promise<void> {
  for (let turn = 0; turn < limit; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition not reached');
}
