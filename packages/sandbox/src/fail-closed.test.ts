/**
 * No sandbox here (the runtime cannot load, or its OS pieces are missing): the status says
 * why with the fix, the notice is written once, nothing is auto-allowed (asks stay asks), and
 * a call a person approved runs as it does today, unsandboxed and saying so.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApprovalRequest, createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, LINUX_SANDBOX_FIX } from './create-sandbox';
import type { SandboxRuntimeModule } from './runtime';
import { createSandboxedBashTool } from './sandboxed-bash-tool';

const project = realpathSync(mkdtempSync(path.join(tmpdir(), 'dexter-sandbox-absent-')));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const missingPieces = {
  SandboxManager: {
    isSupportedPlatform: () => true,
    checkDependencies: () => ({ errors: ['bubblewrap (bwrap) not installed'], warnings: [] }),
  },
} as unknown as SandboxRuntimeModule;

describe('without a sandbox', () => {
  it('says why once, with the fix, and auto-allows nothing: the ask goes to the person', async () => {
    const notices: string[] = [];
    const engine = createPermissionEngine({ cwd: project });
    const onNotice = (message: string) => notices.push(message);
    const sandbox = createSandbox({ engine, cwd: project, runtime: missingPieces, onNotice });
    const status = await sandbox.status();
    expect(status).toMatchObject({ available: false, reason: 'bubblewrap (bwrap) not installed' });
    if (!status.available && process.platform === 'linux') expect(status.fix).toBe(LINUX_SANDBOX_FIX);
    const other = createSandbox({
      engine,
      cwd: project,
      runtime: async () => Promise.reject(new Error('gone')),
      onNotice,
    });
    expect((await other.status()).available).toBe(false);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Asks stay asks');

    const asked: ApprovalRequest[] = [];
    const executor = createExecutor({
      tools: [createSandboxedBashTool({ sandbox })],
      permissions: sandbox.decider(engine),
      sandboxAutoAllow: sandbox.autoAllow,
      approvals: {
        prompt(request) {
          asked.push(request);
          return 'allow-once';
        },
      },
      cwd: project,
    });
    const [result] = await executor.execute([
      { id: 'c1', name: 'bash', input: { command: 'echo "$((6 * 7))"' } },
    ]);
    expect(asked.map((request) => request.toolCallId)).toEqual(['c1']);
    expect(result!.status).toBe('ok');
    expect(result!.content).toContain('42\n[exit code 0, not sandboxed]');
  });
});

describe('a project directory that does not exist', () => {
  it('is named as the reason, run says so instead of `spawn ENOENT`, and the status is looked up again once it exists', async () => {
    const missing = path.join(project, 'not-yet');
    const engine = createPermissionEngine({ cwd: missing });
    const sandbox = createSandbox({
      engine,
      cwd: missing,
      runtime: missingPieces,
      onNotice: () => undefined,
    });
    const status = await sandbox.status();
    expect(status).toMatchObject({
      available: false,
      reason: `the working directory ${missing} does not exist`,
    });
    if (!status.available) expect(status.fix).toContain(`create ${missing}`);
    await expect(sandbox.run('true', { toolCallId: 'c1' })).rejects.toThrow(
      `the working directory ${missing} does not exist`,
    );
    mkdirSync(missing);
    expect(await sandbox.status()).toMatchObject({
      available: false,
      reason: 'bubblewrap (bwrap) not installed',
    });
    const ran = await sandbox.run('pwd', { toolCallId: 'c2' });
    expect(ran.stdout.trim()).toBe(missing);
  });
});

describe('a runtime that starts and then fails its first command', () => {
  it('is reset, so its proxies do not keep the process alive, and the status says why', async () => {
    let resets = 0;
    const failing = {
      SandboxManager: {
        isSupportedPlatform: () => true,
        checkDependencies: () => ({ errors: [], warnings: [] }),
        initialize: async () => undefined,
        wrapWithSandbox: async () => {
          throw new Error('wrapping failed');
        },
        getSandboxViolationStore: () => ({ getViolationsForCommand: () => [] }),
        cleanupAfterCommand: () => undefined,
        updateConfig: () => undefined,
        reset: async () => {
          resets += 1;
        },
      },
    } as unknown as SandboxRuntimeModule;
    const engine = createPermissionEngine({ cwd: project });
    const sandbox = createSandbox({ engine, cwd: project, runtime: failing, onNotice: () => undefined });
    expect(await sandbox.status()).toMatchObject({
      available: false,
      reason: 'the sandbox could not start (wrapping failed)',
    });
    expect(resets).toBe(1);
  });
});
