import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { finalAnswer, twoParallelCalls } from './fixtures';
import { type ReplayServer, startReplayServer } from './replay-server';

const exampleDir = join(__dirname, '..');
const run = promisify(execFile);

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function start(env: Record<string, string>) {
  const { OPENAI_API_KEY: _key, OPENAI_BASE_URL: _url, ...inherited } = process.env;
  return run('node', ['--conditions=@dexter/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: exampleDir,
    env: { ...inherited, ...env },
  });
}

it('main.ts answers through OPENAI_BASE_URL with the real client', async () => {
  server = await startReplayServer([twoParallelCalls, finalAnswer]);
  const { stdout } = await start({ OPENAI_API_KEY: 'sk-local-test', OPENAI_BASE_URL: server.baseURL });
  expect(stdout.trim()).toBe(finalAnswer.choices[0]?.message.content);
  expect(server.bodies).toHaveLength(2);
}, 60_000);

it('main.ts explains itself without a key', async () => {
  const { stdout } = await start({});
  expect(stdout).toMatch(/Set OPENAI_API_KEY/);
}, 60_000);
