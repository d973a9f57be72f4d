import { describe, expect, it, vi } from 'vitest';
import { DexterError, RegistryError, toError } from './errors';

describe('DexterError', () => {
  it('keeps code, literal name and cause', () => {
    const cause = new Error('root');
    const error = new RegistryError('unknown_tool', 'nope', { cause, details: { tool: 'x' } });
    expect(error.code).toBe('unknown_tool');
    expect(error.name).toBe('RegistryError');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ tool: 'x' });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error).toBeInstanceOf(Error);
  });

  it('isInstance recognises errors from another copy of the module', async () => {
    vi.resetModules();
    // A query string makes Vite load a second, independent instance of the module —
    // the same situation as a host loading the ESM build next to the CJS build.
    const specifier = './errors?second-copy';
    const copy = (await import(/* @vite-ignore */ specifier)) as typeof import('./errors');
    expect(copy.RegistryError).not.toBe(RegistryError);
    const foreign = new copy.RegistryError('timeout', 'slow');
    expect(foreign instanceof RegistryError).toBe(false);
    expect(RegistryError.isInstance(foreign)).toBe(true);
    expect(DexterError.isInstance(foreign)).toBe(true);
    const plainForeign = new copy.DexterError('x', 'y');
    expect(DexterError.isInstance(plainForeign)).toBe(true);
    expect(RegistryError.isInstance(plainForeign)).toBe(false);
  });

  it('isInstance rejects look-alikes', () => {
    expect(DexterError.isInstance({ code: 'timeout', name: 'DexterError' })).toBe(false);
    expect(DexterError.isInstance(new Error('x'))).toBe(false);
    expect(DexterError.isInstance(null)).toBe(false);
    expect(DexterError.isInstance('DexterError')).toBe(false);
  });
});

describe('toError', () => {
  it('passes errors through and wraps everything else', () => {
    const error = new Error('a');
    expect(toError(error)).toBe(error);
    expect(toError('text').message).toBe('text');
    expect(toError({ a: 1 }).message).toContain('{"a":1}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toError(cyclic).message).toContain('[object Object]');
    expect(toError(undefined).message).toContain('undefined');
  });
});
