import { mergeConfig } from 'vitest/config';
import { projectConfig } from '../../vitest.shared.ts';

// Several tests parse the real SEC companyfacts files (tens of MB) on a shared 2-core machine:
// a budget, not a speed claim — no test asserts on time.
export default mergeConfig(projectConfig('finance-tools'), { test: { testTimeout: 30_000 } });
