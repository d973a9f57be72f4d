import { createExecutor, ExecutorError, type ToolResult } from '@dexter/executor';
import { expect, it } from 'vitest';
import { getFinancials, messages, prompted, ui, writeFile } from './pkg-executor-fixtures';

it('runs the loop of the README: one result per call, in call order, appended to the messages', async () => {
  const { results } = await import('./pkg-executor-loop');
  expect(results.map((result) => [result.toolCallId, result.status])).toEqual([
    ['call_1', 'ok'],
    ['call_2', 'ok'],
    ['call_3', 'ok'], // write_file: "ask" → the prompter said allow-once
    ['call_4', 'ok'], // bash git status -s: allowed by Bash(git status:*)
  ]);
  expect(prompted).toContain('write_file');
  expect(prompted).not.toContain('bash');
  expect(messages.map((message) => message.role)).toEqual([
    'user',
    'assistant',
    'tool',
    'tool',
    'tool',
    'tool',
  ]);
  expect(messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_4', content: 'ran git status -s' });
});

it('streams the same turn to the UI', async () => {
  const { results } = await import('./pkg-executor-stream');
  expect(results.map((result: ToolResult) => result.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
  expect(ui.lines).toEqual(['call_1 … Fetching AAPL', 'call_1 ok', 'call_2 ok', 'call_3 ok', 'call_4 ok']);
});

it('throws the README error for a misnamed option', async () => {
  const error = await import('./pkg-executor-options').then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(ExecutorError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({ code: 'invalid_option', option: 'prompter' });
  expect(String(error)).toMatch(
    /^ExecutorError: createExecutor: unknown option `prompter`\. Did you mean `approvals`\? Known options: tools, /,
  );
});

it('asks the UI through the README prompter', async () => {
  const { approvals } = await import('./pkg-executor-approvals');
  const executor = createExecutor({ tools: [getFinancials, writeFile], approvals });
  ui.lines.length = 0;
  ui.answers.push({ decision: 'deny', message: 'Not in this directory.' });
  const [result] = await executor.execute([
    { id: 'w1', name: 'write_file', input: { path: 'notes.md', content: 'x' } },
  ]);
  expect(ui.lines).toHaveLength(1);
  expect(ui.lines[0]).toMatch(/^\? write_file: /);
  expect(result).toMatchObject({ status: 'denied' });
  expect(result?.content).toContain('Not in this directory.');
});
