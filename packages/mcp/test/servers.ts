// Where the real MCP servers used by the tests live: the official ones installed from the
// lockfile as devDependencies, and our own fixture. Nothing is downloaded at run time.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StdioServerConfig } from '../src/index';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export const FILESYSTEM_SERVER = here(
  '../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
export const EVERYTHING_SERVER = here(
  '../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
export const FIXTURE_SERVER = here('./fixtures/fixture-server.mjs');

/** True when the server file exists; prints a notice otherwise (the test then skips). */
export function serverPresent(file: string): boolean {
  if (existsSync(file)) return true;
  console.warn(`[mcp tests] ${file} is missing (run pnpm install); skipping the tests that need it`);
  return false;
}

/** A stdio config running `file` with this Node. */
export function nodeServer(
  file: string,
  args: string[] = [],
  env?: Record<string, string>,
): StdioServerConfig {
  return { command: process.execPath, args: [file, ...args], ...(env ? { env } : {}) };
}

/** True while the process `pid` exists (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL `dexter-mcp serve --http` prints on stderr once it listens. */
export function servingUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`dexter-mcp exited (${code}): ${seen}`)));
  });
}
