import { describe, expect, it } from 'vitest';
import { safeStringify } from './safe-json';

describe('safeStringify', () => {
  it('matches JSON.stringify on plain data', () => {
    const value = { a: [1, 'two', null, true], b: { c: 1.5 } };
    expect(safeStringify(value)).toBe(JSON.stringify(value));
  });

  it('survives cycles, BigInt, functions, symbols, Maps, Sets and Errors', () => {
    const cyclic: Record<string, unknown> = { n: 10n, run: function doIt() {}, tag: Symbol('x') };
    cyclic.self = cyclic;
    cyclic.list = [cyclic, new Map([['k', 1n]]), new Set([1, 2])];
    cyclic.error = new TypeError('boom');
    const parsed = JSON.parse(safeStringify(cyclic)!);
    expect(parsed).toEqual({
      n: '10',
      run: '[Function doIt]',
      tag: '[Symbol(x)]',
      self: '[Circular]',
      list: ['[Circular]', [['k', '1']], [1, 2]],
      error: { name: 'TypeError', message: 'boom' },
    });
  });

  it('reports throwing getters and toJSON in place', () => {
    const value = {
      ok: 1,
      get bad(): number {
        throw new Error('nope');
      },
      nested: {
        toJSON() {
          throw new Error('no json');
        },
      },
    };
    const parsed = JSON.parse(safeStringify(value)!);
    expect(parsed.ok).toBe(1);
    expect(parsed.bad).toMatch(/Unserializable: nope/);
    expect(parsed.nested).toMatch(/Unserializable: no json/);
  });

  it('keeps a shared (non-cyclic) reference twice', () => {
    const shared = { x: 1 };
    const cyclicToo: Record<string, unknown> = { a: shared, b: shared };
    cyclicToo.me = cyclicToo;
    expect(JSON.parse(safeStringify(cyclicToo)!)).toEqual({ a: { x: 1 }, b: { x: 1 }, me: '[Circular]' });
  });

  it('returns undefined only for undefined', () => {
    expect(safeStringify(undefined)).toBeUndefined();
    expect(safeStringify(Number.NaN)).toBe('null');
  });
});
