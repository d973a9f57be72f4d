import { packageConfig } from '../../tsup.config';

export default packageConfig({
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
  terminal: 'src/terminal.ts',
});
