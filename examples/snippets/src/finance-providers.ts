/** Snippet for docs/guides/finance-tools.md: a production provider with fallbacks. */
// #region providers
import {
  createCompositeProvider,
  createEmbeddedProvider,
  createFinancialDatasetsProvider,
  createSecEdgarProvider,
  type FinancialDataProvider,
} from '@dexter/finance-tools';

/**
 * Live data where it is configured, the embedded dataset otherwise. A provider that is
 * unauthorized, unpaid, unsupported or offline hands over to the next, and the result's
 * warnings say so.
 */
export function productionProvider(env = process.env): FinancialDataProvider {
  const providers: FinancialDataProvider[] = [];
  if (env.FINANCIAL_DATASETS_API_KEY) providers.push(createFinancialDatasetsProvider({ env }));
  if (env.SEC_USER_AGENT) providers.push(createSecEdgarProvider({ env })); // "Acme Research ops@acme.com"
  providers.push(createEmbeddedProvider());
  return createCompositeProvider({ providers });
}
// #endregion providers
