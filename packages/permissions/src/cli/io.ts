/**
 * The CLI's view of the outside world, injected so tests can run it in-process.
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
}
