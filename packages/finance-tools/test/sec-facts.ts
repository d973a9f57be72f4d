/**
 * Raw SEC companyfacts records from the shared data, for tests that check our figures
 * against what was filed (never against our own output). Callers skip when
 * `hasSharedSecData` is false.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_SEC_DIRECTORY } from './shared-data';

/** The CIKs of the companies whose companyfacts are in the shared data. */
export const SHARED_CIKS: Readonly<Record<string, string>> = {
  AAPL: '0000320193',
  NVDA: '0001045810',
  GOOGL: '0001652044',
  AMD: '0000002488',
  PG: '0000080424',
};

/** One companyfacts record, verbatim. */
export interface RawRecord {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
  frame?: string;
}

const cache = new Map<
  string,
  { facts: Record<string, Record<string, { units: Record<string, RawRecord[]> }>> }
>();

function facts(ticker: string) {
  let loaded = cache.get(ticker);
  if (!loaded) {
    const cik = SHARED_CIKS[ticker];
    if (!cik) throw new Error(`no shared companyfacts for ${ticker}`);
    loaded = JSON.parse(
      readFileSync(path.join(SHARED_SEC_DIRECTORY, 'companyfacts', `CIK${cik}.json`), 'utf8'),
    );
    cache.set(ticker, loaded as never);
  }
  return loaded as NonNullable<typeof loaded>;
}

/** Every record of `us-gaap:concept` in `unit`. */
export function records(ticker: string, concept: string, unit = 'USD'): RawRecord[] {
  return facts(ticker).facts['us-gaap']?.[concept]?.units[unit] ?? [];
}

/**
 * The value filed for exactly `start`..`end` (or the instant `end`): the first-filed record,
 * or with `latest` the latest-filed one. Throws when no record matches.
 */
export function filed(
  ticker: string,
  concept: string,
  start: string | undefined,
  end: string,
  options: { unit?: string; latest?: boolean } = {},
): number {
  const matching = records(ticker, concept, options.unit ?? 'USD')
    .filter((record) => record.start === start && record.end === end && /^10-[KQ]/.test(record.form))
    .sort((left, right) => left.filed.localeCompare(right.filed));
  const record = options.latest ? matching[matching.length - 1] : matching[0];
  if (!record) throw new Error(`no ${ticker} ${concept} record for ${start ?? ''}..${end}`);
  return record.val;
}
