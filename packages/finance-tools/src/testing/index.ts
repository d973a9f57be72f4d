/**
 * `@dexter/finance-tools/testing`: test doubles for hosts and for this package's own tests.
 */
export { fixedClock } from '../router/clock';
export type { FakeProvider, FakeProviderData, FakeProviderOptions } from './fake-provider';
export { createFakeProvider } from './fake-provider';
export { balanceSheet, cashFlowStatement, filing, incomeStatement, keyMetrics } from './rows';
