/**
 * The providers `dexter-finance` can build from the environment: the embedded offline
 * dataset (no key, no network), SEC EDGAR (needs `SEC_USER_AGENT`, e.g.
 * `"Acme Research ops@acme.com"`) and financialdatasets.ai (needs
 * `FINANCIAL_DATASETS_API_KEY`). A missing setting is a `configuration` error that names it.
 */
import { createEmbeddedProvider } from '../providers/embedded';
import { createFinancialDatasetsProvider } from '../providers/financial-datasets';
import { createSecEdgarProvider } from '../providers/sec-edgar';
import type { CliProviderName } from './parse-args';
import type { CliProviderFactory } from './run-cli';

/** Factories by `--provider` name. */
export const defaultCliProviders: Readonly<Record<CliProviderName, CliProviderFactory>> = Object.freeze({
  embedded: () => createEmbeddedProvider(),
  sec: (env) => createSecEdgarProvider({ env }),
  financialdatasets: (env) => createFinancialDatasetsProvider({ env }),
});
