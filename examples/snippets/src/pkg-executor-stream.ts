/** Snippet of packages/executor/README.md: the same turn watched as a stream of events. */
import { createExecutor } from '@dexter/executor';
import {
  bash,
  getFinancials,
  llm,
  messages,
  myPrompter,
  signal,
  ui,
  webSearch,
  writeFile,
} from './pkg-executor-fixtures';

export { results };

const executor = createExecutor({
  tools: [getFinancials, webSearch, writeFile, bash],
  approvals: myPrompter,
});
const completion = await llm.complete({ messages, tools: executor.tools });

// #region stream
const stream = executor.stream(completion.toolCalls, { signal });
for await (const event of stream) {
  if (event.type === 'tool_progress') ui.status(event.toolCallId, event.message);
  if (event.type === 'tool_result') ui.done(event.toolCallId, event.result.status);
}
const results = await stream.results; // same results, in call order
// #endregion stream
