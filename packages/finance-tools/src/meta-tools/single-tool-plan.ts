/**
 * `singleToolPlan`: narrows a routed plan to one sub-tool. The plan's own calls of that tool
 * are kept; every other ticker the query named gets one call with the given limit. The
 * sibling meta-tools (`get_market_data`, `read_filings`) reuse the router this way.
 */
import type { RoutePlan, SubCall } from '../router/types';

/** The period selection of a sub-call, without its tool, ticker or fields. */
function periodOf(call: SubCall): Omit<SubCall, 'tool' | 'ticker' | 'fields' | 'forms'> {
  const { tool: _tool, ticker: _ticker, fields: _fields, forms: _forms, ...period } = call;
  return period;
}

/**
 * @param keepPeriod when true, a ticker that the plan asked other data for gets the same
 *   period selection (fiscal years, quarter, dates, limit), so "Apple gross margin fiscal
 *   2025" answers FY2025, not the latest snapshot.
 */
export function singleToolPlan(
  plan: RoutePlan,
  tool: SubCall['tool'],
  limit: number,
  keepPeriod = false,
): RoutePlan {
  const calls: SubCall[] = plan.calls.filter((call) => call.tool === tool);
  const tickers = [
    ...new Set([
      ...plan.interpretation.tickers.map((hit) => hit.ticker),
      ...plan.calls.map((call) => call.ticker),
    ]),
  ];
  for (const ticker of tickers) {
    if (calls.some((call) => call.ticker === ticker)) continue;
    const planned = keepPeriod ? plan.calls.find((call) => call.ticker === ticker) : undefined;
    if (planned && (planned.fiscalYears || planned.endOnOrAfter || planned.fiscalQuarter)) {
      calls.push({ tool, ticker, ...periodOf(planned) });
      continue;
    }
    calls.push({ tool, ticker, period: 'annual', limit, endOnOrBefore: plan.interpretation.asOf });
  }
  return {
    ...plan,
    calls,
    interpretation: { ...plan.interpretation, tools: calls.length ? [tool] : [] },
  };
}
