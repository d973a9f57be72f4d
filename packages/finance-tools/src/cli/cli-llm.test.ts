import { createScriptedLlmClient } from '@dexter/registry/testing';
import { describe, expect, it } from 'vitest';
import { filed } from '../../test/sec-facts';
import { hasSharedSecData } from '../../test/shared-data';
import { defaultCliLlm } from './cli-llm';
import { defaultCliProviders } from './default-providers';
import { type CliIo, runCli } from './run-cli';

async function run(argv: string[], overrides: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: {},
    providers: defaultCliProviders,
    ...overrides,
  });
  return { code, stdout, stderr };
}

describe('dexter-finance --router llm', () => {
  it.skipIf(!hasSharedSecData)('plans with the model (scripted client) when a key is set', async () => {
    const llm = createScriptedLlmClient([
      {
        toolCalls: [
          {
            id: '1',
            name: 'income_statements',
            input: { ticker: 'AMD', period: 'annual', fiscalYears: [2025], fields: ['revenue'] },
          },
        ],
      },
    ]);
    const seen: Array<Record<string, string | undefined>> = [];
    const result = await run(
      ['--json', '--router', 'llm', '--date', '2026-04-30', 'how much did AMD sell last year?'],
      {
        env: { OPENAI_API_KEY: 'sk-test' },
        llm: async (env) => {
          seen.push({ ...env });
          return llm;
        },
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.plan.router).toBe('llm');
    expect(output.data['AMD.income_statements.annual'][0].revenue).toBe(
      filed('AMD', 'RevenueFromContractWithCustomerExcludingAssessedTax', '2024-12-29', '2025-12-27'),
    );
    expect(seen[0]?.OPENAI_API_KEY).toBe('sk-test');
    expect(llm.requests).toHaveLength(1);
  });

  it('without a key the default factory says what to set, and the CLI exits 1', async () => {
    await expect(defaultCliLlm({})).rejects.toMatchObject({ code: 'configuration' });
    const result = await run(['--router', 'llm', 'AAPL revenue FY2025']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/OPENAI_API_KEY or ANTHROPIC_API_KEY.*\[configuration\]/);
  });

  it('rejects an unknown router name as a usage error', async () => {
    const result = await run(['--router', 'magic', 'AAPL revenue FY2025']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--router must be rules or llm/);
  });
});
