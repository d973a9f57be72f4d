/**
 * Longer runs of the executor's model-based randomized check (see fuzz-model.ts).
 *
 *   node --conditions=@dexter/source --import tsx packages/executor/scripts/fuzz.ts --runs 5000 [--seed 7]
 *
 * Prints the seed, and on a failure the shrunk scenario and what it broke; exits 1 then.
 */
import { fuzzExecutor } from './fuzz-model';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const runs = flag('runs', 1000);
const seed = flag('seed', Date.now() % 2 ** 31);
console.log(`executor fuzz: ${runs} scenarios, seed ${seed}`);
const started = performance.now();
try {
  await fuzzExecutor({ seed, runs });
  console.log(
    `executor fuzz: ${runs} scenarios held every invariant (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error((error as Error).message);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) console.error(`\nWhat broke:\n${cause.message}`);
  process.exitCode = 1;
}
