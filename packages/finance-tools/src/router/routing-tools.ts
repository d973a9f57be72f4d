/**
 * The sub-tools the LLM router binds to the model, one per statement kind. In the routing
 * step a call is not executed against a provider: "executing" one yields the validated
 * `SubCall` it stands for, which joins the plan the meta-tool then runs.
 */
import { type AnyTool, defineTool } from '@dexter/registry';
import { type SubToolInput, subToolInputSchema, toSubCall } from './sub-call-schema';
import { SUB_TOOL_NAMES, type SubCall, type SubToolName } from './types';

const DESCRIPTIONS: Readonly<Record<SubToolName, { description: string; compact: string }>> = {
  income_statements: {
    description:
      'Income statements: revenue, cost of revenue, gross profit, R&D, SG&A, operating income, net income, EPS (basic/diluted), shares. Use for revenue, sales, profit, earnings, EPS and margins. Not for cash or debt (balance_sheets) or free cash flow (cash_flow_statements).',
    compact: 'Income statement rows (revenue, net income, EPS, margins)',
  },
  balance_sheets: {
    description:
      'Balance sheets: cash and equivalents, short-term investments, receivables, inventory, total assets and liabilities, debt, equity, shares outstanding. Use for cash, debt, assets, equity.',
    compact: 'Balance sheet rows (cash, debt, assets, equity)',
  },
  cash_flow_statements: {
    description:
      'Cash-flow statements: operating/investing/financing cash flow, capital expenditure, free cash flow, buybacks, dividends paid, stock-based compensation. Outflows are negative.',
    compact: 'Cash-flow rows (operating cash flow, capex, free cash flow, buybacks)',
  },
  key_metrics: {
    description:
      'Key metrics and ratios: margins, growth, ROE/ROA, current ratio, debt-to-equity, and market-based values (market cap, P/E, P/S, P/B) where the data source has prices.',
    compact: 'Ratios and valuation metrics (P/E, market cap, margins, growth)',
  },
  segmented_revenues: {
    description: 'Revenue broken down by segment (product line, geography) for each period.',
    compact: 'Revenue by segment',
  },
  earnings: {
    description:
      'Reported earnings per quarter or year, with consensus estimates where the data source has them.',
    compact: 'Earnings results vs estimates',
  },
  filings: {
    description:
      'The company filing list (10-K, 10-Q, 8-K, ...) with document URLs. Use for "latest 10-K", "filings", "annual report".',
    compact: 'SEC filings list with document URLs',
  },
};

/**
 * Builds the routing tools, one per sub-tool name, in `SUB_TOOL_NAMES` order.
 *
 * @example
 * ```ts
 * const tools = createRoutingTools();
 * await llm.complete({ messages, tools, toolChoice: 'auto' });
 * ```
 */
export function createRoutingTools(names: readonly SubToolName[] = SUB_TOOL_NAMES): AnyTool[] {
  return names.map((name) =>
    defineTool({
      name,
      inputSchema: subToolInputSchema,
      description: DESCRIPTIONS[name].description,
      compactDescription: DESCRIPTIONS[name].compact,
      concurrencySafe: true,
      approval: 'allow',
      execute: (input: SubToolInput): SubCall => toSubCall(name, input),
    }),
  );
}
