import { RunSnapshotError } from '@dexter/executor';
import { describe, expect, it } from 'vitest';
import { answerTurn, startTurn, written } from './resumable-runs';

describe('outgrowing one process: resumable runs', () => {
  it('suspends at the write, resumes once with the answer, refuses a replay', async () => {
    const first = await startTurn([
      { id: 'c1', name: 'write_file', input: { path: 'notes.md', text: 'hi' } },
    ]);
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(first.pending.map((entry) => [entry.approvalId, entry.tool])).toEqual([['c1', 'write_file']]);
    expect(written).toEqual([]);
    const done = await answerTurn(first.snapshot, { c1: 'allow-once' });
    expect(done.status === 'completed' && done.results.map((result) => result.status)).toEqual(['ok']);
    expect(written).toEqual(['notes.md']);
    await expect(answerTurn(first.snapshot, { c1: 'allow-once' })).rejects.toSatisfy(
      (error: unknown) => RunSnapshotError.isInstance(error) && error.code === 'snapshot_already_resumed',
    );
    expect(written).toEqual(['notes.md']);
  });
});
