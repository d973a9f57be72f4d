import { packageConfig } from '../../tsup.config';

// The SEC ticker list ships once, as data/sec-tickers.json, read at run time (src/sec-ticker-file.ts).
export default packageConfig({
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
  cli: 'src/cli.ts',
});
