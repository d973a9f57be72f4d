/**
 * Reads SEC EDGAR JSON files saved on disk in the layout of `../shared/data/sec`:
 * `companyfacts/CIK##########.json`, `submissions/CIK##########.json` and
 * `reference/company_tickers.json`. Used by the dataset build script and by tests; not
 * part of the runtime providers (which never touch the disk).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { padCik } from './filing-url';
import type { SecCompanyFacts, SecCompanyTickers, SecSubmissions } from './types';

/** The SEC files of one company found in a directory. */
export interface SecCompanyFiles {
  cik: string;
  submissions: SecSubmissions;
  /** Absent when only submissions were captured (e.g. MSFT, AMZN in the shared data). */
  companyFacts?: SecCompanyFacts;
}

/** Everything read from an SEC directory. */
export interface SecDirectory {
  companies: SecCompanyFiles[];
  tickers: SecCompanyTickers;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Reads every company in `directory` (one per submissions file), sorted by CIK. */
export function readSecDirectory(directory: string): SecDirectory {
  const submissionsDirectory = path.join(directory, 'submissions');
  const companies = readdirSync(submissionsDirectory)
    .filter((name) => /^CIK\d{10}\.json$/.test(name))
    .sort()
    .map((name): SecCompanyFiles => {
      const cik = padCik(name.slice(3, 13));
      const factsFile = path.join(directory, 'companyfacts', name);
      const files: SecCompanyFiles = { cik, submissions: readJson(path.join(submissionsDirectory, name)) };
      if (existsSync(factsFile)) files.companyFacts = readJson(factsFile);
      return files;
    });
  return { companies, tickers: readJson(path.join(directory, 'reference', 'company_tickers.json')) };
}
