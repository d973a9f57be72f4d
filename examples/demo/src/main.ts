// `pnpm demo`: the README's offline agent session. See run-demo.ts.
import { runDemo } from './run-demo';

runDemo({ argv: process.argv.slice(2) }).then(
  (outcome) => {
    if (outcome.statuses.length > 0) process.stderr.write(`\nTool calls: ${outcome.statuses.join(', ')}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
