// Per-project vitest settings: resolve workspace packages to their source through the
// "@dexter/source" export condition so tests never need a build first.
import { defineProject } from 'vitest/config';

export function projectConfig(name: string) {
  return defineProject({
    resolve: { conditions: ['@dexter/source'] },
    ssr: { resolve: { conditions: ['@dexter/source'] } },
    test: {
      name,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: '../../tsconfig.json' },
      pool: 'threads',
      maxWorkers: 2,
      // vitest's 5 s default is tight for tests that import several packages' sources on a
      // loaded 2-core machine; a test that needs longer still says so itself.
      testTimeout: 20_000,
    },
  });
}
