import { describe, expect, it } from 'vitest';
import * as data from './data';
import * as index from './index';
import * as testing from './testing';

describe('public surface', () => {
  it('re-exports every runtime name of the data layer, the same objects', () => {
    // The data layer's HTTP clock is renamed: `systemClock` at the root is the router's clock.
    const renamed: Record<string, string> = { systemClock: 'systemHttpClock' };
    const exported = index as Record<string, unknown>;
    const mismatched = Object.entries(data)
      .filter(([name, value]) => exported[renamed[name] ?? name] !== value)
      .map(([name]) => name);
    expect(mismatched).toEqual([]);
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
