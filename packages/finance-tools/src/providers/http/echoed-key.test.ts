/**
 * A data provider that echoes the key it was sent in its error body: the key never reaches
 * the error text the model reads.
 */
import { describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client';

describe('provider errors that echo the key', () => {
  it('redacts the X-API-KEY value from the error', async () => {
    const http = createHttpClient({
      provider: 'financial-datasets',
      headers: { 'X-API-KEY': 'fd-secret-key-123456' },
      retries: 0,
      fetch: async (_url: string | URL | Request, init?: RequestInit) =>
        new Response(`{"error":"Invalid API key: ${new Headers(init?.headers).get('x-api-key')}"}`, {
          status: 401,
        }),
    });
    const error = await http.getJson('https://api.example.test/prices').then(
      () => new Error('no error'),
      (caught: unknown) => caught as Error,
    );
    expect(error.message).toContain('Invalid API key: [redacted]');
    expect(error.message).not.toContain('fd-secret-key-123456');
  });
});
