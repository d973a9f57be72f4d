/**
 * A real HTTP server on 127.0.0.1 for tests: routes by path, counts every request it
 * receives (so a test can prove that a blocked or denied fetch never reached it), and
 * remembers the last request's headers and body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route handler: plain node request/response. */
export type LocalRoute = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => void;

/** A started local server. */
export interface LocalServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Requests received, per path and in total. */
  readonly hits: Map<string, number>;
  total(): number;
  readonly requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 with an ephemeral port.
 *
 * @example
 * ```ts
 * const server = await startLocalServer({ '/': (_, res) => res.end('hello') });
 * ```
 */
export async function startLocalServer(routes: Record<string, LocalRoute>): Promise<LocalServer> {
  const hits = new Map<string, number>();
  const requests: LocalServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body,
      });
      const route = routes[path];
      if (!route) {
        response.statusCode = 404;
        response.end('not found');
        return;
      }
      route(request, response, body);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    requests,
    total: () => [...hits.values()].reduce((sum, count) => sum + count, 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
