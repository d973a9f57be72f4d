/**
 * Two tools over an in-memory file map, for tests of framework bridges and executors: a
 * `write_file` that asks for approval and a concurrency-safe `read_file`. Every run is logged
 * (`write a.txt`, `read a.txt`), so a test can assert which calls ran, and in what order.
 */
import { z } from 'zod';
import { type AnyTool, defineTool } from '../tool';

/** Options of `createMemoryFileTools`. */
export interface MemoryFileToolsOptions {
  /** The approval of `read`. Default `'allow'`. */
  readApproval?: 'allow' | 'ask';
}

/** The two tools, the files they share, and the log of what ran. */
export interface MemoryFileTools {
  write: AnyTool;
  read: AnyTool;
  /** Another `read_file` over the same files and log, with the given approval. */
  reader(approval: 'allow' | 'ask'): AnyTool;
  /** Path → text written. A read of a path never written answers `(missing)`. */
  files: Map<string, string>;
  /** One line per run, in the order the tools ran. */
  log: string[];
}

/**
 * @example
 * ```ts
 * const { write, read, log } = createMemoryFileTools();
 * const registry = createToolRegistry([write, read]);
 * ```
 */
export function createMemoryFileTools(options: MemoryFileToolsOptions = {}): MemoryFileTools {
  const files = new Map<string, string>();
  const log: string[] = [];
  const write = defineTool({
    name: 'write_file',
    inputSchema: z.object({ path: z.string(), text: z.string().optional() }),
    description: 'Writes a file.',
    compactDescription: 'Write',
    approval: 'ask',
    execute: ({ path, text }) => {
      log.push(`write ${path}`);
      files.set(path, text ?? '');
      return 'written';
    },
  });
  const reader = (approval: 'allow' | 'ask') =>
    defineTool({
      name: 'read_file',
      inputSchema: z.object({ path: z.string() }),
      description: 'Reads a file.',
      compactDescription: 'Read',
      concurrencySafe: true,
      approval,
      execute: ({ path }) => {
        log.push(`read ${path}`);
        return files.get(path) ?? '(missing)';
      },
    });
  return { write, read: reader(options.readApproval ?? 'allow'), reader, files, log };
}
