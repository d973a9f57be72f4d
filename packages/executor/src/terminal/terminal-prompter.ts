/**
 * `createTerminalPrompter`: an `ApprovalPrompter` that asks in the terminal,
 * `[y / session / always / n]`. It fails closed: end of input, an abort, a non-interactive
 * stdin or too many unreadable answers all mean "deny". `always` answers `allow-always`;
 * the executor then persists the proposed rule through the permission engine's rule store.
 */
import type { Readable, Writable } from 'node:stream';
import type { ApprovalDecision, ApprovalPrompter, ApprovalRequest, ApprovalResponse } from '../approval';
import { APPROVAL_QUESTION, formatApprovalRequest } from './approval-view';
import { createLineReader, type LineReader } from './line-reader';

/** Something to pause while a prompt is on screen (e.g. a `ProgressRenderer`). */
export interface PromptAware {
  suspend(): void;
  resume(): void;
}

/** Options of `createTerminalPrompter`. */
export interface TerminalPrompterOptions {
  /**
   * Where answers come from. Default `process.stdin`, used only when it is a TTY and `CI`
   * is not set; an explicit stream (piped answers, `Readable.from(['y\n'])`) is always used.
   */
  input?: Readable;
  /** Where the question goes. Default `process.stderr` (keeps stdout clean for results). */
  output?: Writable;
  /** Environment for the `CI` check. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Paused while a prompt is shown, so live progress lines do not overwrite it. */
  progress?: PromptAware;
  /** Unreadable answers accepted before giving up with a deny. Default 5. */
  maxAttempts?: number;
}

const ANSWERS: Readonly<Record<string, ApprovalDecision>> = {
  y: 'allow-once',
  yes: 'allow-once',
  s: 'allow-session',
  session: 'allow-session',
  a: 'allow-always',
  always: 'allow-always',
  n: 'deny',
  no: 'deny',
};

/** Reads one typed answer; `undefined` for anything unrecognized. */
export function parseApprovalAnswer(text: string): ApprovalDecision | undefined {
  return ANSWERS[text.trim().toLowerCase()];
}

function isInteractive(options: TerminalPrompterOptions): boolean {
  if (options.input) return true;
  const env = options.env ?? process.env;
  const ci = env.CI;
  if (ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false') return false;
  return process.stdin.isTTY === true;
}

/**
 * @example
 * ```ts
 * import { createTerminalPrompter, createProgressRenderer } from '@dexter/executor/terminal';
 *
 * const progress = createProgressRenderer({ output: process.stderr });
 * const executor = createExecutor({ tools, permissions, approvals: createTerminalPrompter({ progress }) });
 * // Unattended: answer every prompt with "y" from a fixed script.
 * const scripted = createTerminalPrompter({ input: Readable.from(['y\n', 'n\n']) });
 * ```
 */
export function createTerminalPrompter(options: TerminalPrompterOptions = {}): ApprovalPrompter {
  const output = options.output ?? process.stderr;
  const maxAttempts = options.maxAttempts ?? 5;
  const echo = options.input !== undefined && (options.input as { isTTY?: boolean }).isTTY !== true;
  let reader: LineReader | undefined;

  const write = (text: string) => {
    output.write(text);
  };

  async function ask(request: ApprovalRequest): Promise<ApprovalResponse> {
    write(formatApprovalRequest(request));
    if (!isInteractive(options)) {
      write(`Denied ${request.tool}: no interactive terminal to ask (stdin is not a TTY, or CI is set).\n`);
      return {
        decision: 'deny',
        message: 'Not approved: the user could not be asked (non-interactive session).',
      };
    }
    reader ??= createLineReader(options.input ?? process.stdin);
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      write(APPROVAL_QUESTION);
      const line = await reader.read(request.signal);
      if (line === null) {
        write(request.signal.aborted ? '\nCancelled.\n' : '\nNo answer (end of input): denied.\n');
        return { decision: 'deny', message: 'Not approved: no answer from the user.' };
      }
      if (echo) write(`${line}\n`);
      const decision = parseApprovalAnswer(line);
      if (decision) return decision;
      write('Please answer y (once), s (session), a (always) or n (no).\n');
    }
    write(`No valid answer after ${maxAttempts} attempts: denied.\n`);
    return { decision: 'deny', message: 'Not approved: no valid answer from the user.' };
  }

  return {
    async prompt(request) {
      options.progress?.suspend();
      try {
        return await ask(request);
      } finally {
        options.progress?.resume();
      }
    },
  };
}
