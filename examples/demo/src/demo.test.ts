/**
 * The demo end to end, offline: the scripted model, the embedded SEC dataset, the real
 * executor, permission engine, rule store (real files in a temp dir) and terminal prompter
 * fed with piped answers.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDemoArguments, runDemo } from './run-demo';
import { readRevenueRows } from './scripted-model';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function session(answers: string | undefined, cwd?: string, argv: string[] = [], sandbox = false) {
  const dir = cwd ?? (await mkdtemp(join(tmpdir(), 'dexter-demo-')));
  if (!cwd) directories.push(dir);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += chunk;
  });
  stderr.on('data', (chunk) => {
    err += chunk;
  });
  const outcome = await runDemo({
    argv,
    env: { CI: 'true' },
    stdout,
    stderr,
    cwd: dir,
    sandbox,
    ...(answers === undefined ? {} : { answers: Readable.from([answers]) }),
  });
  return { outcome, out, err, dir };
}

describe('demo', () => {
  it('fetches both companies in parallel, asks before writing, and writes the report on "y"', async () => {
    const { outcome, out, err } = await session('y\n');
    expect(outcome.statuses).toEqual(['get_financials:ok', 'get_financials:ok', 'write_file:ok']);
    expect(err).toContain('[y / session / always / n]');
    expect(err).toContain('report.md');
    const report = await readFile(join(outcome.workspace, 'report.md'), 'utf8');
    // Apple's quarters from the embedded SEC data: Q2 FY25 .. Q1 FY26 (derived Q4 FY25 = 102.466 B).
    expect(report).toContain('Q4 FY2025 (ended 2025-09-27): $102.5B');
    expect(report).toContain('Q1 FY2026 (ended 2025-12-27): $143.8B');
    expect(report).toContain('## Conclusion');
    expect(out).toContain('Done: the comparison is in report.md.');
  });

  it('--trace prints the session trace: one execute_tool span per call, the approval wait inside', async () => {
    const { outcome, out } = await session('y\n', undefined, ['--trace']);
    expect(outcome.statuses).toEqual(['get_financials:ok', 'get_financials:ok', 'write_file:ok']);
    const trace = out.slice(out.indexOf('Trace (OpenTelemetry'));
    expect(trace.match(/^ {2}execute_tool get_financials /gm)).toHaveLength(2);
    expect(trace).toMatch(
      /^ {2}execute_tool write_file .*permission\.behavior=ask .*approval\.answer=allow-once/m,
    );
    expect(trace).toMatch(/^ {4}dexter\.approval write_file /m);
    expect(trace).toMatch(/^ {4}dexter\.tool\.run write_file /m);
  });

  it('runs an opaque command in the OS sandbox without a prompt, and the OS refuses a hidden secret read', async (context) => {
    const { outcome, out } = await session('y\n', undefined, [], true);
    if (outcome.sandbox.length === 0) {
      expect(out).toContain('the OS sandbox is not available here');
      console.warn(
        'demo sandbox segment skipped: no OS sandbox here (apt-get install bubblewrap socat ripgrep)',
      );
      return context.skip();
    }
    expect(outcome.sandbox).toEqual(['call_bash_1:ok:sandbox', 'call_bash_2:ok:sandbox']);
    expect(out).toMatch(/report\.md has \d+ lines/);
    expect(out).toContain('<sandbox_violations>');
    expect(out).toMatch(/deny read \S+\/\.env/);
    expect(out).not.toContain('a-fake-key-the-sandbox-must-not-show');
  }, 60_000);

  it('does not write on "n" and says so', async () => {
    const { outcome, out } = await session('n\n');
    expect(outcome.statuses).toEqual(['get_financials:ok', 'get_financials:ok', 'write_file:denied']);
    await expect(readFile(join(outcome.workspace, 'report.md'), 'utf8')).rejects.toThrow(/ENOENT/);
    expect(out).toContain('I did not save report.md');
  });

  it('denies the write when nobody can be asked (non-interactive, no answers)', async () => {
    const { outcome } = await session(undefined);
    expect(outcome.statuses.at(-1)).toBe('write_file:denied');
  });

  it('"always" saves a rule, and the next session writes without asking', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dexter-demo-'));
    directories.push(dir);
    const first = await session('always\n', dir);
    expect(first.outcome.statuses.at(-1)).toBe('write_file:ok');
    const settings = JSON.parse(await readFile(join(dir, 'demo-output', '.dexter', 'settings.json'), 'utf8'));
    expect(settings.permissions.allow.length).toBe(1);
    const second = await session(undefined, dir);
    expect(second.outcome.statuses.at(-1)).toBe('write_file:ok');
    expect(second.err).not.toContain('[y / session / always / n]');
  });
});

describe('demo pieces', () => {
  it('reads revenue rows from the tool result table', () => {
    const rows = readRevenueRows(
      [
        '| Company | Period | Revenue | Source |',
        '| --- | --- | ---: | --- |',
        '| AAPL | Q4 FY2025 (ended 2025-09-27) | 102,466,000,000* | [2, 3] |',
        '',
        '| x | y |',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { ticker: 'AAPL', period: 'Q4 FY2025 (ended 2025-09-27)', revenue: 102_466_000_000 },
    ]);
  });

  it('parses its flags and rejects unknown ones', () => {
    expect(parseDemoArguments(['--yes', '--workspace', 'x'])).toEqual({ answer: 'y', workspace: 'x' });
    expect(() => parseDemoArguments(['--frobnicate'])).toThrow(/Unknown argument/);
    expect(() => parseDemoArguments(['--model', 'gpt'])).toThrow(/--model must be/);
  });
});
