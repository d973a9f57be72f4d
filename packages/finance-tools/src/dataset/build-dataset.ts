/**
 * Builds the embedded dataset from SEC files on disk (the `../shared/data/sec` layout),
 * through the SEC normalizer. Used by `scripts/build-dataset.ts` and by the drift test,
 * which rebuilds it and compares with the committed file.
 */
import { normalizeSecCompany } from '../sec/normalize-company';
import { readSecDirectory } from '../sec/read-sec-directory';
import { encodeDataset } from './encode';
import type { EmbeddedDataset } from './format';

/** First fiscal year embedded: FY2022 is kept so FY2023 growth and early TTM rows can be computed. */
export const EMBEDDED_FROM_FISCAL_YEAR = 2022;

/**
 * Reads `directory` and encodes every company in it (statements where companyfacts exist,
 * filing lists for all).
 *
 * @example
 * ```ts
 * const dataset = buildEmbeddedDataset('../shared/data/sec');
 * ```
 */
export function buildEmbeddedDataset(
  directory: string,
  fromFiscalYear = EMBEDDED_FROM_FISCAL_YEAR,
): EmbeddedDataset {
  const files = readSecDirectory(directory);
  const companies = files.companies.map((company) =>
    normalizeSecCompany(company.submissions, company.companyFacts, { fromFiscalYear }),
  );
  companies.sort((left, right) => left.profile.ticker.localeCompare(right.profile.ticker));
  return encodeDataset(companies, fromFiscalYear);
}

/**
 * Serializes the dataset deterministically: one line per row/filing tuple, objects
 * and nested arrays indented — small diffs when figures change.
 */
export function serializeDataset(dataset: EmbeddedDataset): string {
  const write = (value: unknown, indent: string): string => {
    if (Array.isArray(value)) {
      const plain = (entry: unknown) => entry === null || typeof entry !== 'object';
      if (value.every((entry) => plain(entry) || (Array.isArray(entry) && entry.every(plain)))) {
        return JSON.stringify(value);
      }
      if (value.length === 0) return '[]';
      const inner = `${indent}  `;
      return `[\n${value.map((entry) => inner + write(entry, inner)).join(',\n')}\n${indent}]`;
    }
    if (value !== null && typeof value === 'object') {
      const inner = `${indent}  `;
      const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
      return `{\n${entries.map(([key, entry]) => `${inner}${JSON.stringify(key)}: ${write(entry, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(value);
  };
  return `${write(dataset, '')}\n`;
}
