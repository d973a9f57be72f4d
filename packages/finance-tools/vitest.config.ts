import { projectConfig } from '../../vitest.shared';

export default projectConfig('finance-tools');
