/**
 * The model-based randomized check (scripts/fuzz-model.ts) with fixed seeds, so CI runs the
 * same scenarios every time in a few seconds. For a longer search:
 * `node --conditions=@dexter/source --import tsx packages/executor/scripts/fuzz.ts --runs 5000`.
 */
import { describe, it } from 'vitest';
import { fuzzExecutor } from '../scripts/fuzz-model';

describe('model-based randomized check', () => {
  it.each([[1501], [2026], [424242]])(
    'seed %i: every promise holds in 300 scenarios',
    { timeout: 120_000 },
    async (seed) => {
      await fuzzExecutor({ seed, runs: 300 });
    },
  );
});
