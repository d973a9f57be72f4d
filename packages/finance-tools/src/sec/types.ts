/**
 * The raw shapes of the SEC EDGAR JSON APIs we read (only the fields we use):
 * `companyfacts` (data.sec.gov/api/xbrl/companyfacts/CIK##########.json),
 * `submissions` (data.sec.gov/submissions/CIK##########.json) and the ticker map
 * (www.sec.gov/files/company_tickers.json).
 */

/** One reported value of one XBRL concept. `fy`/`fp` describe the FILING, not the period. */
export interface SecFactRecord {
  /** Period start `YYYY-MM-DD`; absent for instants (balance-sheet dates). */
  start?: string;
  end: string;
  val: number;
  /** Accession number of the filing that reported it. */
  accn: string;
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  /** SEC's calendar frame (`CY2024Q3`), present on the value SEC picked for that frame. */
  frame?: string;
}

/** One concept: its label and its records per unit (`USD`, `USD/shares`, `shares`). */
export interface SecConcept {
  label?: string | null;
  units: Record<string, SecFactRecord[]>;
}

/** The `companyfacts` payload. */
export interface SecCompanyFacts {
  cik: number | string;
  entityName: string;
  facts: Record<string, Record<string, SecConcept>>;
}

/** The columnar `filings.recent` block of `submissions`. */
export interface SecRecentFilings {
  accessionNumber: string[];
  filingDate: string[];
  reportDate?: string[];
  form: string[];
  items?: string[];
  primaryDocument?: string[];
  primaryDocDescription?: string[];
}

/** The `submissions` payload. */
export interface SecSubmissions {
  cik: string;
  name: string;
  tickers?: string[];
  /** `MMDD` of the nominal fiscal year end, e.g. `0926` for Apple. */
  fiscalYearEnd?: string | null;
  formerNames?: { name: string }[];
  filings: { recent: SecRecentFilings };
}

/** The `company_tickers.json` payload: `{"0": {cik_str, ticker, title}, ...}`. */
export type SecCompanyTickers = Record<string, { cik_str: number; ticker: string; title: string }>;
