/**
 * The one helper of the mutation checks (for this package's own tests, not part of the public
 * API): a decision made with the command table changed — a fact dropped — with every module
 * that derives something from the table loaded again.
 */
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { CommandFact } from './types';

/** The table's one list of entries (`table/index.ts`): every consumer reads the table through it. */
const ENTRIES_MODULE = fileURLToPath(new URL('./table/index.ts', import.meta.url));

/**
 * `run`'s result with the table's entries changed by `change`. Modules `run` imports
 * dynamically see the changed table, and every set derived from it derived again. A changed
 * entry loses its examples: they would refuse it when the table loads, which is a check of its
 * own (`loadCommandTable(…).checkAll()`).
 */
export async function withTableChanged<T>(
  change: (entry: CommandFact) => CommandFact,
  run: () => Promise<T>,
): Promise<T> {
  vi.resetModules();
  vi.doMock(ENTRIES_MODULE, async (original) => {
    const actual = await original<{ ENTRIES: readonly CommandFact[] }>();
    const ENTRIES = actual.ENTRIES.map((entry) => {
      const after = change(entry);
      if (after === entry) return entry;
      const { examples: _dropped, ...rest } = after;
      return rest;
    });
    return { ...actual, ENTRIES };
  });
  try {
    return await run();
  } finally {
    vi.doUnmock(ENTRIES_MODULE);
    vi.resetModules();
  }
}

/** A change for `withTableChanged`: the entry first named `name` changed by `mutate`, the others kept. */
export function changeEntry(
  name: string,
  mutate: (entry: CommandFact) => CommandFact,
): (entry: CommandFact) => CommandFact {
  return (entry) => (entry.names[0] === name ? mutate(entry) : entry);
}

type Sub = NonNullable<CommandFact['subcommands']>[string];

/** `entry` with the subcommand at `path` (`['bisect']`, `['compute', 'ssh']`) changed by `mutate`. */
export function withSub(entry: CommandFact, path: readonly string[], mutate: (sub: Sub) => Sub): CommandFact {
  const [head, ...rest] = path;
  const sub = entry.subcommands![head!]!;
  const changed = rest.length === 0 ? mutate(sub) : (withSub(sub as CommandFact, rest, mutate) as Sub);
  return { ...entry, subcommands: { ...entry.subcommands, [head!]: changed } };
}

/** `entry` without the value roles (and script formats) of `spellings`. */
export function withoutValues(entry: CommandFact, ...spellings: string[]): CommandFact {
  const values = { ...entry.values };
  const formats = { ...entry.scriptFormat };
  for (const spelling of spellings) {
    delete values[spelling];
    delete formats[spelling];
  }
  return { ...entry, values, scriptFormat: formats };
}
