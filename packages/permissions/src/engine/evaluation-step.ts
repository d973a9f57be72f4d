/**
 * The steps of a shell evaluation, in the order of DESIGN §5, as recorded for `explain`.
 */

/** Names of the evaluation steps, in order. */
export type EvaluationStepName =
  | 'input'
  | 'floor'
  | 'deny-rules'
  | 'opaque'
  | 'ask-rules'
  | 'allow-rules'
  | 'read-only-mode'
  | 'default';

/** One step as it ran: `decided` is true for the step that produced the decision. */
export interface EvaluationStep {
  readonly step: EvaluationStepName;
  readonly decided: boolean;
  /** What the step saw (per-command notes joined into one line). */
  readonly detail: string;
}
