/**
 * A tiny Chat Completions stand-in for the tests: a `node:http` server on 127.0.0.1 that
 * answers each POST with the next recorded completion and keeps every request body, so a
 * test can check what the real `openai` client sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayServer {
  /** Base URL for `new OpenAI({ baseURL })`. */
  readonly baseURL: string;
  /** Parsed JSON bodies of the requests received, in order. */
  readonly bodies: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startReplayServer(responses: readonly unknown[]): Promise<ReplayServer> {
  const queue = [...responses];
  const bodies: Array<Record<string, unknown>> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      const next = queue.shift();
      // 404 is not retried by the SDK, so a loop that asks too often fails fast.
      response.writeHead(next === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(next ?? { error: { message: 'no recorded response left' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    bodies,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
