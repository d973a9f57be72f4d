import { describe, expect, it } from 'vitest';
import { normalizeApprovalResponse } from './approval';

describe('normalizeApprovalResponse', () => {
  it('reads bare decisions and answers', () => {
    expect(normalizeApprovalResponse('allow-once')).toEqual({ decision: 'allow-once', valid: true });
    expect(
      normalizeApprovalResponse({
        decision: 'allow-session',
        message: 'ok but be quick',
        updatedInput: { a: 1 },
      }),
    ).toEqual({ decision: 'allow-session', message: 'ok but be quick', updatedInput: { a: 1 }, valid: true });
    expect(normalizeApprovalResponse({ behavior: 'allow-always' })).toEqual({
      decision: 'allow-always',
      valid: true,
    });
  });

  it('treats garbage as an invalid deny (fail closed)', () => {
    for (const garbage of [
      undefined,
      null,
      42,
      'yes',
      'ALLOW-ONCE',
      [],
      ['allow-once'],
      {},
      { decision: 'allow' },
    ]) {
      expect(normalizeApprovalResponse(garbage)).toEqual({ decision: 'deny', valid: false });
    }
  });

  it('makes interrupt a deny whatever came with it, and drops edits on deny', () => {
    expect(normalizeApprovalResponse({ decision: 'allow-once', interrupt: true, updatedInput: {} })).toEqual({
      decision: 'deny',
      interrupt: true,
      valid: true,
    });
    expect(normalizeApprovalResponse({ decision: 'deny', updatedInput: { a: 1 }, interrupt: 'yes' })).toEqual(
      {
        decision: 'deny',
        valid: true,
      },
    );
  });
});
