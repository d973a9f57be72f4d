import { projectConfig } from '../../vitest.shared.ts';

const config = projectConfig('postgres');

export default {
  ...config,
  // Starts a throwaway PostgreSQL server (or uses DATABASE_URL) for this project's tests.
  test: {
    ...config.test,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};
