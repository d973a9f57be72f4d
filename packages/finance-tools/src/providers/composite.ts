/**
 * The composite provider: an ordered list of providers behind one port.
 *
 * Shape of results (for the meta-tools): every data method resolves to the usual
 * `ProviderResult` — `{ data, provider, warnings }` — where `provider` names the provider
 * that actually served the data and `warnings` explains every fall-through, e.g.
 *   "financial-datasets could not serve getIncomeStatements (unauthorized: …); served by sec-edgar".
 * Warnings are also passed to `onWarning` when given.
 *
 * For each call, the providers whose `capabilities` include the method are tried in
 * order. A provider failing with `unauthorized`, `payment_required`, `unsupported` or
 * `offline` (configurable: `fallThroughOn`) hands over to the next; any other error
 * (`not_found`, `rate_limited`, `timeout`, `aborted`, …) is the answer and is thrown as
 * is. When every candidate fell through, the last error is thrown with the whole story
 * in its message and `details.attempts`. `resolveTicker` also moves on when a provider
 * does not know the name.
 */
import { FinanceError, type FinanceErrorCode } from '../errors';
import type { CompanyRef } from '../models';
import {
  FINANCIAL_CAPABILITIES,
  type FinancialCapability,
  type FinancialDataProvider,
  type ProviderResult,
  supports,
} from '../provider';

/** Codes that make the composite try the next provider. */
export const DEFAULT_FALL_THROUGH_CODES: readonly FinanceErrorCode[] = [
  'unauthorized',
  'payment_required',
  'unsupported',
  'offline',
];

/** Options of `createCompositeProvider`. */
export interface CompositeProviderOptions {
  /** In order of preference, e.g. `[financialDatasets, secEdgar, embedded]`. */
  providers: readonly FinancialDataProvider[];
  /** Default `DEFAULT_FALL_THROUGH_CODES`. */
  fallThroughOn?: readonly FinanceErrorCode[];
  /** Also told about each warning as it happens. */
  onWarning?: (warning: string) => void;
  /** Default `composite`. */
  name?: string;
}

/** One failed attempt, kept in `details.attempts` of the final error. */
export interface CompositeAttempt {
  provider: string;
  code: string;
  message: string;
}

type DataCapability = Exclude<FinancialCapability, 'resolveTicker'>;
type AnyRequest = { signal?: AbortSignal };
type DataMethod = (request: AnyRequest) => Promise<ProviderResult<unknown>>;

/**
 * Creates a composite provider.
 *
 * @example
 * ```ts
 * const provider = createCompositeProvider({
 *   providers: [createFinancialDatasetsProvider(), createEmbeddedProvider()],
 * });
 * const { data, provider: servedBy, warnings } = await provider.getIncomeStatements!({ ticker: 'AAPL', period: 'annual' });
 * ```
 */
export function createCompositeProvider(options: CompositeProviderOptions): FinancialDataProvider {
  const providers = [...options.providers];
  if (providers.length === 0) throw new TypeError('createCompositeProvider needs at least one provider');
  const fallThrough = new Set(options.fallThroughOn ?? DEFAULT_FALL_THROUGH_CODES);
  const name = options.name ?? 'composite';
  const capabilities = FINANCIAL_CAPABILITIES.filter((capability) =>
    providers.some((provider) => supports(provider, capability)),
  );

  const warn = (warnings: string[], warning: string) => {
    warnings.push(warning);
    options.onWarning?.(warning);
  };

  const exhausted = (capability: string, attempts: CompositeAttempt[], last: FinanceError): FinanceError => {
    const story = attempts
      .map((attempt) => `${attempt.provider}: ${attempt.code} (${attempt.message})`)
      .join('; ');
    return new FinanceError(last.code, `No provider could serve ${capability} — ${story}`, {
      provider: last.provider,
      status: last.status,
      retryAfterMs: last.retryAfterMs,
      cause: last,
      details: { attempts },
    });
  };

  const call = async (capability: DataCapability, request: AnyRequest): Promise<ProviderResult<unknown>> => {
    const candidates = providers.filter((provider) => supports(provider, capability));
    if (candidates.length === 0) {
      throw new FinanceError(
        'unsupported',
        `None of ${providers.map((p) => p.name).join(', ')} offers ${capability}`,
        {
          provider: name,
        },
      );
    }
    const warnings: string[] = [];
    const attempts: CompositeAttempt[] = [];
    let last: FinanceError | undefined;
    for (const provider of candidates) {
      if (request.signal?.aborted) {
        throw new FinanceError('aborted', 'The request was aborted', {
          provider: name,
          cause: request.signal.reason,
        });
      }
      try {
        const method = provider[capability] as unknown as DataMethod;
        const result = await method.call(provider, request);
        if (attempts.length > 0) {
          const skipped = attempts.map((attempt) => `${attempt.provider} (${attempt.code})`).join(', ');
          warn(warnings, `${skipped} could not serve ${capability}; served by ${result.provider}`);
        }
        return { data: result.data, provider: result.provider, warnings: [...warnings, ...result.warnings] };
      } catch (error) {
        if (!FinanceError.isInstance(error) || !fallThrough.has(error.code)) throw error;
        attempts.push({ provider: provider.name, code: error.code, message: error.message });
        last = error;
      }
    }
    throw exhausted(capability, attempts, last as FinanceError);
  };

  const composite: FinancialDataProvider = { name, capabilities };
  const target = composite as unknown as Record<string, unknown>;
  for (const capability of capabilities) {
    if (capability === 'resolveTicker') continue;
    target[capability] = (request: AnyRequest) => call(capability, request);
  }
  if (capabilities.includes('resolveTicker')) {
    composite.resolveTicker = async (request): Promise<CompanyRef | undefined> => {
      for (const provider of providers.filter((candidate) => supports(candidate, 'resolveTicker'))) {
        try {
          const found = await provider.resolveTicker?.(request);
          if (found) return found;
        } catch (error) {
          if (!FinanceError.isInstance(error) || !fallThrough.has(error.code)) throw error;
          options.onWarning?.(`${provider.name} could not resolve "${request.query}" (${error.code})`);
        }
      }
      return undefined;
    };
  }
  return composite;
}
