import { projectConfig } from '../../vitest.shared.ts';

const config = projectConfig('dbos');

export default {
  ...config,
  // Starts a throwaway PostgreSQL server (or uses DATABASE_URL) for this project's tests.
  test: {
    ...config.test,
    globalSetup: ['../postgres/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};
