/**
 * Stand-ins for what the snippets of packages/executor/README.md take from the host: four
 * tools, a model, the conversation, an abort signal and a UI. Offline and deterministic.
 */
import type { ApprovalPrompter, ApprovalResponse, ToolResultStatus } from '@dexter/executor';
import { defineTool, type LlmClient, type LlmMessage } from '@dexter/registry';
import { z } from 'zod';

export const getFinancials = defineTool({
  name: 'get_financials',
  inputSchema: z.object({ ticker: z.string() }),
  description: 'Annual income statement of a company.',
  compactDescription: 'Income statement',
  concurrencySafe: true,
  approval: 'allow',
  execute: ({ ticker }, { progress }) => {
    progress({ message: `Fetching ${ticker}`, percent: 50 });
    return { ticker, revenue: 416_161_000_000 };
  },
});

export const webSearch = defineTool({
  name: 'web_search',
  inputSchema: z.object({ query: z.string() }),
  description: 'Searches the web.',
  compactDescription: 'Web search',
  concurrencySafe: true,
  approval: 'allow',
  execute: ({ query }) => [`A page about ${query}`],
});

export const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), content: z.string() }),
  description: 'Writes a file.',
  compactDescription: 'Write a file',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  execute: ({ path }) => `wrote ${path}`, // approval defaults to 'ask'; nothing is written here
});

export const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command.',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: ({ command }) => `ran ${command}`, // a stand-in: nothing is run
});

/** The host's approval UI: says yes once to whatever is asked, and records the questions. */
export const prompted: string[] = [];
export const myPrompter: ApprovalPrompter = {
  prompt(request) {
    prompted.push(request.tool);
    return 'allow-once';
  },
};

/** A UI with a status line per call and a yes/no question answered from `ui.answers`. */
export const ui = {
  lines: [] as string[],
  answers: [] as ApprovalResponse[],
  status(toolCallId: string, message: string) {
    ui.lines.push(`${toolCallId} … ${message}`);
  },
  done(toolCallId: string, status: ToolResultStatus) {
    ui.lines.push(`${toolCallId} ${status}`);
  },
  async ask(question: string, _options: { signal: AbortSignal }): Promise<ApprovalResponse> {
    ui.lines.push(`? ${question}`);
    return ui.answers.shift() ?? 'deny';
  },
};

/** A model that answers every completion with the same four tool calls. */
export const llm: LlmClient = {
  specificationVersion: 'v1',
  provider: 'scripted',
  model: 'readme-model',
  async complete() {
    return {
      text: 'Let me look that up.',
      stopReason: 'tool_calls',
      toolCalls: [
        { id: 'call_1', name: 'get_financials', input: { ticker: 'AAPL' } },
        { id: 'call_2', name: 'web_search', input: { query: 'Apple fiscal 2025 results' } },
        { id: 'call_3', name: 'write_file', input: { path: 'report.md', content: '# Apple' } },
        { id: 'call_4', name: 'bash', input: { command: 'git status -s' } },
      ],
    };
  },
};

export const messages: LlmMessage[] = [{ role: 'user', content: "Write a report on Apple's fiscal 2025." }];

export const signal = new AbortController().signal;
