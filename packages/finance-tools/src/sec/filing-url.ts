/** Builds EDGAR archive URLs from a CIK and an accession number. */

/** `0000320193-25-000079` → `000032019325000079`. */
export function accessionDigits(accession: string): string {
  return accession.replace(/-/g, '');
}

/** Pads a CIK to the 10 digits the data.sec.gov APIs use. */
export function padCik(cik: number | string): string {
  return String(cik).replace(/^0+/, '').padStart(10, '0');
}

/**
 * The EDGAR filing index page, e.g.
 * `https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/0000320193-25-000079-index.htm`.
 */
export function filingIndexUrl(cik: number | string, accession: string): string {
  const cikNumber = String(Number(cik));
  return `https://www.sec.gov/Archives/edgar/data/${cikNumber}/${accessionDigits(accession)}/${accession}-index.htm`;
}

/** The primary document URL when its file name is known, else the filing index page. */
export function filingUrl(cik: number | string, accession: string, primaryDocument?: string | null): string {
  if (!primaryDocument) return filingIndexUrl(cik, accession);
  const cikNumber = String(Number(cik));
  return `https://www.sec.gov/Archives/edgar/data/${cikNumber}/${accessionDigits(accession)}/${primaryDocument}`;
}
