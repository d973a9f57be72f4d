/**
 * Prompts avoided by sandboxed auto-allow, on the agent corpus
 * (../shared/data/corpora/agent.jsonl): every command goes through the real executor twice —
 * once as today (the engine's ask → the prompter), once with `sandboxAutoAllow` from a real
 * sandbox — with a bash tool that records the call and runs nothing (the corpus is never
 * executed). Reported: the engine's asks, the prompts left with the sandbox, the share avoided,
 * and whether any denial changed (it must not). Two rule sets: none, and a typical one.
 * Skips with a notice when the corpus is absent or the sandbox cannot start here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createExecutor } from '@dexter/executor';
import { createPermissionEngine } from '@dexter/permissions';
import { defineTool, type ToolCall } from '@dexter/registry';
import { z } from 'zod';
import { createSandbox } from '../src/create-sandbox';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = ['../../../../shared', '../../../shared', '../../../../../shared']
  .map((up) => path.resolve(here, up, 'data/corpora/agent.jsonl'))
  .find((candidate) => existsSync(candidate));
if (corpus === undefined) {
  console.log('SKIP prompts-avoided: ../shared/data/corpora/agent.jsonl not found beside the repo');
  process.exit(0);
}
const commands: string[] = readFileSync(corpus, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { command: string }).command);

const cwd = path.resolve(here, '..');
const recorded = defineTool({
  name: 'bash',
  inputSchema: z.object({ command: z.string() }),
  description: 'Records the call; runs nothing.',
  compactDescription: 'records',
  approval: 'ask',
  permissionSubject: ({ command }) => ({ kind: 'shell', command }),
  execute: () => 'recorded',
});

const ruleSets = {
  'no rules': {},
  'typical rules': {
    allow: [
      'Bash(git status:*)',
      'Bash(git log:*)',
      'Bash(git diff:*)',
      'Bash(ls:*)',
      'Bash(cat:*)',
      'Bash(grep:*)',
      'Bash(echo:*)',
      'Bash(npm test:*)',
    ],
    ask: ['Bash(git push:*)'],
    deny: ['Bash(rm:*)', 'Bash(curl:*)'],
  },
  'typical rules + install asks': {
    allow: [
      'Bash(git status:*)',
      'Bash(git log:*)',
      'Bash(git diff:*)',
      'Bash(ls:*)',
      'Bash(cat:*)',
      'Bash(grep:*)',
      'Bash(echo:*)',
      'Bash(npm test:*)',
    ],
    ask: ['Bash(git push:*)', 'Bash(pip install:*)', 'Bash(apt-get install:*)', 'Bash(npm install:*)'],
    deny: ['Bash(rm:*)', 'Bash(curl:*)'],
  },
};

async function outcome(rules: object, withSandbox: boolean) {
  const engine = createPermissionEngine({ cwd, rules });
  let prompts = 0;
  const sandbox = createSandbox({ engine, cwd, onNotice: () => undefined });
  sandbox.registerTool('bash');
  if (withSandbox && !(await sandbox.status()).available) return undefined;
  const executor = createExecutor({
    tools: [recorded],
    permissions: engine,
    approvals: {
      prompt() {
        prompts += 1;
        return 'deny';
      },
    },
    ...(withSandbox ? { sandboxAutoAllow: sandbox.autoAllow } : {}),
    cwd,
  });
  const statuses: string[] = [];
  for (let index = 0; index < commands.length; index++) {
    const call: ToolCall = { id: `c${index}`, name: 'bash', input: { command: commands[index] } };
    const [result] = await executor.execute([call]);
    statuses.push(
      result!.status === 'denied' && /declined/.test(result!.content) ? 'asked-declined' : result!.status,
    );
  }
  await sandbox.dispose();
  return { prompts, statuses };
}

console.log(`agent corpus: ${commands.length} commands (never executed)\n`);
console.log(
  '| rules | engine asks (prompts today) | prompts with sandboxed auto-allow | prompts avoided | policy denials today / with sandbox |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [label, rules] of Object.entries(ruleSets)) {
  const today = await outcome(rules, false);
  const sandboxed = await outcome(rules, true);
  if (today === undefined || sandboxed === undefined) {
    console.log(
      'SKIP prompts-avoided: the OS sandbox cannot start here (apt-get install bubblewrap socat ripgrep)',
    );
    process.exit(0);
  }
  const denials = (statuses: string[]) => statuses.filter((status) => status === 'denied').length;
  const changed = today.statuses.filter(
    (status, index) => status === 'denied' && sandboxed.statuses[index] !== 'denied',
  ).length;
  const avoided = today.prompts === 0 ? 0 : (1 - sandboxed.prompts / today.prompts) * 100;
  console.log(
    `| ${label} | ${today.prompts} | ${sandboxed.prompts} | ${avoided.toFixed(1)} % | ${denials(today.statuses)} / ${denials(sandboxed.statuses)}${changed > 0 ? ` (${changed} CHANGED)` : ''} |`,
  );
}
