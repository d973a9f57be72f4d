/**
 * Shared helpers for this folder's own tests (not part of the public API): the floor's verdict
 * with the command table changed, for the mutation checks.
 */
import { vi } from 'vitest';
import type { CommandFact } from '../commands/types';

/**
 * `source`'s floor verdict with one table file's entries changed by `change` (the module
 * reloaded, so every derived set is derived again).
 */
export async function floorWithout(
  file: string,
  exportName: string,
  change: (entry: CommandFact) => CommandFact,
  source: string,
): Promise<string | undefined> {
  vi.resetModules();
  const path = `../commands/table/${file}`;
  vi.doMock(path, async (original) => {
    const actual = await original<Record<string, readonly CommandFact[]>>();
    // The changed entry's examples go too: they would refuse the table at load (a check of its own).
    const changed = actual[exportName]!.map((entry) => {
      const after = change(entry);
      if (after === entry) return entry;
      const { examples: _dropped, ...rest } = after;
      return rest;
    });
    return { ...actual, [exportName]: changed };
  });
  try {
    const shell = await import('../shell');
    const check = await import('./check-floor');
    for (const command of shell.analyzeShell(source).commands) {
      const violation = check.checkFloor(command);
      if (violation) return violation.check;
    }
    return undefined;
  } finally {
    vi.doUnmock(path);
    vi.resetModules();
  }
}
