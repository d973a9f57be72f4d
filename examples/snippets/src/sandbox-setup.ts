import { createExecutor } from '@dexter/executor';
import { createTerminalPrompter } from '@dexter/executor/terminal';
import { createPermissionEngine, createRuleStore } from '@dexter/permissions';
import { createSandbox, createSandboxedBashTool } from '@dexter/sandbox';

export async function createSandboxedAgent(cwd: string) {
  const engine = createPermissionEngine({ cwd, store: createRuleStore({ cwd }) });
  const approvals = createTerminalPrompter();
  // One policy: the sandbox's configuration is derived from the engine's rules and secrets.
  const sandbox = createSandbox({ engine, cwd, approvals });
  const executor = createExecutor({
    tools: [createSandboxedBashTool({ sandbox })],
    permissions: sandbox.decider(engine), // a call asking to run outside the sandbox is always asked
    sandboxAutoAllow: sandbox.autoAllow, // asks no rule decided run sandboxed, without a prompt
    approvals,
    cwd,
  });
  const status = await sandbox.status(); // { available: false, reason, fix } where it cannot start
  return { executor, sandbox, status };
}
