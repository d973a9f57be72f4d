/**
 * An inter-process lock beside a file: `<file>.lock`, created with O_EXCL and holding the
 * owner's pid and start time. A lock whose owner is gone (pid not alive on this host) or
 * that is older than `staleMs` is taken over: it is first renamed to a unique name (only
 * one contender can win that rename), so two processes never both break the same lock.
 */
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { PermissionsError } from '../errors';

/** Options of `withFileLock`. */
export interface FileLockOptions {
  /** Give up after this long (default 5000 ms) with `lock_timeout`. */
  timeoutMs?: number;
  /** A lock older than this is stale (default 30000 ms). */
  staleMs?: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(lockPath: string, staleMs: number): boolean {
  let content: string;
  try {
    content = readFileSync(lockPath, 'utf8');
  } catch {
    return false; // gone already, or unreadable: retry the create
  }
  const [pidText, timeText] = content.split('\n');
  const pid = Number(pidText);
  const time = Number(timeText);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isFinite(time)) {
    // Half-written by a contender that has just created it: only stale once old enough.
    try {
      return Date.now() - statSync(lockPath).mtimeMs > staleMs;
    } catch {
      return false;
    }
  }
  return !isAlive(pid) || Date.now() - time > staleMs;
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new PermissionsError('settings_io', `${lockPath}: cannot create the lock file`, {
      file: lockPath,
      cause: error,
    });
  }
  try {
    writeSync(fd, `${process.pid}\n${Date.now()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `action` while holding the lock of `file`; always releases it.
 *
 * @example
 * ```ts
 * await withFileLock('/repo/.dexter/settings.local.json', async () => { ... });
 * ```
 */
export async function withFileLock<T>(
  file: string,
  action: () => T | Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lockPath = `${file}.lock`;
  const timeoutMs = options.timeoutMs ?? 5000;
  const staleMs = options.staleMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let wait = 2;
  while (!tryCreate(lockPath)) {
    if (isStale(lockPath, staleMs)) {
      const aside = `${lockPath}.stale.${process.pid}.${Math.random().toString(36).slice(2)}`;
      try {
        renameSync(lockPath, aside);
        unlinkSync(aside);
      } catch {
        // another process broke it first
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new PermissionsError(
        'lock_timeout',
        `${file}: timed out after ${timeoutMs} ms waiting for ${lockPath}`,
        {
          file,
        },
      );
    }
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 50);
  }
  try {
    return await action();
  } finally {
    try {
      unlinkSync(lockPath);
    } catch {
      // already removed (taken over as stale): nothing to release
    }
  }
}
