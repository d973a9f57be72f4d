/**
 * Loads the shipped SEC ticker list (`data/sec-tickers.json` at the package root). This module
 * sits one folder below the root both in the sources (`src/`) and in the build (`dist/`), so the
 * same relative path works in both; the file is read, not imported, so the build does not copy
 * it into its bundles (one 319 kB copy in the package, not one per output format).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { SecTickerListFile } from './providers/sec-ticker-list';

/** This module's URL, in the ESM sources/build (`import.meta.url`) and in the CJS build (`__filename`). */
function moduleUrl(): string {
  return typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url;
}

/** The compact SEC ticker list file. */
export async function loadSecTickerFile(): Promise<SecTickerListFile> {
  const text = await readFile(new URL('../data/sec-tickers.json', moduleUrl()), 'utf8');
  return JSON.parse(text) as SecTickerListFile;
}
