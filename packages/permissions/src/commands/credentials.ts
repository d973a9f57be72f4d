/** Whether a reading of an argv prints a credential, from the facts of the entries it read. */
import type { Reading } from './read-argv';

/** True when an option given in `reading` matches a credential spelling (`-json`, `--raw~secrets`). */
function optionMatches(reading: Reading, spelling: string): boolean {
  const tilde = spelling.indexOf('~');
  const name = tilde < 0 ? spelling : spelling.slice(0, tilde);
  const text = tilde < 0 ? undefined : spelling.slice(tilde + 1);
  return reading.options.some(
    (option) => option.def?.spelling === name && (text === undefined || (option.value ?? '').includes(text)),
  );
}

/**
 * True when `reading` prints a credential: an entry it read says so `always` (unless an
 * option made it print names only), or an option the entry lists was given.
 */
export function readingPrintsCredentials(reading: Reading): boolean {
  const innermost = reading.facts[reading.facts.length - 1]!;
  if (innermost.fact.printsCredentials === 'always' && !reading.effects.has('names-only')) return true;
  for (const level of reading.facts) {
    const credentials = level.fact.printsCredentials;
    if (credentials === undefined || credentials === 'always') continue;
    if (credentials.some((all) => all.split('&').every((spelling) => optionMatches(reading, spelling))))
      return true;
  }
  return false;
}
