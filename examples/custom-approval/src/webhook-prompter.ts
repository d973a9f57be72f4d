/**
 * A custom `ApprovalPrompter`. The executor calls it only for decisions that came out
 * "ask" (the engine's denials never reach it), one prompt at a time:
 * - calls the engine classified `read-only` are approved at once;
 * - everything else is POSTed as JSON to an approval webhook, which answers
 *   `{ "approved": true | false, "message"?: string }`;
 * - a webhook that fails — network error, timeout, non-2xx status, a body that is not that
 *   JSON — denies the call (fail closed), and says why in the model-visible message.
 */
// #region prompter
import type { ApprovalPrompter, ApprovalRequest, ApprovalResponse } from '@dexter/executor';

export interface WebhookPrompterOptions {
  /** Where approval requests are POSTed. */
  url: string;
  /** Give up (and deny) after this long. Default 5 s. */
  timeoutMs?: number;
  /** Injectable for tests and proxies. Default: global `fetch`. */
  fetch?: typeof fetch;
}

/** The JSON body the webhook receives. */
export interface WebhookApprovalRequest {
  toolCallId: string;
  tool: string;
  input: unknown;
  reason: string;
  classification: string;
  subject?: ApprovalRequest['subject'];
}

export function createWebhookPrompter(options: WebhookPrompterOptions): ApprovalPrompter {
  const send = options.fetch ?? fetch;
  return {
    async prompt(request): Promise<ApprovalResponse> {
      if (request.decision.classification === 'read-only') return 'allow-once';

      const body: WebhookApprovalRequest = {
        toolCallId: request.toolCallId,
        tool: request.tool,
        input: request.input,
        reason: request.decision.reason,
        classification: request.decision.classification ?? 'unknown',
        ...(request.subject ? { subject: request.subject } : {}),
      };
      try {
        const response = await send(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          // Closes the request when the run is cancelled or the webhook is too slow.
          signal: AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs ?? 5_000)]),
        });
        if (!response.ok) return denied(`the approval webhook answered HTTP ${response.status}`);
        const answer = (await response.json()) as { approved?: unknown; message?: unknown };
        if (typeof answer?.approved !== 'boolean')
          return denied('the approval webhook sent no "approved" field');
        const message = typeof answer.message === 'string' ? answer.message : undefined;
        if (answer.approved) return { decision: 'allow-once', ...(message ? { message } : {}) };
        return { decision: 'deny', message: message ?? 'Denied by the approval webhook.' };
      } catch (error) {
        return denied(
          `the approval webhook failed (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    },
  };
}

function denied(why: string): ApprovalResponse {
  return { decision: 'deny', message: `Not approved: ${why}.` };
}
// #endregion prompter
