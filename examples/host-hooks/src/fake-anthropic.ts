/**
 * A scripted Anthropic Messages API on 127.0.0.1 for Claude Code: each request of the agent's
 * main loop (one that offers tools) is answered with the next scripted turn — the tool calls
 * of turn N when the conversation holds N assistant messages, plain text after the last —
 * streamed as SSE the way the API streams. Side requests without tools (titles, summaries)
 * get a short text. Every request body is kept, so a test can read exactly what reached the
 * "model": the tool results included.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tool call the fake model makes. */
export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

/** A running fake server. */
export interface FakeModelServer {
  url: string;
  /** Every request body received, parsed, in order. */
  requests: unknown[];
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

function sse(response: ServerResponse, model: string, blocks: Block[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (event: string, data: unknown) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  send('message_start', {
    type: 'message_start',
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'text_delta', text: block.text },
      });
    } else {
      send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      send('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  const toolUse = blocks.some((block) => block.type === 'tool_use');
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: toolUse ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

/** Starts the server; `turns[n]` is what the model calls when the conversation holds n assistant messages. */
export async function startFakeAnthropic(turns: readonly ScriptedCall[][]): Promise<FakeModelServer> {
  const requests: unknown[] = [];
  let next = 0;
  const server: Server = createServer(async (request, response) => {
    const text = await body(request);
    if (request.method !== 'POST' || !request.url?.startsWith('/v1/messages')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'not here' } }),
      );
      return;
    }
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // kept as received below
    }
    requests.push(parsed);
    if (request.url.startsWith('/v1/messages/count_tokens')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    const model = typeof parsed.model === 'string' ? parsed.model : 'claude-fake';
    const messages = Array.isArray(parsed.messages) ? (parsed.messages as Array<{ role?: string }>) : [];
    const tools = Array.isArray(parsed.tools) ? parsed.tools : [];
    const step = messages.filter((message) => message.role === 'assistant').length;
    const blocks: Block[] =
      tools.length > 0 && step < turns.length
        ? turns[step]!.map((call) => ({
            type: 'tool_use',
            id: `toolu_${++next}_${Math.random().toString(36).slice(2, 8)}`,
            name: call.name,
            input: call.input,
          }))
        : [{ type: 'text', text: 'done' }];
    if (parsed.stream === true) {
      sse(response, model, blocks);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `msg_${next}`,
        type: 'message',
        role: 'assistant',
        model,
        content: blocks,
        stop_reason: blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      }),
    );
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
