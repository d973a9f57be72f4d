/**
 * A scripted Gemini API (generateContent / streamGenerateContent) on 127.0.0.1 for the
 * Gemini CLI: a request whose conversation holds N model turns is answered with the function
 * calls of scripted turn N, plain text after the last. Every request body is kept.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeModelServer, ScriptedCall } from './fake-anthropic';

export async function startFakeGemini(turns: readonly ScriptedCall[][]): Promise<FakeModelServer> {
  const requests: unknown[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // kept as {}
    }
    requests.push({ url: request.url, body: parsed });
    const url = request.url ?? '';
    if (url.includes(':countTokens')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ totalTokens: 10 }));
      return;
    }
    if (!url.includes(':generateContent') && !url.includes(':streamGenerateContent')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 404, message: 'not here', status: 'NOT_FOUND' } }));
      return;
    }
    const contents = Array.isArray(parsed.contents) ? (parsed.contents as Array<{ role?: string }>) : [];
    const hasTools = Array.isArray(parsed.tools) && parsed.tools.length > 0;
    const step = contents.filter((content) => content.role === 'model').length;
    const parts =
      hasTools && step < turns.length
        ? turns[step]!.map((call) => ({ functionCall: { name: call.name, args: call.input } }))
        : [{ text: 'done' }];
    const answer = {
      candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-fake',
    };
    if (url.includes(':streamGenerateContent')) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: ${JSON.stringify(answer)}\r\n\r\n`);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
