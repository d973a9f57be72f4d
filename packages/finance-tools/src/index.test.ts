import { describe, expect, it } from 'vitest';
import * as data from './data';
import * as index from './index';
import * as testing from './testing';

describe('public surface', () => {
  it('re-exports every runtime name of the data layer', () => {
    const missing = Object.keys(data).filter((name) => !(name in index));
    expect(missing).toEqual([]);
  });

  it('offers the meta-tools, routers and CLI', () => {
    for (const name of [
      'createGetFinancialsTool',
      'createGetMarketDataTool',
      'createReadFilingsTool',
      'createFinanceTools',
      'createRuleRouter',
      'createLlmRouter',
      'createHybridRouter',
      'createResultCache',
      'runCli',
      'createEmbeddedProvider',
    ]) {
      expect(typeof (index as Record<string, unknown>)[name]).toBe('function');
    }
    expect(typeof testing.createFakeProvider).toBe('function');
    expect(typeof testing.fixedClock).toBe('function');
  });
});
