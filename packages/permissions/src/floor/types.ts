/** The built-in floor's verdict shapes. */

/** Which floor check fired; the engine reports it as `matchedRule: builtin:<check>`. */
export type FloorCheck =
  | 'dangerous-assignment'
  | 'secret-read'
  | 'env-dump'
  | 'protected-write'
  | 'network-target';

/** Why a command is denied by the floor (no rule can override it). */
export interface FloorViolation {
  check: FloorCheck;
  /** A sentence the model can act on. */
  reason: string;
  /** The word, assignment or redirect that tripped the check. */
  detail: string;
}
