/** Whether a wrapper execs its command as an argv (`Unwrap.argvOnly`, decision 0058). */
import type { CompiledFact } from './compile';
import type { Reading } from './read-argv';

/**
 * True when some reading of a wrapper's argv (`fact`, read in `readings`) execs its command as an
 * argv (`argvOnly`) with no option that starts a shell (its `withoutCommand.with`: `sudo -s`).
 */
export function execsArgv(fact: CompiledFact | undefined, readings: readonly Reading[]): boolean {
  if (fact?.fact.unwrap?.argvOnly !== true) return false;
  const starting = new Set(fact.fact.unwrap.withoutCommand?.with ?? []);
  return readings.some(
    (reading) =>
      reading.commandAt !== undefined && !reading.options.some((option) => starting.has(option.spelling)),
  );
}
