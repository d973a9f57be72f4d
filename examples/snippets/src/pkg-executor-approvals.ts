/** Snippet of packages/executor/README.md: an approval prompter over the host's UI. */
import type { ApprovalPrompter } from '@dexter/executor';
import { ui } from './pkg-executor-fixtures';

export { approvals };

// #region approvals
const approvals: ApprovalPrompter = {
  async prompt(request) {
    // request: { toolCallId, tool, toolDescription, input, subject?, decision, scope?, file?, proposedRule?, network?, signal }
    const answer = await ui.ask(`${request.tool}: ${request.decision.reason}`, { signal: request.signal });
    return answer; // 'allow-once' | 'allow-session' | 'allow-always' | 'deny' or an object:
    // { decision, updatedInput?, message?, interrupt? }   (`behavior` is accepted for `decision`)
  },
};
// #endregion approvals
