/** The classifier's three verdicts. */
import type { ClassificationResult } from './types';

/** A read-only verdict. */
export function readOnly(reason: string): ClassificationResult {
  return { classification: 'read-only', reason };
}

/** A mutating verdict naming the flag or operand responsible. */
export function mutating(reason: string, flag?: string): ClassificationResult {
  return flag === undefined
    ? { classification: 'mutating', reason }
    : { classification: 'mutating', reason, flag };
}

/** An unknown verdict (never auto-allowed). */
export function unknown(reason: string, flag?: string): ClassificationResult {
  return flag === undefined
    ? { classification: 'unknown', reason }
    : { classification: 'unknown', reason, flag };
}
