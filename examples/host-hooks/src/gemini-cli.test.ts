/**
 * dexter-permissions inside the real Gemini CLI (pinned, from npm), headless (`gemini -p …
 * --output-format stream-json --yolo --skip-trust`), a fresh temp HOME and project per run,
 * the hook registered at the user level by our own `install-hook --user --write` (the
 * project level is not loaded under --skip-trust; see the guide's "Folder trust"), the model
 * a scripted fake Gemini API on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL) that keeps every request.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliBinary, prepareCliBinary } from '../../../packages/permissions/test/cli-binary';
import type { ScriptedCall } from './fake-anthropic';
import { installHostCli, networkNamespace, runWithFakeModel } from './host-cli';

const version = '0.61.0';
const gemini = installHostCli('@google/gemini-cli', version, (modules) => [
  process.execPath,
  path.join(modules, '@google/gemini-cli/bundle/gemini.js'),
]);
if ('skip' in gemini)
  console.warn(
    `Gemini CLI tests skipped: ${gemini.skip}. They need npm and the registry; set DEXTER_HOST_CLI_CACHE to a folder holding node_modules/@google/gemini-cli@${version}.`,
  );

const canary = 'CANARY_GEMINI_ENV_5d1e';
let binary: CliBinary;
const roots: string[] = [];

beforeAll(async () => {
  binary = await prepareCliBinary('dexter-host-gemini-build-');
}, 120_000);

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  if (binary?.buildDir) rmSync(binary.buildDir, { recursive: true, force: true });
});

function setup(rules: string[], scope: 'user' | 'none' = 'user') {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dexter-gemini-'));
  roots.push(root);
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  mkdirSync(path.join(home, '.gemini'), { recursive: true });
  mkdirSync(path.join(project, '.dexter'), { recursive: true });
  writeFileSync(path.join(project, '.env'), `API_KEY=${canary}\n`);
  writeFileSync(
    path.join(project, '.dexter/settings.json'),
    `${JSON.stringify({ permissions: { allow: rules } })}\n`,
  );
  writeFileSync(
    path.join(home, '.gemini/settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      telemetry: { enabled: false },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  );
  if (scope === 'user') expect(installHook(home, project, ['--user']).status).toBe(0);
  return { home, project };
}

function installHook(home: string, project: string, flags: string[]) {
  return spawnSync(process.execPath, [binary.file, 'install-hook', 'gemini-cli', ...flags, '--write'], {
    cwd: project,
    env: { ...process.env, HOME: home },
    encoding: 'utf8',
  });
}

async function runGemini(where: { home: string; project: string }, turns: ScriptedCall[][]) {
  if ('skip' in gemini) throw new Error('unreachable');
  const { run, requests, isolated } = await runWithFakeModel(
    'gemini',
    turns,
    [
      ...gemini.command,
      '-p',
      'Do the scripted steps.',
      '--model',
      'gemini-2.5-flash',
      '--yolo',
      '--skip-trust',
      '--output-format',
      'stream-json',
    ],
    {
      cwd: where.project,
      urlVariable: 'GOOGLE_GEMINI_BASE_URL',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: where.home, GEMINI_API_KEY: 'dummy' },
      timeoutMs: 180_000,
    },
  );
  return { run, requests, isolated, seenByModel: JSON.stringify(requests) };
}

describe.skipIf('skip' in gemini)(
  `Gemini CLI ${version} with the hook install-hook registers`,
  { timeout: 300_000 },
  () => {
    it('keeps .env from the model (search filters, shell, read_many_files) and its policy from the agent', async () => {
      const where = setup([
        'Read(**)',
        'Grep',
        'Write(**)',
        'Edit(**)',
        'Bash(touch:*)',
        'Bash(cat:*)',
        'Bash(cp:*)',
      ]);
      const userSettings = path.join(where.home, '.gemini/settings.json');
      const rules = path.join(where.project, '.dexter/settings.json');
      const before = { hook: readFileSync(userSettings, 'utf8'), rules: readFileSync(rules, 'utf8') };
      const { run, seenByModel, isolated } = await runGemini(where, [
        [{ name: 'grep_search', input: { pattern: 'API', include_pattern: '.env*' } }],
        [{ name: 'run_shell_command', input: { command: 'cat .env' } }],
        [{ name: 'read_many_files', input: { include: ['.env*'] } }],
        [{ name: 'run_shell_command', input: { command: 'touch made-by-agent' } }],
        [{ name: 'write_file', input: { file_path: userSettings, content: '{}' } }],
        [{ name: 'run_shell_command', input: { command: 'cp /dev/null .dexter/settings.json' } }],
      ]);
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(isolated).toBe(networkNamespace().ok);
      // The control ran: tools really executed under the hook.
      expect(existsSync(path.join(where.project, 'made-by-agent'))).toBe(true);
      expect(seenByModel).toContain('dexter-permissions');
      expect(seenByModel).not.toContain(canary);
      expect(readFileSync(userSettings, 'utf8')).toBe(before.hook);
      expect(readFileSync(rules, 'utf8')).toBe(before.rules);
    });

    it('a project registration: refused in a folder the CLI does not trust (--skip-trust would drop it and run the tool unguarded), guarding once it is trusted', async () => {
      const where = setup(['Bash(cat:*)', 'Bash(touch:*)'], 'none');
      const refused = installHook(where.home, where.project, []);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('the folder is not trusted');
      expect(existsSync(path.join(where.project, '.gemini'))).toBe(false);
      const trustFile = path.join(where.home, '.gemini/trustedFolders.json');
      writeFileSync(trustFile, JSON.stringify({ [where.project]: 'TRUST_FOLDER' }));
      const written = installHook(where.home, where.project, []);
      expect(written.status, written.stderr).toBe(0);
      const guarded = await runGemini(where, [
        [{ name: 'run_shell_command', input: { command: 'cat .env' } }],
        [{ name: 'run_shell_command', input: { command: 'touch made-by-agent' } }],
      ]);
      expect(guarded.run.code, guarded.run.stderr.slice(-2000)).toBe(0);
      expect(existsSync(path.join(where.project, 'made-by-agent'))).toBe(true);
      expect(guarded.seenByModel).toContain('dexter-permissions');
      expect(guarded.seenByModel).not.toContain(canary);
      // The same registration once the folder is no longer trusted: not loaded, the tool runs.
      rmSync(trustFile);
      const dropped = await runGemini(where, [
        [{ name: 'run_shell_command', input: { command: 'touch ran-unguarded' } }],
      ]);
      expect(dropped.run.code, dropped.run.stderr.slice(-2000)).toBe(0);
      expect(existsSync(path.join(where.project, 'ran-unguarded'))).toBe(true);
      expect(dropped.seenByModel).not.toContain('dexter-permissions');
    });

    it('blocks when node cannot load cli.js (exit 1) through "|| exit 2" — and runs the tool without it', async () => {
      for (const suffix of [' || exit 2', '']) {
        const where = setup(['Bash(touch:*)']);
        const file = path.join(where.home, '.gemini/settings.json');
        const settings = JSON.parse(readFileSync(file, 'utf8'));
        settings.hooks.BeforeTool[0].hooks[0].command = `${process.execPath} /nonexistent/dist/cli.js hook gemini-cli${suffix}`;
        writeFileSync(file, JSON.stringify(settings));
        const { run } = await runGemini(where, [
          [{ name: 'run_shell_command', input: { command: 'touch ran-unguarded' } }],
        ]);
        expect(run.code, run.stderr.slice(-2000)).toBe(0);
        // Gemini 0.61 reads exit 1 as a warning and runs the tool; exit 2 (and 127) block.
        expect(existsSync(path.join(where.project, 'ran-unguarded'))).toBe(suffix === '');
      }
    });
  },
);
