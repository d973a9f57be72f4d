// Quoted in docs/guides/outgrowing-one-process.md and packages/dbos/README.md.
// #region turns
import { answerApproval, launchDbos, registerDurableTurns } from '@dexter/dbos';
import type { AnyTool, ToolCall } from '@dexter/registry';

export async function serveTurns(tools: AnyTool[], databaseUrl: string) {
  // Every process registers the same turns, then launches (which recovers unfinished turns).
  const turns = registerDurableTurns({ tools, approvalTimeoutSeconds: 3600 });
  await launchDbos({ name: 'my-agent', databaseUrl });

  return {
    // In the request that got the model's tool calls:
    async startTurn(calls: ToolCall[]) {
      const turnId = await turns.start(calls);
      const state = await turns.settle(turnId); // 'suspended' (state.pending) or 'completed'
      return { turnId, status: state.status, pending: state.pending };
    },
    // In a later request, handled by any process:
    async answer(approvalId: string, decision: 'allow-once' | 'deny') {
      const { turnId } = await answerApproval(approvalId, decision);
      return turns.settle(turnId, { after: approvalId });
    },
  };
}
// #endregion turns
