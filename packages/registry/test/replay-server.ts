/**
 * A local HTTP server that replays recorded provider responses, for end-to-end tests of
 * the adapters with the REAL `openai` and `@anthropic-ai/sdk` clients (pointed at it via
 * `baseURL`). Every request is recorded (method, path, headers, parsed JSON body) so tests
 * can assert on exactly what the SDK sent. Responses are served in the order queued; when
 * the queue is empty the server answers 404 (never retried by the SDKs), which keeps
 * request counts bounded even when an adapter misbehaves.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded response. Exactly one of `json`, `sse` or `text` is used. */
export interface ReplayResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** Server-sent events; `data` objects are JSON-encoded, strings sent as is (e.g. `[DONE]`). */
  sse?: ReadonlyArray<{ event?: string; data: unknown }>;
  /** A raw body. */
  text?: string;
}

/** A request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A running replay server. */
export interface ReplayServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** The JSON body of request `index` (throws when there is no such request). */
  body(index?: number): Record<string, unknown>;
  /** Queues responses, served in order. */
  enqueue(...responses: ReplayResponse[]): void;
  /** Queued responses not yet served. */
  pending(): number;
  close(): Promise<void>;
}

function encodeSse(events: NonNullable<ReplayResponse['sse']>): string {
  return events
    .map(({ event, data }) => {
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
    })
    .join('');
}

/** Starts a replay server on 127.0.0.1 with an ephemeral port. */
export async function startReplayServer(): Promise<ReplayServer> {
  const queue: ReplayResponse[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw === '' ? undefined : JSON.parse(raw);
      } catch {
        // keep the raw text
      }
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      const next = queue.shift();
      if (!next) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: 'replay server: no recorded response left', type: 'test' } }),
        );
        return;
      }
      const status = next.status ?? 200;
      if (next.sse) {
        response.writeHead(status, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          ...next.headers,
        });
        // Write event by event so the client really parses a stream, not one buffer.
        const parts = next.sse.map((event) => encodeSse([event]));
        const writeNext = (index: number) => {
          if (index >= parts.length) return void response.end();
          response.write(parts[index], () => setImmediate(writeNext, index + 1));
        };
        writeNext(0);
        return;
      }
      if (next.json !== undefined) {
        response.writeHead(status, { 'content-type': 'application/json', ...next.headers });
        response.end(JSON.stringify(next.json));
        return;
      }
      response.writeHead(status, { 'content-type': 'text/plain', ...next.headers });
      response.end(next.text ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    body(index = 0) {
      const request = requests[index];
      if (!request) throw new Error(`replay server: no request #${index} (got ${requests.length})`);
      return request.body as Record<string, unknown>;
    },
    enqueue: (...responses) => void queue.push(...responses),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
