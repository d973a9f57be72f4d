import { projectConfig } from '../../vitest.shared.ts';

const config = projectConfig('example-durable-approvals');

export default {
  ...config,
  // Starts a throwaway PostgreSQL server (or uses DATABASE_URL) for this project's tests.
  test: {
    ...config.test,
    globalSetup: ['../../packages/postgres/test/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
};
