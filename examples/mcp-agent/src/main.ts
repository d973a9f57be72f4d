// The scripted model using the official MCP filesystem server's tools through the Dexter
// executor, on a throwaway folder. Run: pnpm --filter @dexter-examples/mcp-agent start
// In a terminal the write stops at the approval prompt [y / session / always / n];
// without one (CI) it is approved automatically and said so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApprovalPrompter } from '@dexter/executor';
import { createTerminalPrompter } from '@dexter/executor/terminal';
import { runMcpAgent } from './agent';

export async function main(): Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dexter-mcp-agent-'));
  writeFileSync(path.join(root, 'notes.md'), '- MCP tools run through the executor\n');
  writeFileSync(path.join(root, '.env'), 'API_KEY=not-a-real-key\n');
  const approvals: ApprovalPrompter = process.stdin.isTTY
    ? createTerminalPrompter()
    : {
        prompt(request) {
          console.log(`(no terminal: approving ${request.tool} once)`);
          return 'allow-once';
        },
      };
  try {
    const run = await runMcpAgent({ root, approvals, log: (line) => console.log(line) });
    console.log(`\n${run.answer}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  await main();
}
