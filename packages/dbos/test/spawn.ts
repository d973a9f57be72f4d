/** Runs a test worker script as a real child process and collects its JSON lines. */
import { type ChildProcess, spawn } from 'node:child_process';

export interface Worker {
  child: ChildProcess;
  /** Resolves with the n-th JSON line (0-based) the worker prints. */
  line(n: number): Promise<unknown>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  stderr(): string;
}

export function startWorker(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Worker {
  const child = spawn(process.execPath, ['--conditions=@dexter/source', '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: unknown[] = [];
  const waiting: Array<() => void> = [];
  let buffer = '';
  let errors = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    errors += chunk;
  });
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    let at = buffer.indexOf('\n');
    while (at >= 0) {
      const text = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      if (text.startsWith('{')) lines.push(JSON.parse(text));
      at = buffer.indexOf('\n');
    }
    for (const wake of waiting.splice(0)) wake();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      for (const wake of waiting.splice(0)) wake();
      resolve(code ?? signal ?? -1);
    });
  });
  return {
    child,
    exited,
    stderr: () => errors,
    async line(n) {
      while (lines.length <= n) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(
            `worker exited (${child.exitCode ?? child.signalCode}) before line ${n}:\n${errors}`,
          );
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return lines[n];
    },
  };
}

/** The workers one test file starts from one script, so that its `afterAll` can stop them. */
export interface WorkerSet {
  start(args: readonly string[], env?: NodeJS.ProcessEnv): Worker;
  /** SIGKILLs every worker still running (a failed assertion must not leave one) and waits. */
  stopAll(): Promise<void>;
}

export function workerSet(script: string): WorkerSet {
  const workers: Worker[] = [];
  return {
    start(args, env) {
      const each = startWorker(script, args, env);
      workers.push(each);
      return each;
    },
    async stopAll() {
      for (const each of workers) {
        if (each.child.exitCode === null && each.child.signalCode === null) each.child.kill('SIGKILL');
      }
      await Promise.all(workers.map((each) => each.exited));
    },
  };
}
