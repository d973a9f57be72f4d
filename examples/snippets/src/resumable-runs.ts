// Resumable runs, as quoted in docs/guides/outgrowing-one-process.md.
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

export const written: string[] = [];
const writeFile = defineTool({
  name: 'write_file',
  inputSchema: z.object({ path: z.string(), text: z.string() }),
  description: 'Writes a file.',
  compactDescription: 'Write a file',
  permissionSubject: ({ path }) => ({ kind: 'file', access: 'write', path }),
  execute: ({ path }) => {
    written.push(path);
    return `wrote ${path}`;
  },
});

// #region resumable
import {
  type ApprovalAnswers,
  createResumableExecutor,
  type ExecutorCall,
  type RunSnapshot,
} from '@dexter/executor';

// Every process that may resume a run holds the same key (and, with several processes, the
// same SessionStore: `store: createPostgresSessionStore({ connectionString })`).
const runs = createResumableExecutor({
  tools: [writeFile],
  signingKey: process.env.RUN_KEY ?? 'k'.repeat(32),
});

/** Request 1: run the model's calls; stop at the first approval. */
export async function startTurn(calls: ExecutorCall[]) {
  const outcome = await runs.execute(calls);
  if (outcome.status === 'completed') return { status: 'completed' as const, results: outcome.results };
  // Store the snapshot (or hand it to the browser: it is signed) and show `pending` to the user.
  return {
    status: 'suspended' as const,
    pending: outcome.pending,
    snapshot: JSON.stringify(outcome.snapshot),
  };
}

/** Request 2, on any instance: the user's answers, keyed by approvalId. */
export async function answerTurn(snapshot: string | RunSnapshot, answers: ApprovalAnswers) {
  return runs.resume(snapshot, answers); // a tampered or replayed snapshot throws RunSnapshotError
}
// #endregion resumable
