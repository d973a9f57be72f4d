// serveMcp under the official MCP conformance suite (`@modelcontextprotocol/conformance`,
// pinned to 0.1.13, the newest release that runs on Node 20): every server scenario
// (`--suite all`, pending ones included) against the fixture tools of
// fixtures/conformance-server.ts, served in this process over Streamable HTTP on 127.0.0.1.
// The scenarios that pass are listed below; the others are in
// conformance-expected-failures.yaml, each with its reason. Either list going stale fails
// the test. The suite only talks to the URL it is given (and, for DNS rebinding, sends a
// forged Host header to that same URL): no network.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConformanceServer } from './fixtures/conformance-server';

const PINNED_VERSION = '0.1.13';

/** The server scenarios serveMcp passes today (no FAILURE and no WARNING check). */
const PASSING = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

const packageJsonPath = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/conformance/package.json',
);
const baselinePath = fileURLToPath(new URL('./conformance-expected-failures.yaml', import.meta.url));

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  errorMessage?: string;
  details?: Record<string, unknown>;
}

/** The `server:` entries of the baseline and the reason after each `#`. */
function parseBaseline(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const entry = /^\s+-\s+([\w-]+)\s*(?:#\s*(.*))?$/.exec(line);
    if (entry) entries.set(entry[1]!, entry[2]?.trim() ?? '');
  }
  return entries;
}

/** Runs the suite's CLI with node (its bin script); resolves with its exit code and output. */
async function runConformance(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  const manifest = JSON.parse(await readFile(packageJsonPath, 'utf8')) as { bin: { conformance: string } };
  const bin = path.join(path.dirname(packageJsonPath), manifest.bin.conformance);
  return await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGTERM'), 50_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** `-o DIR` writes one `server-<scenario>-<ISO timestamp>/checks.json` per scenario. */
async function readResults(outputDir: string): Promise<Map<string, Check[]>> {
  const results = new Map<string, Check[]>();
  for (const entry of await readdir(outputDir)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry);
    if (!match) continue;
    const checks = JSON.parse(await readFile(path.join(outputDir, entry, 'checks.json'), 'utf8')) as Check[];
    results.set(match[1]!, checks);
  }
  return results;
}

/** The suite's own rule for a baseline: a scenario fails on any FAILURE or WARNING check. */
const problemsOf = (checks: readonly Check[]) =>
  checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? ''}`);

describe('serveMcp under @modelcontextprotocol/conformance', { timeout: 60_000 }, () => {
  let serving: Awaited<ReturnType<typeof startConformanceServer>>;
  let workDir: string;
  beforeAll(async () => {
    serving = await startConformanceServer();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'dexter-conformance-'));
  });
  afterAll(async () => {
    await serving?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it(`passes the listed server scenarios of ${PINNED_VERSION} and fails only the baselined ones`, async () => {
    const manifest = JSON.parse(await readFile(packageJsonPath, 'utf8')) as { version: string };
    // A new release brings new scenarios and new checks: re-read the lists when bumping it.
    expect(manifest.version).toBe(PINNED_VERSION);

    const baseline = parseBaseline(await readFile(baselinePath, 'utf8'));
    for (const [scenario, reason] of baseline) expect(reason, `reason for ${scenario}`).not.toBe('');
    expect(PASSING.filter((scenario) => baseline.has(scenario))).toEqual([]);

    const outputDir = path.join(workDir, 'results');
    const listed = await runConformance(['list', '--server'], workDir);
    const scenarios = [...listed.output.matchAll(/^\s+- (\S+)$/gm)].map((match) => match[1]!);
    expect(scenarios.length).toBeGreaterThan(0);
    expect([...scenarios].sort()).toEqual([...PASSING, ...baseline.keys()].sort());

    const run = await runConformance(
      [
        'server',
        '--url',
        serving.url,
        '--suite',
        'all',
        '--expected-failures',
        baselinePath,
        '-o',
        outputDir,
      ],
      workDir,
    );
    const results = await readResults(outputDir);
    expect([...results.keys()].sort(), run.output).toEqual([...scenarios].sort());

    const unexpected: string[] = [];
    for (const [scenario, checks] of results) {
      const problems = problemsOf(checks);
      if (PASSING.includes(scenario) && problems.length > 0)
        unexpected.push(`${scenario} now fails: ${problems.join('; ')}`);
      if (baseline.has(scenario) && problems.length === 0)
        unexpected.push(`${scenario} now passes: remove it from conformance-expected-failures.yaml`);
    }
    expect(unexpected).toEqual([]);
    // The suite's own baseline check agrees (exit 1 on an unexpected failure or a stale entry).
    expect(run.code, run.output.slice(-2000)).toBe(0);
    expect(run.output).toContain('Baseline check passed');

    // The tool calls went through the executor: its status rides along in `_meta`.
    const resultOf = (scenario: string) =>
      results.get(scenario)?.find((check) => check.status === 'SUCCESS')?.details?.result as
        | { _meta?: Record<string, unknown>; content?: Array<{ text?: string }> }
        | undefined;
    expect(resultOf('tools-call-simple-text')?._meta?.['dexter/status']).toBe('ok');
    expect(resultOf('tools-call-simple-text')?.content?.[0]?.text).toBe(
      'This is a simple text response for testing.',
    );
    expect(resultOf('tools-call-error')?._meta?.['dexter/status']).toBe('error');
    // The baseline's reason for json-schema-2020-12 holds: only the stripped `$schema` fails.
    expect(problemsOf(results.get('json-schema-2020-12') ?? [])).toEqual([
      expect.stringMatching(/^FAILURE json-schema-2020-12-\$schema: /),
    ]);
  });
});
