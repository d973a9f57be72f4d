/**
 * Regenerates `src/dataset/embedded-data.generated.json` from SEC EDGAR files on disk.
 *
 *   node --import tsx packages/finance-tools/scripts/build-dataset.ts [SEC_DIRECTORY]
 *
 * SEC_DIRECTORY defaults to `<repo>/../shared/data/sec` (companyfacts/, submissions/,
 * reference/). The output is the project's own compact format (see src/dataset/format.ts);
 * the drift test fails when the committed file differs from a fresh build.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEmbeddedDataset, serializeDataset } from '../src/dataset/build-dataset';
import { compactTickerList } from '../src/providers/sec-ticker-list';
import { readSecDirectory } from '../src/sec/read-sec-directory';

const here = path.dirname(fileURLToPath(import.meta.url));
const directory = path.resolve(process.argv[2] ?? path.join(here, '../../../../shared/data/sec'));
const output = path.join(here, '../src/dataset/embedded-data.generated.json');

const dataset = buildEmbeddedDataset(directory);
const text = serializeDataset(dataset);
writeFileSync(output, text);
const summary = dataset.companies
  .map(
    (company) =>
      `${company.ticker}${company.statements ? `(${company.statements.income.rows.length} rows)` : ''}`,
  )
  .join(' ');
console.log(
  `wrote ${path.relative(process.cwd(), output)} (${(text.length / 1024).toFixed(0)} kB): ${summary}`,
);

// The full SEC ticker list, compact (see src/providers/sec-ticker-list.ts).
const tickerOutput = path.join(here, '../data/sec-tickers.json');
const tickerList = compactTickerList(readSecDirectory(directory).tickers as never);
const tickerText = `${JSON.stringify(tickerList, null, 2)}\n`;
writeFileSync(tickerOutput, tickerText);
console.log(
  `wrote ${path.relative(process.cwd(), tickerOutput)} (${(tickerText.length / 1024).toFixed(0)} kB): ${tickerList.count} tickers`,
);
