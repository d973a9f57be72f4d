/**
 * A provider that echoes the key it was sent in its error body: the key never reaches the
 * error text the model reads.
 */
import { describe, expect, it } from 'vitest';
import { requestJson } from './search-provider';

/** A fetch whose error body repeats every header it got, as some APIs do. */
const echoing = (status: number) => async (_url: string | URL | Request, init?: RequestInit) =>
  new Response(
    JSON.stringify({
      error: 'invalid credentials',
      received: Object.fromEntries(new Headers(init?.headers)),
    }),
    {
      status,
    },
  );

describe('provider errors that echo the key', () => {
  it.each([401, 403, 500])('HTTP %i: the key is redacted, the rest of the body kept', async (status) => {
    const error = await requestJson('brave', echoing(status), 'https://api.example.test/search', {
      headers: { 'X-Subscription-Token': 'BSA-secret-123456', Authorization: 'Bearer sk-live-abcdef' },
    }).then(
      () => new Error('no error'),
      (caught: unknown) => caught as Error,
    );
    expect(error.message).toContain('invalid credentials');
    expect(error.message).toContain('[redacted]');
    expect(error.message).not.toContain('BSA-secret-123456');
    expect(error.message).not.toContain('sk-live-abcdef');
  });
});
