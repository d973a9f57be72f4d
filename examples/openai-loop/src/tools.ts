/**
 * The host's tools. `get_revenue` is a pure read (parallel-safe, allowed without asking);
 * it answers from a small table of reported annual revenue (USD millions, from the
 * companies' 10-K filings) so the example runs offline. The artificial delay is longer for
 * the first ticker, so in a parallel batch the calls finish out of order — the results
 * still come back in call order.
 */
import { defineTool } from '@dexter/registry';
import { z } from 'zod';

const annualRevenue: Record<string, { fiscalYear: number; revenueUsdMillions: number }> = {
  AAPL: { fiscalYear: 2024, revenueUsdMillions: 391_035 },
  NVDA: { fiscalYear: 2025, revenueUsdMillions: 130_497 },
  MSFT: { fiscalYear: 2024, revenueUsdMillions: 245_122 },
};

/** Resolves after `ms`, or rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export const getRevenue = defineTool({
  name: 'get_revenue',
  inputSchema: z.object({ ticker: z.string().describe('Stock ticker, e.g. AAPL') }),
  description:
    'Latest reported annual revenue of a US-listed company, in USD millions. Use it for revenue questions; it has no quarterly figures.',
  compactDescription: 'Latest annual revenue of a company',
  concurrencySafe: true,
  approval: 'allow',
  async execute({ ticker }, { signal, progress }) {
    const symbol = ticker.toUpperCase();
    progress(`Looking up ${symbol}`);
    await pause(symbol === 'AAPL' ? 40 : 5, signal);
    const row = annualRevenue[symbol];
    if (!row) throw new Error(`No revenue on file for ${symbol}`);
    return { ticker: symbol, ...row };
  },
});
