/** Snippet of packages/finance-tools/README.md: a fake provider for tests. */
export { fixedClock, provider };

// #region fake-provider
import { createFakeProvider, fixedClock, incomeStatement } from '@dexter/finance-tools/testing';

const provider = createFakeProvider({
  latencyMs: 50, // honours the abort signal
  data: {
    incomeStatements: [
      incomeStatement({
        ticker: 'AAPL',
        fiscalYear: 2025,
        periodEnd: '2025-09-27',
        revenue: 416_161_000_000,
      }),
    ],
  },
});
// provider.requests, provider.inFlight(), provider.maxInFlight(), provider.aborted()
// #endregion fake-provider
