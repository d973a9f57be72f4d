/**
 * `read_filings`: a company's SEC filing list (10-K, 10-Q, 8-K, ...) with document URLs, in
 * the same one-query pattern; with an `accession` it returns that filing's document text
 * (cut at `maxChars`) where the provider can fetch documents.
 */
import { defineTool, type Tool } from '@dexter/registry';
import { z } from 'zod';
import { FinanceError } from '../errors';
import type { FilingDocument } from '../models';
import type { RoutePlan } from '../router/types';
import { callWithTimeout } from './abortable-call';
import type { MetaToolResult } from './execute-plan';
import { answerFinancialQuery, assertPlanHasCalls } from './get-financials';
import { type MetaToolOptions, resolveMetaToolOptions } from './meta-tool-options';
import { singleToolPlan } from './single-tool-plan';

/** Input of `read_filings`. */
export const readFilingsInputSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'the query is empty')
    .max(2000)
    .describe('Which company and which filings, e.g. "Apple 10-K filings" or "NVDA 8-Ks since 2025".'),
  accession: z
    .string()
    .trim()
    .regex(/^\d{10}-\d{2}-\d{6}$/, 'expected an accession number like 0000320193-25-000079')
    .optional()
    .describe(
      "Read this filing's primary document instead of listing filings (accession from a previous listing).",
    ),
  maxChars: z
    .number()
    .int()
    .min(500)
    .max(200_000)
    .optional()
    .describe('With accession: cut the document text at this many characters (default 20000).'),
});

/** Input of `read_filings`. */
export type ReadFilingsInput = z.output<typeof readFilingsInputSchema>;

/** What `read_filings` returns: a filing list, or one document with its text. */
export type ReadFilingsResult = MetaToolResult & { document?: FilingDocument };

/** Keeps the plan's filings calls and lists filings for every other ticker it names. */
export function filingsPlan(plan: RoutePlan): RoutePlan {
  return singleToolPlan(plan, 'filings', 10);
}

/**
 * Creates the `read_filings` tool.
 *
 * @example
 * ```ts
 * const tool = createReadFilingsTool({ provider: createSecEdgarProvider({ userAgent: 'Acme research ops@acme.example' }) });
 * // model calls read_filings({ query: 'latest Apple 10-K' }), then read_filings({ query: 'Apple', accession: '0000320193-25-000079' })
 * ```
 */
export function createReadFilingsTool(
  options: MetaToolOptions,
): Tool<typeof readFilingsInputSchema, ReadFilingsResult> {
  const resolved = resolveMetaToolOptions(options, 'createReadFilingsTool');
  const { provider } = resolved;
  return defineTool({
    name: 'read_filings',
    inputSchema: readFilingsInputSchema,
    description: [
      "Lists a company's SEC filings (10-K annual reports, 10-Q quarterly reports, 8-K current reports, proxies) with filing dates and document URLs, from a plain-language query.",
      'To read one filing, call again with its accession number; the document text comes back (cut at maxChars).',
      'Use get_financials for the numbers themselves; they are already extracted from these filings.',
    ].join(' '),
    compactDescription: 'SEC filings list with document URLs; read one filing by accession number',
    concurrencySafe: true,
    approval: 'allow',
    similarityKey: (input) => `${input.query}|${input.accession ?? ''}`,
    // The model reads the markdown (figures, notes, sources); hosts get the whole object.
    formatOutput: (result) => result.answer,
    available:
      options.available ??
      (() =>
        provider.capabilities.includes('getFilings') || `the ${provider.name} data source offers no filings`),
    async execute(input, context): Promise<ReadFilingsResult> {
      if (input.accession === undefined) {
        return answerFinancialQuery(input.query, resolved, context, {
          name: 'read_filings',
          adjustPlan: filingsPlan,
        });
      }
      context.progress({ message: 'Resolving tickers…', percent: 0 });
      const plan = filingsPlan(await resolved.router.route(input.query, { signal: context.signal }));
      assertPlanHasCalls(plan, input.query);
      const ticker = plan.calls[0]!.ticker;
      const getDocument = provider.getFilingDocument;
      if (!provider.capabilities.includes('getFilingDocument') || typeof getDocument !== 'function') {
        throw new FinanceError(
          'unsupported',
          `the ${provider.name} data source cannot fetch filing documents; use the URLs from the filing list`,
          {
            provider: provider.name,
          },
        );
      }
      context.progress({ message: `Fetching ${ticker} filing ${input.accession}…`, percent: 10 });
      const { data: document, warnings } = await callWithTimeout(
        (signal) =>
          getDocument.call(provider, {
            ticker,
            accession: input.accession,
            maxChars: input.maxChars ?? 20_000,
            signal,
          }),
        resolved.subCallTimeoutMs,
        context.signal,
      );
      context.progress({ message: 'Fetched 1/1', percent: 100 });
      const answer = [
        `## ${document.form} of ${document.ticker} (${document.accession})`,
        `Source: ${document.url}${document.truncated ? ' (text cut; raise maxChars to read further)' : ''}`,
        ...(warnings.length ? [`### Notes\n${warnings.map((note) => `- ${note}`).join('\n')}`] : []),
        '### Text',
        document.text,
      ].join('\n\n');
      return {
        answer,
        data: {},
        sources: [document.url],
        warnings,
        notes: [...warnings],
        failures: [],
        plan: { ...plan, calls: [] },
        stats: { calls: 1, requests: 1, cacheHits: 0 },
        document,
      };
    },
  });
}
