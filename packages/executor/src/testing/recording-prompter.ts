/**
 * `createRecordingPrompter`: an `ApprovalPrompter` that answers from a script and records
 * what it was asked — and how many prompts were open at once, so tests can prove prompts
 * are serialized.
 */
import type { ApprovalPrompter, ApprovalRequest, ApprovalResponse } from '../approval';

/** One scripted answer: a response, or a function computing one (it may throw or hang). */
export type ScriptedApproval =
  | ApprovalResponse
  | ((request: ApprovalRequest) => ApprovalResponse | Promise<ApprovalResponse> | unknown);

/** A prompter that records its requests. */
export interface RecordingPrompter extends ApprovalPrompter {
  /** Every request, in the order asked. */
  readonly requests: ApprovalRequest[];
  /** Prompts open right now. */
  readonly open: number;
  /** The most prompts ever open at once (1 when prompts are serialized). */
  readonly maxOpen: number;
}

/** Options of `createRecordingPrompter`. */
export interface RecordingPrompterOptions {
  /** The answer once the script is used up. Default `'deny'`. */
  fallback?: ScriptedApproval;
}

/**
 * @example
 * ```ts
 * const prompter = createRecordingPrompter(['allow-once', { decision: 'deny', message: 'no' }]);
 * const executor = createExecutor({ tools, approvals: prompter });
 * ```
 */
export function createRecordingPrompter(
  script: readonly ScriptedApproval[] = [],
  options: RecordingPrompterOptions = {},
): RecordingPrompter {
  const requests: ApprovalRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  let next = 0;
  return {
    requests,
    get open() {
      return open;
    },
    get maxOpen() {
      return maxOpen;
    },
    async prompt(request) {
      requests.push(request);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      try {
        const step = next < script.length ? script[next++] : (options.fallback ?? 'deny');
        const answer = typeof step === 'function' ? await step(request) : step;
        return answer as ApprovalResponse;
      } finally {
        open -= 1;
      }
    },
  };
}
