/**
 * A prompter that approves a call at once when it falls under one of the host's own rules
 * (say `Write(src/**)`), and asks the next prompter otherwise. It asks the engine whether a
 * call matches (`requestMatchesRule`) instead of comparing paths itself: `src/../package.json`
 * is not under `src/`, `./src/b.ts` is. The request also says what each answer covers.
 */
// #region rule-prompter
import type { ApprovalPrompter } from '@dexter/executor';
import { requestMatchesRule } from '@dexter/permissions';

export function approveUnderRules(
  rules: readonly string[],
  cwd: string,
  next: ApprovalPrompter,
): ApprovalPrompter {
  return {
    prompt(request) {
      const call = { tool: request.tool, input: request.input, cwd };
      const asked = request.subject === undefined ? call : { ...call, subject: request.subject };
      if (rules.some((rule) => requestMatchesRule(asked, rule, { cwd }))) return 'allow-once';
      // `request.file` is the path as the engine sees it (`relative`, `absolute`) beside the
      // model's `raw` text; `request.scope` says what "session" and "always" would cover.
      console.log(`${request.file?.relative ?? request.tool}: session covers ${request.scope?.session}`);
      return next.prompt(request);
    },
  };
}
// #endregion rule-prompter
