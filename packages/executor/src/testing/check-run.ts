/**
 * `checkRunEvents`: the executor's promises about one run, as a checker a test (or a host's
 * own red team) can call on what it saw — one `tool_result` per call, last for its call, in
 * call order, equal to the results; each call's events in a legal order (see
 * docs/reference/events.md, "Sequences per call"); no batch overlap; at most one approval
 * prompt open at a time; `sequence` numbers 0, 1, 2, … in delivery order.
 */
import type { ExecutorEvent, ExecutorEventType } from '../events';
import type { ToolResult } from '../tool-result';

const LETTER: Record<ExecutorEventType, string> = {
  tool_approval_request: 'R',
  tool_approval: 'A',
  tool_limit: 'L',
  tool_start: 'S',
  tool_progress: 'P',
  tool_end: 'E',
  tool_error: 'X',
  tool_denied: 'D',
  tool_result: 'T',
};

/**
 * Every legal per-call sequence, one letter per event type (R approval request, A approval,
 * L limit, S start, P progress, E end, X error, D denied, T result). The gate part (an
 * approval asked, answered, or granted by the session) comes first; then a denial, an
 * error (invalid or unknown call, or an edited input that fails validation), or soft-limit
 * notes and an execution — any of which an abort can cut short — and always the result.
 */
export const LEGAL_CALL_SEQUENCE = /^(?:R|RA|A)?(?:D|X|L*(?:SP*EX?)?)T$/;

/** The letters of a call's events (see `LEGAL_CALL_SEQUENCE`). */
export function sequenceLetters(events: readonly ExecutorEvent[]): string {
  let letters = '';
  for (const event of events) letters += LETTER[event.type] ?? '?';
  return letters;
}

/** Options of `checkRunEvents`. */
export interface CheckRunOptions {
  /** Check that `sequence` numbers are 0, 1, 2, … in the order given (default true). */
  sequence?: boolean;
}

/**
 * Returns the broken promises (empty when the run kept all of them). `events` are one run's
 * events in delivery order; `callCount` the length of its `calls` array.
 *
 * @example
 * ```ts
 * const events: ExecutorEvent[] = [];
 * const results = await executor.execute(calls, { onEvent: (event) => events.push(event) });
 * expect(checkRunEvents(calls.length, events, results)).toEqual([]);
 * ```
 */
export function checkRunEvents(
  callCount: number,
  events: readonly ExecutorEvent[],
  results: readonly ToolResult[],
  options: CheckRunOptions = {},
): string[] {
  const problems: string[] = [];
  if (results.length !== callCount) problems.push(`${results.length} results for ${callCount} calls`);
  const perCall: ExecutorEvent[][] = Array.from({ length: callCount }, () => []);
  let nextResult = 0;
  let openPrompt: number | undefined;
  const running = new Map<number, number>(); // index → batch
  events.forEach((event, position) => {
    if (options.sequence !== false && event.sequence !== position) {
      problems.push(`event ${position} (${event.type}) has sequence ${event.sequence}`);
    }
    const { index } = event;
    if (!Number.isInteger(index) || index < 0 || index >= callCount) {
      problems.push(`event ${position} (${event.type}) names call index ${index}`);
      return;
    }
    perCall[index]!.push(event);
    switch (event.type) {
      case 'tool_result':
        if (index !== nextResult)
          problems.push(`tool_result of call ${index} came when call ${nextResult} was due`);
        nextResult = Math.max(nextResult, index + 1);
        if (results[index] !== undefined && event.result !== results[index]) {
          problems.push(`tool_result of call ${index} differs from results[${index}]`);
        }
        if (openPrompt === index) openPrompt = undefined;
        running.delete(index);
        break;
      case 'tool_approval_request':
        if (openPrompt !== undefined) {
          problems.push(`call ${index} asked for approval while call ${openPrompt}'s prompt was open`);
        }
        openPrompt = index;
        break;
      case 'tool_approval':
      case 'tool_denied':
        if (openPrompt === index) openPrompt = undefined;
        break;
      case 'tool_start':
        for (const [other, batch] of running) {
          if (batch !== event.batch) {
            problems.push(
              `call ${index} (batch ${event.batch}) started while call ${other} (batch ${batch}) ran`,
            );
          }
        }
        running.set(index, event.batch);
        break;
      case 'tool_end':
        running.delete(index);
        break;
    }
  });
  perCall.forEach((own, index) => {
    const letters = sequenceLetters(own);
    const results = own.filter((event) => event.type === 'tool_result').length;
    if (results !== 1) problems.push(`call ${index} has ${results} tool_result events`);
    else if (!LEGAL_CALL_SEQUENCE.test(letters))
      problems.push(`call ${index} has an illegal sequence ${letters}`);
    const end = own.find((event) => event.type === 'tool_end');
    const result = own.find((event) => event.type === 'tool_result');
    if (end?.type === 'tool_end' && result?.type === 'tool_result' && end.status !== result.result.status) {
      problems.push(`call ${index} ended ${end.status} but its result is ${result.result.status}`);
    }
  });
  return problems;
}
