/**
 * Atomic replacement of a file: write a temporary file in the same directory, fsync it,
 * rename it over the target (atomic on POSIX within one file system), then fsync the
 * directory so the rename itself survives a crash. Readers see the old or the new content,
 * never a torn one.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Writes `content` to `file` atomically, creating its directory when needed. */
export function writeFileAtomic(file: string, content: string): void {
  const directory = path.dirname(file);
  mkdirSync(directory, { recursive: true });
  let mode = 0o644;
  try {
    mode = statSync(file).mode & 0o777;
  } catch {
    // new file
  }
  const temporary = path.join(
    directory,
    `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`,
  );
  const fd = openSync(temporary, 'wx', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, file);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
  try {
    const directoryFd = openSync(directory, 'r');
    try {
      fsyncSync(directoryFd);
    } finally {
      closeSync(directoryFd);
    }
  } catch {
    // some file systems refuse to fsync a directory; the rename is still atomic
  }
}
