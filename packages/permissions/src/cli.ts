#!/usr/bin/env node
// The `dexter-permissions` binary (built to dist/cli.js).
import os from 'node:os';
import { runCli } from './cli/run-cli';

runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  homeDir: os.homedir(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `dexter-permissions: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 70;
  },
);
