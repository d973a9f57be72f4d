/**
 * The providers `dexter-finance` can build from the environment: the embedded offline
 * dataset (no key, no network), SEC EDGAR (needs `SEC_USER_AGENT`) and financialdatasets.ai
 * (needs `FINANCIAL_DATASETS_API_KEY`).
 */
import { FinanceError } from '../errors';
import { createEmbeddedProvider } from '../providers/embedded';
import type { CliProviderName } from './parse-args';
import type { CliProviderFactory } from './run-cli';

/** Factories by `--provider` name. */
export const defaultCliProviders: Readonly<Record<CliProviderName, CliProviderFactory>> = Object.freeze({
  embedded: () => createEmbeddedProvider(),
  sec: () => {
    throw new FinanceError('configuration', 'the SEC EDGAR provider is not wired into this build yet');
  },
  financialdatasets: () => {
    throw new FinanceError(
      'configuration',
      'the financialdatasets.ai provider is not wired into this build yet',
    );
  },
});
