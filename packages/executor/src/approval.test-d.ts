import { expectTypeOf, test } from 'vitest';
import type { ApprovalPrompter, ApprovalResponse } from './approval';

test('`behavior` is accepted in place of `decision`', () => {
  expectTypeOf({ behavior: 'allow-once' as const, message: 'ok' }).toMatchTypeOf<ApprovalResponse>();
  expectTypeOf({ decision: 'deny' as const, interrupt: true }).toMatchTypeOf<ApprovalResponse>();
  const prompter: ApprovalPrompter = { prompt: () => ({ behavior: 'allow-session' }) };
  expectTypeOf(prompter).toMatchTypeOf<ApprovalPrompter>();
  // @ts-expect-error: not a decision
  const wrong: ApprovalResponse = { behavior: 'maybe' };
  void wrong;
});
