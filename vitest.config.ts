// Vitest 4 ignores vitest.workspace.ts; the projects are listed here (docs/decisions/0001).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'examples/*'],
  },
});
