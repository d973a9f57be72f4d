import { packageConfig } from '../../tsup.config';

export default packageConfig({ index: 'src/index.ts' });
