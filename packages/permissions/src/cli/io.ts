/**
 * The CLI's view of the outside world, injected so tests can run it in-process, and the
 * batched writing of its output.
 */
import type { Readable } from 'node:stream';

/** Streams and directories the CLI uses. */
export interface CliIo {
  stdin: Readable;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Default for `--cwd` and for the default settings paths. */
  cwd: string;
  /** Home directory for the user settings layer. */
  homeDir: string;
  /** Environment for commands the CLI runs (`install-hook`/`doctor` canaries); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * The running binary, absolute: the `node` executing it and its `cli.js` (symlinks
   * resolved). `install-hook` registers exactly this pair; without it `--bin` is needed.
   */
  program?: { node: string; script: string };
}

/**
 * Output gathered in memory and written in chunks: one `write` per batch of lines rather than
 * one per line (each write to a pipe or file is a system call and a stream operation).
 * `flush` writes what is pending; `push` says when the pending text has reached `limit`
 * characters, so a long batch is not held in memory whole.
 */
export class ChunkedOutput {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly out: { write(text: string): unknown },
    private readonly limit = 1 << 20,
  ) {}

  /** Adds `text`; true when the pending output has reached the limit and should be flushed. */
  push(text: string): boolean {
    this.parts.push(text);
    this.size += text.length;
    return this.size >= this.limit;
  }

  /** Writes the pending output as one chunk (nothing when none is pending). */
  flush(): void {
    if (this.parts.length === 0) return;
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.size = 0;
    this.out.write(text);
  }
}
