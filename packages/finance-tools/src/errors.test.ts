import { DexterError } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { FINANCE_ERROR_CODES, FinanceError, isFinanceError } from './errors';

describe('FinanceError', () => {
  it('is a DexterError with a closed code and typed context', () => {
    const cause = new Error('socket');
    const error = new FinanceError('rate_limited', 'slow down', {
      provider: 'financial-datasets',
      status: 429,
      retryAfterMs: 2000,
      cause,
      details: { url: 'https://x' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(DexterError.isInstance(error)).toBe(true);
    expect(FinanceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'FinanceError',
      code: 'rate_limited',
      provider: 'financial-datasets',
      status: 429,
    });
    expect(error.retryAfterMs).toBe(2000);
    expect(error.cause).toBe(cause);
    expect(Object.isFrozen(error.details)).toBe(true);
  });

  it('recognises copies by marker, not by class identity', () => {
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('dexter.error.finance')]: true,
      code: 'offline',
    });
    expect(FinanceError.isInstance(foreign)).toBe(true);
    expect(FinanceError.isInstance(new DexterError('offline', 'x'))).toBe(false);
    expect(FinanceError.isInstance(null)).toBe(false);
  });

  it('filters by code', () => {
    const error = new FinanceError('offline', 'down');
    expect(isFinanceError(error)).toBe(true);
    expect(isFinanceError(error, 'offline', 'timeout')).toBe(true);
    expect(isFinanceError(error, 'timeout')).toBe(false);
    expect(new Set(FINANCE_ERROR_CODES).size).toBe(FINANCE_ERROR_CODES.length);
    expect(FINANCE_ERROR_CODES).toEqual(
      expect.arrayContaining(['unknown_ticker', 'payment_required', 'unsupported']),
    );
  });
});
