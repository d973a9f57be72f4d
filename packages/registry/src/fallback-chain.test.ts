import { describe, expect, it } from 'vitest';
import { RegistryError } from './errors';
import { createFallbackChain, type FallbackProvider } from './fallback-chain';
import { requiresEnv } from './tool-registry';

type Hits = string[];

function provider(
  name: string,
  behaviour: (query: string, signal: AbortSignal) => Promise<Hits>,
  extra: Partial<FallbackProvider<string, Hits>> = {},
) {
  const seen: AbortSignal[] = [];
  const entry: FallbackProvider<string, Hits> = {
    name,
    run: (query, { signal }) => {
      seen.push(signal);
      return behaviour(query, signal);
    },
    ...extra,
  };
  return { entry, seen };
}

const never = (_query: string, signal: AbortSignal) =>
  new Promise<Hits>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
/** A provider that ignores its signal entirely and never settles. */
const deaf = () => new Promise<Hits>(() => undefined);

describe('createFallbackChain', () => {
  const env = { EXA_API_KEY: 'k', TAVILY_API_KEY: 'k' };

  it('only configured providers join; the preferred one goes first', async () => {
    const exa = provider('exa', async (q) => [`exa:${q}`], { configured: requiresEnv('EXA_API_KEY') });
    const perplexity = provider('perplexity', async () => ['p'], {
      configured: requiresEnv('PERPLEXITY_API_KEY'),
    });
    const tavily = provider('tavily', async (q) => [`tavily:${q}`], {
      configured: requiresEnv('TAVILY_API_KEY'),
    });
    const chain = createFallbackChain({
      name: 'web_search',
      preferred: 'tavily',
      providers: [exa.entry, perplexity.entry, tavily.entry],
      environment: { env },
    });
    expect(chain.providers).toEqual(['tavily', 'exa']);
    expect(chain.skipped).toEqual([
      { provider: 'perplexity', reason: 'missing environment variable PERPLEXITY_API_KEY' },
    ]);
    const result = await chain.run('nvda');
    expect(result).toEqual({ output: ['tavily:nvda'], provider: 'tavily', failures: [] });
    expect(exa.seen).toHaveLength(0);
  });

  it('falls through errors, timeouts and empty results, recording each', async () => {
    const failing = provider('exa', async () => {
      throw new Error('HTTP 500');
    });
    const slow = provider('perplexity', never, { timeoutMs: 20 });
    const empty = provider('tavily', async () => []);
    const good = provider('langsearch', async () => ['hit']);
    const chain = createFallbackChain({
      name: 'web_search',
      providers: [failing.entry, slow.entry, empty.entry, good.entry],
      isEmpty: (hits) => hits.length === 0,
      environment: { env: {} },
    });
    const result = await chain.run('q');
    expect(result.provider).toBe('langsearch');
    expect(result.failures.map((f) => [f.provider, f.kind])).toEqual([
      ['exa', 'error'],
      ['perplexity', 'timeout'],
      ['tavily', 'empty'],
    ]);
    expect(result.failures[0]?.message).toBe('HTTP 500');
    expect(slow.seen[0]?.aborted).toBe(true);
  });

  it('moves on from a provider that ignores its signal once its timeout fires', async () => {
    const stuck = provider('stuck', deaf, { timeoutMs: 10 });
    const good = provider('good', async () => ['ok']);
    const chain = createFallbackChain({ name: 's', providers: [stuck.entry, good.entry] });
    const result = await chain.run('q');
    expect(result.provider).toBe('good');
    expect(result.failures[0]?.kind).toBe('timeout');
  });

  it('all failing gives one error listing every cause', async () => {
    const a = provider('a', async () => {
      throw new Error('bad key');
    });
    const b = provider('b', async () => {
      throw new Error('quota');
    });
    const chain = createFallbackChain({ name: 'web_search', providers: [a.entry, b.entry] });
    const error = await chain.run('q').catch((e: unknown) => e);
    expect(RegistryError.isInstance(error)).toBe(true);
    expect((error as RegistryError).code).toBe('all_providers_failed');
    expect((error as Error).message).toBe(
      'web_search: every provider failed — a (error): bad key; b (error): quota',
    );
    expect(((error as RegistryError).details.failures as unknown[]).length).toBe(2);
    expect((error as Error).cause).toBeInstanceOf(AggregateError);
  });

  it('no configured provider is an error naming why each was skipped', async () => {
    const a = provider('a', async () => ['x'], { configured: requiresEnv('A_KEY') });
    const chain = createFallbackChain({ name: 'search', providers: [a.entry], environment: { env: {} } });
    await expect(chain.run('q')).rejects.toThrow(
      'search: no provider is configured (a: missing environment variable A_KEY)',
    );
  });

  it('passes the caller abort to the running attempt and stops the chain', async () => {
    const controller = new AbortController();
    const first = provider('first', never);
    const second = provider('second', async () => ['never reached']);
    const chain = createFallbackChain({ name: 's', providers: [first.entry, second.entry] });
    const pending = chain.run('q', { signal: controller.signal });
    controller.abort(new Error('user cancelled'));
    const error = await pending.catch((e: unknown) => e);
    expect((error as RegistryError).code).toBe('aborted');
    expect(first.seen[0]?.aborted).toBe(true);
    expect(second.seen).toHaveLength(0);
  });

  it('rejects duplicate provider names and bad timeouts at construction', () => {
    const a = provider('a', async () => []);
    expect(() => createFallbackChain({ name: 's', providers: [a.entry, a.entry] })).toThrow(
      /lists provider "a" twice/,
    );
    expect(() => createFallbackChain({ name: 's', providers: [a.entry], timeoutMs: -1 })).toThrow(
      /timeoutMs/,
    );
  });
});
