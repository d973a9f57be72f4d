#!/usr/bin/env node
/**
 * The `dexter-finance` bin: `runCli` wired to the process (argv, env, stdout/stderr,
 * Ctrl-C cancels in-flight requests).
 */
import packageJson from '../package.json';
import { defaultCliProviders } from './cli/default-providers';
import { runCli } from './cli/run-cli';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort(new Error('interrupted')));

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  signal: controller.signal,
  providers: defaultCliProviders,
  showProgress: process.stderr.isTTY === true,
  version: packageJson.version,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `dexter-finance: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
