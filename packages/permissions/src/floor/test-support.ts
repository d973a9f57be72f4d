/**
 * Shared helpers for this folder's own tests (not part of the public API): the floor's verdict
 * with the command table changed, for the mutation checks.
 */

import { withTableChanged } from '../commands/test-support';
import type { CommandFact } from '../commands/types';

/** `source`'s floor verdict with the table's entries changed by `change` (see `withTableChanged`). */
export function floorWithout(
  change: (entry: CommandFact) => CommandFact,
  source: string,
): Promise<string | undefined> {
  return withTableChanged(change, async () => {
    const shell = await import('../shell');
    const check = await import('./check-floor');
    for (const command of shell.analyzeShell(source).commands) {
      const violation = check.checkFloor(command);
      if (violation) return violation.check;
    }
    return undefined;
  });
}
