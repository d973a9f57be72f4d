/**
 * `@dexter/executor/terminal`: terminal UI pieces for hosts and the demo — an
 * `ApprovalPrompter` that asks `[y / session / always / n]` and a live progress renderer
 * for executor events.
 */
export { APPROVAL_QUESTION, formatApprovalRequest } from './terminal/approval-view';
export { formatDuration } from './terminal/format-duration';
export type { ProgressRenderer, ProgressRendererOptions } from './terminal/progress-renderer';
export { createProgressRenderer } from './terminal/progress-renderer';
export type { PromptAware, TerminalPrompterOptions } from './terminal/terminal-prompter';
export { createTerminalPrompter, parseApprovalAnswer } from './terminal/terminal-prompter';
export { hasHiddenCharacters, visibleText } from './terminal/visible-text';
