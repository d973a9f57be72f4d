/**
 * The hook process's standard input and output, on the descriptors themselves (decision 0063).
 * `process.stdin` and `process.stdout` are built on first use, and for a pipe — how every agent
 * runs a hook — that loads Node's stream and socket modules and reads a 1 MB event in
 * 64 kB turns of the stream machinery: about a tenth of a new hook process's time over a bare
 * Node start. Reading descriptor 0 with `fs.read` (on libuv's thread pool, so the watchdog still
 * fires while a read waits) and writing descriptor 1 with `fs.writeSync` gives the same bytes
 * without them. Any error the descriptors give — a non-blocking descriptor's `EAGAIN`, a
 * platform without such reads — hands the rest to the streams as before, so nothing that
 * worked before fails now, and whatever fails there still blocks the call.
 */
import { read, writeSync } from 'node:fs';
import { readStreamAfter } from './hook';

/** A read asks for this much at most (a pipe holds 64 kB; a file may give more at once). */
const READ_SIZE = 1 << 20;

/** All of standard input as UTF-8, refusing more than `limit` bytes (as `readStream` does). */
export function readStdin(limit: number): Promise<string> {
  return readDescriptor(0, limit, () => process.stdin);
}

/**
 * All of descriptor `fd` as UTF-8, refusing more than `limit` bytes: read with `fs.read` until
 * it ends, or until a read fails — then `stream()`, a stream on the same descriptor, reads the
 * rest (and fails in its own way if it cannot).
 */
export function readDescriptor(
  fd: number,
  limit: number,
  stream: () => AsyncIterable<unknown> | Iterable<unknown>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const next = (): void => {
      const buffer = Buffer.allocUnsafe(Math.min(READ_SIZE, limit - size + 1));
      read(fd, buffer, 0, buffer.length, null, (error, count) => {
        if (error) {
          // The stream reads on from where the descriptor is: nothing read is lost or read twice.
          readStreamAfter(stream(), chunks, size, limit).then(
            (bytes) => resolve(bytes.toString('utf8')),
            reject,
          );
          return;
        }
        if (count === 0) {
          resolve(Buffer.concat(chunks, size).toString('utf8'));
          return;
        }
        size += count;
        if (size > limit) {
          reject(new Error(`the event is larger than ${limit} bytes`));
          return;
        }
        chunks.push(count === buffer.length ? buffer : buffer.subarray(0, count));
        next();
      });
    };
    next();
  });
}

/**
 * Writes `text` to standard output and calls `done` once it is out: on descriptor 1 while it
 * takes it whole (a pipe takes an answer this size at once), then through `process.stdout`
 * for whatever is left (a descriptor that refuses a write, or takes part of it).
 */
export function writeStdout(text: string, done: () => void): void {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  try {
    while (written < bytes.length) {
      const count = writeSync(1, bytes, written, bytes.length - written);
      if (count <= 0) break;
      written += count;
    }
  } catch {
    // Left to the stream, which reports its own failure.
  }
  if (written >= bytes.length) {
    done();
    return;
  }
  process.stdout.write(bytes.subarray(written), () => done());
}
