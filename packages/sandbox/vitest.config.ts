import { mergeConfig } from 'vitest/config';
import { projectConfig } from '../../vitest.shared.ts';

// Each test file in its own process: the sandbox runtime is one per process (a singleton
// with process-wide proxies and exit handlers), and a worker thread shares its process with
// the other projects' threads, the demo's sandbox among them.
export default mergeConfig(projectConfig('sandbox'), { test: { pool: 'forks' } });
