/**
 * Renders an approval request as plain text for a terminal: the tool, the FULL command or
 * path (never truncated — the user approves exactly what runs), the engine's reason and
 * classification, the rule an "always" answer would save, and the input. Everything that
 * came from the model or a tool passes through `visibleText`, so hidden characters cannot
 * disguise what is being approved.
 */
import type { ApprovalRequest } from '../approval';
import { hasHiddenCharacters, visibleText } from './visible-text';

/** The question asked after the request is shown. */
export const APPROVAL_QUESTION = 'Allow? [y / session / always / n] ';

/** Input JSON longer than this is cut in the view (the command or path never is). */
const INPUT_PREVIEW_LIMIT = 4000;

function inputJson(input: unknown): string {
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line : `${prefix}${line}`))
    .join('\n');
}

/** The lines describing `request`, ending with a newline (the question is separate). */
export function formatApprovalRequest(request: ApprovalRequest): string {
  const lines: string[] = [];
  lines.push(`Approval needed: ${visibleText(request.tool)} (call ${visibleText(request.toolCallId)})`);
  if (request.toolDescription) lines.push(`  ${visibleText(request.toolDescription)}`);
  const subject = request.subject;
  const network = request.network;
  if (network !== undefined) {
    const port = network.port === undefined ? '' : `:${network.port}`;
    lines.push(`  connect:  ${visibleText(network.host)}${port} (from inside the sandbox)`);
  }
  let warnHidden = false;
  if (subject?.kind === 'shell') {
    lines.push(`  command:  ${visibleText(subject.command)}`);
    if (subject.cwd) lines.push(`  in:       ${visibleText(subject.cwd)}`);
    warnHidden = hasHiddenCharacters(subject.command);
  } else if (subject?.kind === 'file') {
    lines.push(`  ${subject.access === 'write' ? 'writes:' : 'reads: '}   ${visibleText(subject.path)}`);
    const file = request.file;
    if (file !== undefined) {
      const full = file.relative === undefined ? '' : ` (${visibleText(file.absolute)})`;
      lines.push(`  resolved: ${visibleText(file.relative ?? file.absolute)}${full}`);
    }
    warnHidden = hasHiddenCharacters(subject.path);
  }
  if (warnHidden) {
    lines.push('  WARNING:  it contains hidden or control characters (shown escaped above)');
  }
  const decision = request.decision;
  lines.push(`  reason:   ${visibleText(decision.reason)}`);
  if (decision.classification) lines.push(`  class:    ${decision.classification}`);
  const scope = request.scope;
  if (scope !== undefined) lines.push(`  session:  covers ${visibleText(scope.session)}`);
  const rules =
    scope?.alwaysRules ?? decision.proposedRules ?? (request.proposedRule ? [request.proposedRule] : []);
  if (rules.length > 0) {
    lines.push(`  always:   saves ${rules.map((rule) => visibleText(rule)).join(', ')}`);
  } else {
    lines.push('  always:   no rule proposed; acts like "session"');
  }
  // Pretty JSON's own line breaks stay line breaks; anything hidden inside a line is
  // escaped (JSON.stringify already writes newlines inside strings as \n).
  let json = inputJson(request.input).split('\n').map(visibleText).join('\n');
  if (subject && json.length > INPUT_PREVIEW_LIMIT) {
    json = `${json.slice(0, INPUT_PREVIEW_LIMIT)}… (${json.length - INPUT_PREVIEW_LIMIT} more characters)`;
  }
  lines.push(`  input:    ${indent(json, '            ')}`);
  return `${lines.join('\n')}\n`;
}
