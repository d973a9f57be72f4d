import { describe, expect, it } from 'vitest';
import packageConfigs from '../../tsup.config';
import { loadCommandTable } from './index';
import { ENTRIES } from './table';
import type { CommandFact } from './types';

/** grep with an example its facts contradict: `--color` made to take the next word. */
const BROKEN: readonly CommandFact[] = ENTRIES.map((entry) =>
  entry.names[0] === 'grep' ? { ...entry, long: entry.long!.replace('color=? ', 'color= ') } : entry,
);

describe('the examples of a table checked before it was built (decision 0055)', () => {
  it('checks an entry’s examples when it is first looked up, by default', () => {
    expect(() => loadCommandTable(BROKEN).get('grep')).toThrow(/grep: example `grep -r --color KEY \/root`/);
  });

  it('compiles without reading the examples again when they were checked, and still refuses a malformed entry', () => {
    const table = loadCommandTable(BROKEN, { examplesChecked: true });
    expect(table.get('grep')?.path).toBe('grep');
    const malformed = loadCommandTable([{ names: ['x'], summary: 'x', values: { '-q': 'read' } }], {
      examplesChecked: true,
    });
    expect(() => malformed.get('x')).toThrow(/names no declared option/);
  });

  it('checks every example in checkAll either way', () => {
    expect(() => loadCommandTable(BROKEN, { examplesChecked: true }).checkAll()).toThrow(
      /grep: example `grep -r --color KEY \/root`/,
    );
    expect(() => loadCommandTable(ENTRIES, { examplesChecked: true }).checkAll()).not.toThrow();
  });

  it('is told so only by a build that checks the whole table first', () => {
    const configs = packageConfigs as unknown as {
      define?: Record<string, string>;
      esbuildPlugins?: { name: string }[];
    }[];
    expect(configs.length).toBeGreaterThan(0);
    for (const config of configs) {
      expect(config.define?.__DEXTER_TABLE_CHECKED__).toBe('true');
      expect(config.esbuildPlugins?.map((plugin) => plugin.name)).toContain('dexter-check-command-table');
    }
  });
});
