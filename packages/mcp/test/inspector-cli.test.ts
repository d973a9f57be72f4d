// `dexter-mcp serve --finance` driven by the official MCP Inspector's command-line client
// (`@modelcontextprotocol/inspector-cli`, pinned in devDependencies; v1 runs on Node 20, the
// full `@modelcontextprotocol/inspector` 2.x needs Node 22): tools/list and tools/call over
// stdio, and over Streamable HTTP.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { servingUrl } from './servers';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const inspector = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')),
  'build/index.js',
);
const server = [
  process.execPath,
  '--conditions=@dexter/source',
  '--import',
  'tsx',
  'src/cli.ts',
  'serve',
  '--finance',
];

/**
 * Runs the inspector in CLI mode and parses its JSON. Its working directory is `test/`: the
 * inspector looks for `../package.json` relative to the process's directory before it imports
 * its own, so it must run from one level below a package.
 */
async function inspect(target: string[], method: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [inspector, ...target, '--method', ...method], {
    cwd: path.join(packageDir, 'test'),
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

type Listed = { tools: Array<{ name: string; annotations?: Record<string, unknown> }> };
type Called = { isError?: boolean; content: Array<{ type: string; text?: string }> };

describe('dexter-mcp under the MCP Inspector CLI', { timeout: 90_000 }, () => {
  it('lists and calls get_financials over stdio', async () => {
    // The server is started by the inspector itself; it runs from the package directory.
    const stdio = [
      server[0]!,
      ...server.slice(1).map((arg) => (arg === 'src/cli.ts' ? path.join(packageDir, arg) : arg)),
    ];
    const listed = (await inspect(stdio, ['tools/list'])) as Listed;
    expect(listed.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['get_financials', 'get_market_data', 'read_filings']),
    );
    expect(listed.tools.find((tool) => tool.name === 'get_financials')?.annotations).toMatchObject({
      readOnlyHint: true,
    });
    const called = (await inspect(stdio, [
      'tools/call',
      '--tool-name',
      'get_financials',
      '--tool-arg',
      'query=Apple revenue for fiscal 2023',
    ])) as Called;
    expect(called.isError).toBeFalsy();
    // Apple's FY2023 revenue in its 10-K: $383,285 million.
    expect(called.content[0]?.text).toMatch(/383,285,000,000/);
  });

  it('calls it over Streamable HTTP, and gets a readable error for invalid input', async () => {
    const child = spawn(server[0]!, [...server.slice(1), '--http', '0'], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    const url = await servingUrl(child);
    const target = [url, '--transport', 'http'];
    const listed = (await inspect(target, ['tools/list'])) as Listed;
    expect(listed.tools.map((tool) => tool.name)).toContain('get_financials');
    const called = (await inspect(target, [
      'tools/call',
      '--tool-name',
      'get_financials',
      '--tool-arg',
      'query=Apple net income FY2023',
    ])) as Called;
    expect(called.isError).toBeFalsy();
    // Apple's FY2023 net income in its 10-K: $96,995 million.
    expect(called.content[0]?.text).toMatch(/96,995,000,000/);
    const invalid = (await inspect(target, [
      'tools/call',
      '--tool-name',
      'get_financials',
      '--tool-arg',
      'q=x',
    ])) as Called;
    expect(invalid.isError).toBe(true);
    expect(invalid.content[0]?.text).toMatch(/query/);
  });
});
