/**
 * The demo's sandbox segment: two bash calls, as a model might make them, through an executor
 * with the OS sandbox (`@dexter/sandbox`). The first is a command the engine cannot fully read
 * (a `$(…)` substitution): with no rule for it the engine would ask, and sandboxed auto-allow
 * runs it without a prompt. The second hides a `.env` read behind a variable, which the static
 * floor cannot see: it runs sandboxed too, and the OS refuses the read — the result shows the
 * violation. Where the sandbox cannot start, the segment says why and how to fix it, and skips.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { createExecutor, type ExecutorEvent } from '@dexter/executor';
import type { PermissionEngine } from '@dexter/permissions';
import { createSandbox, createSandboxedBashTool } from '@dexter/sandbox';

export interface SandboxSegmentOptions {
  workspace: string;
  engine: PermissionEngine;
  stdout: Writable;
  stderr: Writable;
}

/** Runs the segment; returns `toolCallId:status:how-approved` per call (empty when skipped). */
export async function runSandboxSegment(options: SandboxSegmentOptions): Promise<string[]> {
  const { workspace, engine, stdout, stderr } = options;
  // The session may have written nothing (a denied write): the sandbox runs its commands in
  // the workspace, and a missing one kept the runtime from starting and the process alive.
  mkdirSync(workspace, { recursive: true });
  const sandbox = createSandbox({
    engine,
    cwd: workspace,
    onNotice: (message) => stderr.write(`${message}\n`),
  });
  const status = await sandbox.status();
  stdout.write('--- OS sandbox ---\n');
  if (!status.available) {
    stdout.write(`Skipped: the OS sandbox is not available here (${status.reason}). Fix: ${status.fix}\n`);
    return [];
  }
  const secret = join(workspace, '.env');
  writeFileSync(secret, 'DEMO_API_KEY=a-fake-key-the-sandbox-must-not-show\n');
  const executor = createExecutor({
    tools: [createSandboxedBashTool({ sandbox })],
    permissions: sandbox.decider(engine),
    sandboxAutoAllow: sandbox.autoAllow,
    cwd: workspace,
  });
  const calls = [
    {
      id: 'call_bash_1',
      name: 'bash',
      input: { command: 'echo "report.md has $(wc -l < report.md 2>/dev/null || echo 0) lines"' },
    },
    // A shell expansion, not a template: the engine cannot see the name, the OS can.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash syntax
    { id: 'call_bash_2', name: 'bash', input: { command: 'name=.e; cat "${name}nv"' } },
  ];
  const how = new Map<string, string>();
  try {
    const results = await executor.execute(calls, {
      onEvent: (event: ExecutorEvent) => {
        if (event.type === 'tool_approval') how.set(event.toolCallId, event.source);
      },
    });
    const lines: string[] = [];
    for (const [index, result] of results.entries()) {
      const approved = how.get(result.toolCallId) ?? 'rule';
      stdout.write(
        `$ ${calls[index]!.input.command}\n  (${approved === 'sandbox' ? 'no rule allows it: ran in the sandbox without a prompt' : approved})\n`,
      );
      stdout.write(`${result.content.replace(/^/gm, '  ')}\n`);
      lines.push(`${result.toolCallId}:${result.status}:${approved}`);
    }
    return lines;
  } finally {
    rmSync(secret, { force: true });
    await sandbox.dispose();
  }
}
