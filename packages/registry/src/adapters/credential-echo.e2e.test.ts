/**
 * A provider whose error body echoes the key it was sent ("Incorrect API key provided: sk-…"):
 * the adapters rethrow the SDK's own error — same class, same status — with the key replaced,
 * so a tool or a router that turns the error into text the model reads does not hand it the
 * key. Real SDK clients against a local HTTP server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAISdks } from '../../test/openai-sdks';
import { createAnthropicClient } from '../anthropic';
import type { LlmClient } from '../llm-client';
import { createOpenAIChatClient, createOpenAIResponsesClient } from '../openai';

const key = 'sk-proj-echoedKEY0123456789abcdefghij';
const headerToken = 'team-token-0123456789';
let server: Server;
let baseURL: string;

beforeAll(async () => {
  // Answers every request 401 with a body that repeats the key and a header it received.
  server = createServer((request, response) => {
    request.resume();
    const sent = `${request.headers.authorization ?? ''} ${request.headers['x-api-key'] ?? ''}`;
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        type: 'error',
        error: {
          type: 'authentication_error',
          message: `Incorrect API key provided: ${sent.trim()} (team ${request.headers['x-team-token'] ?? ''})`,
          code: 'invalid_api_key',
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function failure(llm: LlmClient): Promise<Error> {
  const error = await llm.complete({ messages: [{ role: 'user', content: 'hi' }] }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

function expectRedacted(error: Error) {
  expect(error.message).toContain('Incorrect API key provided');
  expect(error.message).toContain('[redacted]');
  expect(error.message).not.toContain(key);
  expect(error.message).not.toContain(headerToken);
  expect(error.stack ?? '').not.toContain(key);
}

describe.each(openAISdks)('%s: an error body that echoes the key', (_label, OpenAI) => {
  const client = () => new OpenAI({ baseURL: `${baseURL}/v1`, apiKey: key, maxRetries: 0 });
  const requestOptions = { headers: { 'X-Team-Token': headerToken } };

  it('Chat Completions, plain and streamed: the same APIError, without the key', async () => {
    for (const stream of [false, true]) {
      const error = await failure(
        createOpenAIChatClient({ client: client(), model: 'gpt-4.1-mini', stream, requestOptions }),
      );
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
      expectRedacted(error);
    }
  });

  it('Responses: the same, without the key', async () => {
    const error = await failure(createOpenAIResponsesClient({ client: client(), model: 'gpt-4.1-mini' }));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expectRedacted(error);
  });
});

describe('Anthropic: an error body that echoes the key', () => {
  it('is the same AuthenticationError, without the key', async () => {
    const error = await failure(
      createAnthropicClient({
        client: new Anthropic({ baseURL, apiKey: key, maxRetries: 0 }),
        model: 'claude-sonnet-4-6',
        requestOptions: { headers: { 'X-Team-Token': headerToken } },
      }),
    );
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expectRedacted(error);
  });
});
