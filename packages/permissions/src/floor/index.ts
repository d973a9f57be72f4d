/**
 * The built-in floor: dangerous assignments, secret reads and environment dumps are denied
 * on every visible command, whatever the rules say.
 */

export { globCouldMatchSecret } from '../secrets/secret-globs';
export { isSecretPath } from '../secrets/secret-paths';
export { checkFloor, checkFloorNamed, FloorNames } from './check-floor';
export { checkAssignments, DANGEROUS_VARIABLES, isDangerousVariable } from './dangerous-variables';
export { checkEnvDump, isSecretVariableName } from './env-dump';
export { checkSecretReads, pathCandidates } from './secret-reads';
export type { FloorCheck, FloorViolation } from './types';
