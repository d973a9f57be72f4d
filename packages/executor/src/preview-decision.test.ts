import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createExecutor } from './executor';
import { previewDecision } from './preview-decision';

const bash = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Runs a shell command.',
  compactDescription: 'Run a shell command',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: ({ command }) => command,
});

describe('previewDecision', () => {
  const permissions = createPermissionEngine({
    cwd: '/project',
    rules: { allow: ['Bash(echo:*)'], deny: ['Bash(rm:*)'] },
  });

  it('reaches the decision a run reaches, for allow, ask and deny', async () => {
    const cases = { 'echo hi': 'allow', 'git push': 'ask', 'rm -rf build': 'deny', 'cat .env': 'deny' };
    for (const [command, behavior] of Object.entries(cases)) {
      const preview = await previewDecision({ tool: bash, input: { command }, permissions, cwd: '/project' });
      expect(preview.behavior, command).toBe(behavior);
      const executor = createExecutor({ tools: [bash], permissions, cwd: '/project' });
      const [result] = await executor.execute([{ id: 'c', name: 'bash', input: { command } }]);
      // Without a prompter an ask is a denial: the run agrees with the preview on allow vs not.
      expect(result?.status === 'ok', command).toBe(behavior === 'allow');
    }
  });

  it('says invalid_input for input the schema rejects, without asking the decider', async () => {
    let asked = 0;
    const preview = await previewDecision({
      tool: bash,
      input: { command: 42 },
      permissions: {
        decide: () => {
          asked += 1;
          return { behavior: 'allow', reason: 'x', sessionKey: 'x', cacheable: false };
        },
      },
    });
    expect(preview.behavior).toBe('invalid_input');
    expect(asked).toBe(0);
  });

  it('fails closed when the decider throws or answers garbage', async () => {
    for (const decide of [
      () => {
        throw new Error('boom');
      },
      () => ({ behavior: 'maybe' }),
      () => Promise.reject(new Error('nope')),
    ]) {
      const preview = await previewDecision({
        tool: bash,
        input: { command: 'echo hi' },
        permissions: { decide } as never,
      });
      expect(preview.behavior).toBe('deny');
    }
  });
});
