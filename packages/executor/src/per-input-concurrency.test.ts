/**
 * Concurrency by input: a bash tool's read-only commands join a parallel batch when the
 * engine allows them without a prompt; writes, asks and denials still run alone, in order.
 * Real commands, run by a real bash in a temp directory.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool } from '@dexter/registry';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createExecutor } from './executor';
import { call } from './test-support';
import { collectEvents } from './testing';

const run = promisify(execFile);

function bashTool(cwd: string) {
  return defineTool({
    name: 'bash',
    inputSchema: z.object({ command: z.string() }),
    description: 'Runs a shell command in the project directory.',
    compactDescription: 'Run a shell command',
    permissionSubject: ({ command }) => ({ kind: 'shell', command, cwd }),
    execute: async ({ command }, { signal }) => (await run('bash', ['-c', command], { cwd, signal })).stdout,
  });
}

/** The order of starts and ends, as `start:a` / `end:a`. */
async function timeline(executor: ReturnType<typeof createExecutor>, calls: ReturnType<typeof call>[]) {
  const events = await collectEvents(executor.stream(calls));
  return events.flatMap((event) =>
    event.type === 'tool_start'
      ? [`start:${event.toolCallId}`]
      : event.type === 'tool_end'
        ? [`end:${event.toolCallId}`]
        : [],
  );
}

describe('per-input concurrency', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'dexter-concurrency-'));
  writeFileSync(path.join(cwd, 'a.txt'), 'alpha\n');
  const permissions = createPermissionEngine({
    cwd,
    rules: { allow: ['Bash(ls:*)', 'Bash(cat:*)', 'Bash(touch:*)'] },
  });
  const executor = createExecutor({ tools: [bashTool(cwd)], permissions, cwd });

  it('runs allowed read-only commands together, and a write alone between them', async () => {
    const order = await timeline(executor, [
      call('r1', 'bash', { command: 'ls' }),
      call('r2', 'bash', { command: 'cat a.txt' }),
      call('w', 'bash', { command: 'touch b.txt' }),
      call('r3', 'bash', { command: 'ls b.txt' }),
      call('r4', 'bash', { command: 'cat a.txt b.txt' }),
    ]);
    // r1 and r2 overlap; the write starts after both ended and ends before r3/r4 start.
    expect(order.slice(0, 2).sort()).toEqual(['start:r1', 'start:r2']);
    expect(order.indexOf('start:w')).toBeGreaterThan(
      Math.max(order.indexOf('end:r1'), order.indexOf('end:r2')),
    );
    expect(order.indexOf('end:w')).toBeLessThan(
      Math.min(order.indexOf('start:r3'), order.indexOf('start:r4')),
    );
    expect(order.indexOf('start:r4')).toBeLessThan(order.indexOf('end:r3'));
  });

  it('keeps commands that ask, or that the floor denies, out of a parallel batch', async () => {
    const results = await executor.execute([
      call('r1', 'bash', { command: 'ls' }),
      call('ask', 'bash', { command: 'git status' }), // read-only, but no rule allows it
      call('env', 'bash', { command: 'cat .env' }), // the floor
      call('r2', 'bash', { command: 'cat a.txt' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'denied', 'denied', 'ok']);
    expect(results[3]!.content).toBe('alpha\n');
  });

  it('takes a tool’s own test of the input, and runs a throwing test alone', async () => {
    const make = (name: string, safe: (input: { q: string }) => boolean) =>
      defineTool({
        name,
        inputSchema: z.object({ q: z.string() }),
        description: name,
        compactDescription: name,
        approval: 'allow',
        concurrencySafe: safe,
        execute: async ({ q }) => {
          await new Promise((resolve) => setImmediate(resolve));
          return q;
        },
      });
    const lookup = make('lookup', ({ q }) => q.startsWith('read'));
    const odd = make('odd', () => {
      throw new Error('not today');
    });
    expect(lookup.concurrencySafe).toBe(false);
    const own = createExecutor({ tools: [lookup, odd] });
    const order = await timeline(own, [
      call('a', 'lookup', { q: 'read 1' }),
      call('b', 'lookup', { q: 'read 2' }),
      call('c', 'lookup', { q: 'write 3' }),
      call('d', 'odd', { q: 'x' }),
      call('e', 'odd', { q: 'y' }),
    ]);
    expect(order).toEqual([
      'start:a',
      'start:b',
      'end:a',
      'end:b',
      'start:c',
      'end:c',
      'start:d',
      'end:d',
      'start:e',
      'end:e',
    ]);
    expect(() => make('bad', 'yes' as never)).toThrow(/concurrencySafe must be a boolean or a function/);
  });
});
