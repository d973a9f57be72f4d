import { packageConfig } from '../../tsup.config';

export default packageConfig({
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
  openai: 'src/openai.ts',
  anthropic: 'src/anthropic.ts',
  // The error classes alone, without zod: what @dexter/permissions' hook binary loads.
  errors: 'src/errors.ts',
});
