/** Snippet of packages/executor/README.md: the executor inside the host's agent loop. */
import {
  bash,
  getFinancials,
  llm,
  messages,
  myPrompter,
  signal,
  webSearch,
  writeFile,
} from './pkg-executor-fixtures';

export { executor, results };

// #region loop
import { createExecutor, toToolResultMessages } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { assistantMessage } from '@dexter/registry';

const executor = createExecutor({
  tools: [getFinancials, webSearch, writeFile, bash], // made with defineTool
  permissions: createPermissionEngine({ rules: { allow: ['Bash(git status:*)'] } }),
  approvals: myPrompter, // your UI; see "Approvals"
  maxConcurrency: 8, // default 10
  timeoutMs: 30_000, // default: none; a tool's own timeoutMs wins
});

// your loop
const completion = await llm.complete({ messages, tools: executor.tools });
const results = await executor.execute(completion.toolCalls, { signal });
messages.push(assistantMessage(completion)); // text, calls and any reasoning items
messages.push(...toToolResultMessages(results));
// #endregion loop
