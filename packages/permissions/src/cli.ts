#!/usr/bin/env node
// The `dexter-permissions` binary (built to dist/cli.js). Each path imports only what it
// needs: `hook` runs before every tool call of an agent, so its start-up must stay cheap.
import { realpathSync, writeSync } from 'node:fs';

const argv = process.argv.slice(2);

function report(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

if (argv[0] === 'hook' && (argv.includes('--help') || argv.includes('-h'))) {
  // Help for a person at a terminal. Still exit 2: a hook registered with `--help` by
  // mistake blocks every call instead of letting it through.
  import('./cli/run-cli').then(
    ({ commandUsage }) => {
      process.stdout.write(
        `${commandUsage('hook')}(exits 2 — what blocks a call — so a registration with --help fails closed)\n`,
      );
      process.exitCode = 2;
    },
    (error: unknown) => {
      writeSync(2, `dexter-permissions: blocked: ${report(error)}\n`);
      process.exit(2);
    },
  );
} else if (argv[0] === 'hook') {
  import('./cli/hook-main').then(
    (hook) => hook.hookMain(argv.slice(1)),
    (error: unknown) => {
      // Even a hook that cannot load blocks the call (exit 2), never lets it through.
      writeSync(2, `dexter-permissions: blocked: the hook could not start (${report(error)})\n`);
      process.exit(2);
    },
  );
} else {
  Promise.all([import('node:os'), import('./cli/run-cli')])
    .then(([os, { runCli }]) =>
      runCli(argv, {
        stdin: process.stdin,
        stdout: process.stdout,
        stderr: process.stderr,
        cwd: process.cwd(),
        homeDir: os.homedir(),
        // What `install-hook` registers: this node and this file, absolute, links resolved.
        program: { node: process.execPath, script: realpathSync(process.argv[1]!) },
      }),
    )
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`dexter-permissions: ${report(error)}\n`);
        process.exitCode = 70;
      },
    );
}
