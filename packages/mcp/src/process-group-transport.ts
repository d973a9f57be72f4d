/**
 * A stdio client transport that owns the server's whole process group. The SDK's
 * `StdioClientTransport` signals only the process it spawned: a server started through a
 * launcher (`sh -c`, `npx`, `uvx`, a shell script) keeps running as the launcher's child, holds
 * stdout open, and the call in flight never settles. Here the server is spawned as the leader
 * of a new process group (POSIX `detached`), and:
 * - `close()` sends SIGTERM to the group, SIGKILL after a grace period, and settles every
 *   request in flight (the SDK rejects them when `onclose` fires);
 * - when the leader exits on its own (a crash), whatever is left of its group is killed;
 * - a message larger than `maxMessageBytes` is dropped, not fatal: the request it answered
 *   gets a JSON-RPC error naming the size (`result_too_large`), the connection stays up.
 * A process that leaves the group on purpose (`setsid`, a daemon) is beyond its reach.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough, type Readable } from 'node:stream';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The JSON-RPC error code of a dropped oversize answer (in the implementation-defined range). */
export const RESULT_TOO_LARGE_CODE = -32_050;

/** Options of `ProcessGroupStdioTransport`. */
export interface ProcessGroupStdioOptions {
  command: string;
  args?: readonly string[];
  /** Added to the SDK's safe defaults (`PATH`, `HOME`, ...). */
  env?: Record<string, string>;
  cwd?: string;
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Largest message read from the server (default 64 MiB); larger ones are dropped. */
  maxMessageBytes?: number;
  /** How long `close()` waits after SIGTERM before SIGKILL (default 2000 ms). */
  killGraceMs?: number;
}

const DEFAULT_MAX_MESSAGE = 64 * 1024 * 1024;
const EDGE = 512;

/** The `id` of a JSON-RPC message from the start or the end of its text, if it can be seen there. */
function idIn(text: string): string | number | undefined {
  const matches = [...text.matchAll(/"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/g)];
  const last = matches[matches.length - 1]?.[1];
  if (last === undefined) return undefined;
  try {
    return JSON.parse(last) as string | number;
  } catch {
    return undefined;
  }
}

/** See the module comment. */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #options: ProcessGroupStdioOptions;
  readonly #maxMessage: number;
  readonly #stderr: PassThrough | undefined;
  #child: ChildProcess | undefined;
  #exited: Promise<void> | undefined;
  #finished = false;
  /** The current line's chunks, or its head and tail once it is over the limit. */
  #chunks: Buffer[] = [];
  #length = 0;
  #oversize: { head: string; tail: string } | undefined;

  constructor(options: ProcessGroupStdioOptions) {
    this.#options = options;
    this.#maxMessage = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE;
    if (options.stderr === undefined || options.stderr === 'pipe') this.#stderr = new PassThrough();
  }

  /** The server's stderr (with `stderr: 'pipe'`), available before `start()`. */
  get stderr(): Readable | null {
    return this.#stderr ?? null;
  }

  /** The process id of the group leader, once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error('ProcessGroupStdioTransport already started');
    const options = this.#options;
    const stderrMode = options.stderr ?? 'pipe';
    const child = spawn(options.command, [...(options.args ?? [])], {
      env: { ...getDefaultEnvironment(), ...options.env },
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', stderrMode],
      // Its own process group (POSIX), so close() can end every process the launcher started.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.#child = child;
    this.#exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.once('exit', () => {
      // The leader is gone (a crash, or close): nothing of its group may outlive it.
      this.#killGroup('SIGKILL');
    });
    child.once('close', () => this.#finish());
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdout?.on('data', (chunk: Buffer) => this.#read(chunk));
    if (this.#stderr && child.stderr) child.stderr.pipe(this.#stderr);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
        this.#finish();
      });
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || this.#finished) throw new Error('Not connected');
    const text = `${JSON.stringify(message)}\n`;
    if (!stdin.write(text)) await new Promise<void>((resolve) => stdin.once('drain', resolve));
  }

  /** Ends the whole process group (SIGTERM, then SIGKILL) and settles every request in flight. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === undefined || this.#finished) {
      this.#finish();
      return;
    }
    try {
      child.stdin?.end();
    } catch {
      // already closed
    }
    this.#killGroup('SIGTERM');
    const grace = this.#options.killGraceMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      this.#exited!.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), grace);
      }),
    ]);
    clearTimeout(timer);
    // The leader may be gone while others in its group ignored SIGTERM: SIGKILL the group anyway.
    this.#killGroup('SIGKILL');
    if (timedOut) await this.#exited;
    this.#finish();
  }

  #killGroup(signal: NodeJS.Signals): void {
    const pid = this.#child?.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') this.#child?.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#chunks = [];
    this.#oversize = undefined;
    this.#child?.stdout?.removeAllListeners('data');
    this.onclose?.();
  }

  #read(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.#append(chunk.subarray(start, end));
      if (newline === -1) return;
      this.#endLine();
      start = newline + 1;
    }
  }

  #append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.#oversize !== undefined) {
      this.#oversize.tail = (this.#oversize.tail + part.toString('latin1')).slice(-EDGE);
      this.#length += part.length;
      return;
    }
    this.#chunks.push(part);
    this.#length += part.length;
    if (this.#length > this.#maxMessage) {
      const text = Buffer.concat(this.#chunks);
      this.#oversize = {
        head: text.subarray(0, EDGE).toString('latin1'),
        tail: text.subarray(-EDGE).toString('latin1'),
      };
      this.#chunks = [];
    }
  }

  #endLine(): void {
    const length = this.#length;
    const oversize = this.#oversize;
    const chunks = this.#chunks;
    this.#chunks = [];
    this.#length = 0;
    this.#oversize = undefined;
    if (oversize !== undefined) {
      // The answer to a request in flight, too large to read: its request gets an error instead.
      const id = idIn(oversize.tail) ?? idIn(oversize.head);
      const message = `the server's message of ${length} bytes is over the ${this.#maxMessage}-byte limit (maxMessageBytes) and was dropped`;
      if (id !== undefined && /"(result|error)"\s*:/.test(oversize.head)) {
        this.onmessage?.({
          jsonrpc: '2.0',
          id,
          error: { code: RESULT_TOO_LARGE_CODE, message, data: { bytes: length, limit: this.#maxMessage } },
        });
      } else this.onerror?.(new Error(message));
      return;
    }
    if (length === 0) return;
    const line = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
      .toString('utf8')
      .replace(/\r$/, '');
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  }
}
