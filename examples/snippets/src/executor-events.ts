/**
 * Snippets for docs/guides/executor.md and docs/reference/events.md: one turn through
 * `executor.stream()`, rendered from events, with an approval prompter.
 */
// #region setup
import { type ApprovalPrompter, createExecutor, type ExecutorEvent, type ToolResult } from '@dexter/executor';
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const getFinancials = defineTool({
  name: 'get_financials',
  inputSchema: z.object({ ticker: z.string() }),
  description: 'Annual income statement of a company.',
  compactDescription: 'Income statement',
  concurrencySafe: true,
  approval: 'allow',
  async *execute({ ticker }) {
    yield { message: `Fetching ${ticker}`, percent: 0 }; // a generator's yields are progress
    yield { message: `Normalizing ${ticker}`, percent: 50 };
    return { ticker, revenue: ticker === 'AAPL' ? 391_035 : 130_497 };
  },
});

const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), content: z.string() }),
  description: 'Writes a file.',
  compactDescription: 'Write a file',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  execute: ({ path }) => `wrote ${path}`, // approval defaults to 'ask'
});

const approvals: ApprovalPrompter = {
  prompt: (request) => (request.tool === 'write_file' ? 'allow-once' : 'deny'),
};

export const executor = createExecutor({ tools: [getFinancials, writeFile], approvals, maxConcurrency: 4 });
// #endregion setup

// #region stream
export async function runTurn(log: (line: string) => void): Promise<ToolResult[]> {
  const stream = executor.stream([
    { id: 'c1', name: 'get_financials', input: { ticker: 'AAPL' } }, // ┐ one parallel batch
    { id: 'c2', name: 'get_financials', input: { ticker: 'NVDA' } }, // ┘
    { id: 'c3', name: 'write_file', input: { path: 'report.md', content: '# Report' } }, // alone, after
  ]);
  for await (const event of stream) log(describe(event));
  return stream.results; // one per call, in call order
}

function describe(event: ExecutorEvent): string {
  switch (event.type) {
    case 'tool_start':
      return `${event.toolCallId} start (batch ${event.batch})`;
    case 'tool_progress':
      return `${event.toolCallId} ${event.message} ${event.percent ?? ''}%`;
    case 'tool_approval_request':
      return `${event.toolCallId} asks: ${event.request.decision.reason}`;
    case 'tool_approval':
      return `${event.toolCallId} answered ${event.response.decision}`;
    case 'tool_end':
      return `${event.toolCallId} ${event.status}`;
    case 'tool_result':
      return `${event.toolCallId} result: ${event.result.content}`;
    default:
      return `${event.toolCallId} ${event.type}`;
  }
}
// #endregion stream
