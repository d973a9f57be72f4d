/**
 * Reads answers line by line from a stream that may be a TTY or a pipe. Lines that arrive
 * before they are asked for (piped answers) are queued, so one stream serves many prompts.
 * The stream is paused between questions so an idle prompter never keeps a process alive.
 */
import type { Readable } from 'node:stream';

/** Reads lines on demand. `null` means end of input. */
export interface LineReader {
  /** The next line (without its line ending), or `null` at end of input or on abort. */
  read(signal?: AbortSignal): Promise<string | null>;
}

/** Wraps `input`. Listeners are attached on the first read. */
export function createLineReader(input: Readable): LineReader {
  const lines: string[] = [];
  let partial = '';
  let ended = false;
  let attached = false;
  let waiter: ((line: string | null) => void) | undefined;

  const deliver = () => {
    if (!waiter) return;
    const next = lines.length > 0 ? (lines.shift() as string) : ended ? null : undefined;
    if (next === undefined) return;
    const resolve = waiter;
    waiter = undefined;
    input.pause();
    resolve(next);
  };
  const onData = (chunk: string | Buffer) => {
    partial += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    let newline = partial.indexOf('\n');
    while (newline !== -1) {
      lines.push(partial.slice(0, newline).replace(/\r$/, ''));
      partial = partial.slice(newline + 1);
      newline = partial.indexOf('\n');
    }
    deliver();
  };
  const onEnd = () => {
    if (partial !== '') lines.push(partial);
    partial = '';
    ended = true;
    deliver();
  };

  return {
    read(signal) {
      if (!attached) {
        attached = true;
        input.on('data', onData);
        input.once('end', onEnd);
        input.once('close', onEnd);
        input.once('error', onEnd);
      }
      if (waiter) return Promise.reject(new Error('LineReader: one read at a time'));
      if (signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const onAbort = () => {
          waiter = undefined;
          input.pause();
          resolve(null);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiter = (line) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(line);
        };
        if (lines.length > 0 || ended) deliver();
        else input.resume();
      });
    },
  };
}
