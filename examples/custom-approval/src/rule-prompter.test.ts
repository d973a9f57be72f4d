import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExecutor } from '@dexter/executor';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { createPermissionEngine } from '@dexter/permissions';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { approveUnderRules } from './rule-prompter';
import { createWorkspaceTools } from './tools';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'dexter-rule-prompter-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(workspace, { recursive: true, force: true });
});

it('approves writes under src/ by the engine matching, and asks about src/../package.json', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const next = createRecordingPrompter([], { fallback: 'deny' });
  const executor = createExecutor({
    tools: createWorkspaceTools(workspace),
    permissions: createPermissionEngine({ cwd: workspace }),
    approvals: approveUnderRules(['Write(src/**)'], workspace, next),
    cwd: workspace,
  });
  const results = await executor.execute([
    { id: 'a', name: 'write_file', input: { path: './src/b.ts', content: 'export {};\n' } },
    { id: 'b', name: 'write_file', input: { path: 'src/../package.json', content: '{}' } },
  ]);
  expect(results.map((result) => result.status)).toEqual(['ok', 'denied']);
  expect(next.requests.map((request) => request.toolCallId)).toEqual(['b']);
  expect(next.requests[0]!.file).toMatchObject({ raw: 'src/../package.json', relative: 'package.json' });
  expect(next.requests[0]!.scope?.session).toBe('every file write inside the project, for this session');
});
