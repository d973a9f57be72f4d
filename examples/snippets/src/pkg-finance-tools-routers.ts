/** Snippets of packages/finance-tools/README.md: the rule router, and the hybrid router's fallback. */
import { createEmbeddedProvider, createGetFinancialsTool } from '@dexter/finance-tools';

export { llm, plan, tool };

// #region rules
import { createRuleRouter, fixedClock } from '@dexter/finance-tools';

const clock = fixedClock('2026-11-30');
const rules = createRuleRouter({ clock });
const plan = await rules.route('compare NVDA and AAPL net income for the last two fiscal years');
// plan.calls: [
//   { tool: 'income_statements', ticker: 'NVDA', period: 'annual', limit: 2, endOnOrBefore: '2026-11-30', fields: ['netIncome'] },
//   { tool: 'income_statements', ticker: 'AAPL', period: 'annual', limit: 2, endOnOrBefore: '2026-11-30', fields: ['netIncome'] } ]
// #endregion rules

const provider = createEmbeddedProvider();

// #region llm-fallback
import { createScriptedLlmClient } from '@dexter/registry/testing';

const llm = createScriptedLlmClient([{ text: 'no tools today' }]);
const tool = createGetFinancialsTool({ provider, llm, clock });
// → rule router answers; answer notes: "The LLM router chose no sub-calls; used the rule router instead."
// #endregion llm-fallback
