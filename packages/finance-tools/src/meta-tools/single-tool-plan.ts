/**
 * `singleToolPlan`: narrows a routed plan to one sub-tool. The plan's own calls of that tool
 * are kept; every other ticker the query named gets one call with the given limit. The
 * sibling meta-tools (`get_market_data`, `read_filings`) reuse the router this way.
 */
import type { RoutePlan, SubCall } from '../router/types';

export function singleToolPlan(plan: RoutePlan, tool: SubCall['tool'], limit: number): RoutePlan {
  const calls: SubCall[] = plan.calls.filter((call) => call.tool === tool);
  const tickers = [
    ...new Set([
      ...plan.interpretation.tickers.map((hit) => hit.ticker),
      ...plan.calls.map((call) => call.ticker),
    ]),
  ];
  for (const ticker of tickers) {
    if (calls.some((call) => call.ticker === ticker)) continue;
    calls.push({ tool, ticker, period: 'annual', limit, endOnOrBefore: plan.interpretation.asOf });
  }
  return {
    ...plan,
    calls,
    interpretation: { ...plan.interpretation, tools: calls.length ? [tool] : [] },
  };
}
