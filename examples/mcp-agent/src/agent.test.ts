// Runs the example end to end: the real filesystem server over stdio, the scripted model,
// the executor with rules and an approval for the write.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRecordingPrompter } from '@dexter/executor/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { FILESYSTEM_SERVER, runMcpAgent } from './agent';

const present = existsSync(FILESYSTEM_SERVER);
if (!present) console.warn(`[mcp-agent] ${FILESYSTEM_SERVER} is missing (run pnpm install); skipping`);

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function makeRoot(): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-agent-test-')));
  roots.push(root);
  writeFileSync(path.join(root, 'notes.md'), '- first note\n');
  writeFileSync(path.join(root, '.env'), 'API_KEY=fake-key-for-tests\n');
  return root;
}

describe.runIf(present)('mcp-agent', { timeout: 60_000 }, () => {
  it('lists, reads, is kept from .env and writes after approval', async () => {
    const root = makeRoot();
    const prompter = createRecordingPrompter(['allow-once']);
    const run = await runMcpAgent({ root, approvals: prompter });
    const byId = Object.fromEntries(run.results.map((result) => [result.toolCallId, result]));
    expect(run.results.map((result) => result.toolCallId)).toEqual(['list', 'read', 'secret', 'write']);
    expect(byId.list!.status).toBe('ok');
    expect(byId.list!.content).toContain('notes.md');
    expect(byId.read).toMatchObject({ status: 'ok', content: '- first note\n' });
    expect(byId.secret!.status).not.toBe('ok');
    expect(byId.secret!.content).not.toContain('fake-key-for-tests');
    expect(byId.write!.status).toBe('ok');
    expect(readFileSync(path.join(root, 'summary.md'), 'utf8')).toBe('# Summary\n');
    // Reads were allowed by rules; only the write asked.
    expect(prompter.requests.map((request) => request.tool)).toEqual(['mcp__fs__write_file']);
    expect(run.answer).toContain('summary.md');
  });

  it('writes nothing when the user says no', async () => {
    const root = makeRoot();
    const run = await runMcpAgent({ root, approvals: createRecordingPrompter(['deny']) });
    expect(run.results.find((result) => result.toolCallId === 'write')!.status).toBe('denied');
    expect(existsSync(path.join(root, 'summary.md'))).toBe(false);
  });
});
