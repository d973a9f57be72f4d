import { createScriptedLlmClient } from '@dexter/registry/testing';
import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { createHybridRouter } from './hybrid-router';
import { createLlmRouter } from './llm-router';
import { createRuleRouter } from './rule-router';
import { SUB_TOOL_NAMES } from './types';

const clock = fixedClock('2026-11-30');

describe('LLM router', () => {
  it('binds the sub-tools, puts today in the prompt and turns tool calls into the plan', async () => {
    const llm = createScriptedLlmClient([
      {
        toolCalls: [
          {
            id: '1',
            name: 'income_statements',
            input: {
              ticker: 'nvda',
              period: 'annual',
              limit: 2,
              endOnOrBefore: '2026-11-30',
              fields: ['netIncome'],
            },
          },
          {
            id: '2',
            name: 'income_statements',
            input: { ticker: 'AAPL', period: 'annual', fiscalYears: [2025, 2024] },
          },
        ],
      },
    ]);
    const plan = await createLlmRouter({ llm, clock }).route('compare NVDA and AAPL net income');
    const request = llm.requests[0]!;
    expect(request.tools?.map((tool) => tool.name)).toEqual([...SUB_TOOL_NAMES]);
    expect(request.messages[0]).toMatchObject({ role: 'system' });
    expect(request.messages[0]!.content).toContain('Today is 2026-11-30');
    expect(request.messages[1]).toEqual({ role: 'user', content: 'compare NVDA and AAPL net income' });
    expect(plan.router).toBe('llm');
    expect(plan.calls).toEqual([
      {
        tool: 'income_statements',
        ticker: 'NVDA',
        period: 'annual',
        limit: 2,
        endOnOrBefore: '2026-11-30',
        fields: ['netIncome'],
      },
      { tool: 'income_statements', ticker: 'AAPL', period: 'annual', fiscalYears: [2024, 2025] },
    ]);
    expect(plan.interpretation.tickers.map((hit) => hit.ticker)).toEqual(['NVDA', 'AAPL']);
    expect(plan.notes).toEqual([]);
  });

  it('drops invalid, unknown and unparsable calls with a note each', async () => {
    const llm = createScriptedLlmClient([
      {
        toolCalls: [
          { id: '1', name: 'income_statements', input: { ticker: 'AAPL', period: 'weekly' } },
          { id: '2', name: 'stock_tips', input: { ticker: 'AAPL' } },
          { id: '3', name: 'balance_sheets', input: '{oops', inputError: 'Unexpected token o' },
          {
            id: '4',
            name: 'balance_sheets',
            input: { ticker: 'AAPL', period: 'annual', endOnOrBefore: '2026-02-30' },
          },
          { id: '5', name: 'cash_flow_statements', input: { ticker: 'AMD', period: 'quarterly', limit: 1 } },
          { id: '6', name: 'cash_flow_statements', input: { ticker: 'amd', period: 'quarterly', limit: 1 } },
        ],
      },
    ]);
    const plan = await createLlmRouter({ llm, clock }).route('x');
    expect(plan.calls).toEqual([
      { tool: 'cash_flow_statements', ticker: 'AMD', period: 'quarterly', limit: 1 },
    ]);
    expect(plan.notes).toHaveLength(4);
    expect(plan.notes[0]).toMatch(/income_statements.*period/);
    expect(plan.notes[1]).toMatch(/unknown sub-tool "stock_tips"/);
    expect(plan.notes[2]).toMatch(/not valid JSON/);
    expect(plan.notes[3]).toMatch(/endOnOrBefore.*YYYY-MM-DD/);
  });

  it('passes the abort signal to the model', async () => {
    const llm = createScriptedLlmClient([{ text: 'never' }], { latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = createLlmRouter({ llm, clock }).route('AAPL', { signal: controller.signal });
    controller.abort(new Error('user stop'));
    await expect(pending).rejects.toThrow('user stop');
  });
});

describe('hybrid router', () => {
  const rules = createRuleRouter({ clock });

  it('uses the model when it picks calls', async () => {
    const llm = createScriptedLlmClient([
      { toolCalls: [{ id: '1', name: 'balance_sheets', input: { ticker: 'PG', period: 'annual' } }] },
    ]);
    const router = createHybridRouter({ llm: createLlmRouter({ llm, clock }), rules });
    const plan = await router.route("Apple's revenue in FY2025");
    expect(plan.router).toBe('llm');
    expect(plan.calls.map((call) => call.ticker)).toEqual(['PG']);
  });

  it('falls back to rules when the model picks nothing, and says so', async () => {
    const llm = createScriptedLlmClient([{ text: 'I think Apple did well.' }]);
    const router = createHybridRouter({ llm: createLlmRouter({ llm, clock }), rules });
    const plan = await router.route("Apple's revenue in FY2025");
    expect(plan.router).toBe('rule');
    expect(plan.calls.map((call) => call.ticker)).toEqual(['AAPL']);
    expect(plan.notes[0]).toMatch(/chose no sub-calls/);
  });

  it('falls back to rules when the model fails, and says why', async () => {
    const llm = createScriptedLlmClient([]);
    const router = createHybridRouter({ llm: createLlmRouter({ llm, clock }), rules });
    const plan = await router.route('NVDA revenue');
    expect(plan.router).toBe('rule');
    expect(plan.notes[0]).toMatch(/LLM router failed \(Scripted LLM client has 0 step/);
  });

  it('does not fall back when the caller aborted', async () => {
    const llm = createScriptedLlmClient([{ text: '' }], { latencyMs: 10_000 });
    const router = createHybridRouter({ llm: createLlmRouter({ llm, clock }), rules });
    const controller = new AbortController();
    const pending = router.route('NVDA revenue', { signal: controller.signal });
    controller.abort(new Error('cancelled by user'));
    await expect(pending).rejects.toThrow('cancelled by user');
  });

  it('is the rule router when no model is configured', async () => {
    const plan = await createHybridRouter({ rules }).route('NVDA revenue');
    expect(plan.router).toBe('rule');
    expect(plan.notes.join(' ')).not.toMatch(/LLM/);
  });
});
