/**
 * `createProgressRenderer`: shows executor events in a terminal. While calls run, each has
 * one live line (tool, latest progress message, percent, elapsed time); when a call ends
 * its line is replaced by a permanent one with its status and duration.
 *
 * - TTY: the live block is redrawn in place with ANSI cursor movement (no timers: it
 *   redraws on events only). Live lines are cut to the terminal width so the redraw
 *   arithmetic holds.
 * - Not a TTY (CI logs, pipes): append-only plain lines, no escape codes; repeated
 *   progress messages are skipped and each call prints at most `maxProgressLines`.
 *
 * Tool-provided text (progress messages, errors) goes through `visibleText`, so a tool
 * cannot move the cursor or recolor the screen.
 */
import type { Writable } from 'node:stream';
import type { ExecutorEvent } from '../events';
import type { ToolResult } from '../tool-result';
import { truncateToWidth } from './display-width';
import { formatDuration } from './format-duration';
import type { PromptAware } from './terminal-prompter';
import { visibleText } from './visible-text';

/** Options of `createProgressRenderer`. */
export interface ProgressRendererOptions {
  /** Default `process.stderr`. */
  output?: Writable;
  /** Redraw in place. Default: `output.isTTY`. */
  isTTY?: boolean;
  /** Terminal width for live lines. Default: `output.columns` or 80. */
  columns?: number;
  /** Milliseconds clock for elapsed times. Default `Date.now`. */
  now?: () => number;
  /** Non-TTY mode: progress lines printed per call at most. Default 20. */
  maxProgressLines?: number;
}

/** Consumes executor events and draws them. */
export interface ProgressRenderer extends PromptAware {
  /** Handles one event; pass it as `onEvent` to `executor.execute`. */
  handle(event: ExecutorEvent): void;
  /** Handles every event of `executor.stream(...)` until it ends. */
  consume(events: AsyncIterable<ExecutorEvent>): Promise<void>;
  /** Ends the live block (calls still running stay as printed). */
  finish(): void;
}

interface LiveCall {
  name: string;
  toolCallId: string;
  startedAt: number;
  message: string;
  percent: number | undefined;
  lastPrinted: string | undefined;
  printedProgress: number;
}

const SYMBOL: Readonly<Record<ToolResult['status'], string>> = {
  ok: '✓',
  error: '✗',
  invalid_input: '✗',
  unknown_tool: '✗',
  denied: '⊘',
  cancelled: '⊘',
  timeout: '⏱',
};

function oneLine(text: string): string {
  return visibleText(text.replace(/\s*\n\s*/g, ' ').trim());
}

/**
 * @example
 * ```ts
 * const progress = createProgressRenderer({ output: process.stderr });
 * const results = await executor.execute(calls, { onEvent: progress.handle });
 * progress.finish();
 * ```
 */
export function createProgressRenderer(options: ProgressRendererOptions = {}): ProgressRenderer {
  const output = options.output ?? process.stderr;
  const tty = options.isTTY ?? (output as { isTTY?: boolean }).isTTY === true;
  const now = options.now ?? Date.now;
  const maxProgressLines = options.maxProgressLines ?? 20;
  const columns = () => Math.max(20, options.columns ?? (output as { columns?: number }).columns ?? 80);
  const live = new Map<string, LiveCall>();
  let linesOnScreen = 0;
  let suspended = 0;

  const keyOf = (event: ExecutorEvent) => `${event.runId}#${event.index}`;

  const liveLine = (call: LiveCall): string => {
    const percent = call.percent === undefined ? '' : ` ${Math.round(call.percent)}%`;
    const message = call.message ? `  ${call.message}` : '';
    const text = `… ${call.name}${message}${percent} (${formatDuration(now() - call.startedAt)})`;
    return truncateToWidth(text, columns() - 1);
  };

  /** TTY: erases the live block and writes `permanent` lines, then the live block again. */
  const redraw = (permanent: string[] = []) => {
    let text = '';
    if (linesOnScreen > 0) text += `\u001b[${linesOnScreen}F\u001b[0J`;
    for (const line of permanent) text += `${line}\n`;
    linesOnScreen = 0;
    if (suspended === 0) {
      for (const call of live.values()) {
        text += `${liveLine(call)}\n`;
        linesOnScreen += 1;
      }
    }
    if (text) output.write(text);
  };

  const pending: string[] = [];
  /** Writes a permanent line, or holds it back while a prompt is on screen. */
  const append = (line: string) => {
    if (suspended > 0) pending.push(line);
    else if (tty) redraw([line]);
    else output.write(`${line}\n`);
  };

  const finalLine = (result: ToolResult, name: string): string => {
    const duration = result.durationMs > 0 ? ` in ${formatDuration(result.durationMs)}` : '';
    const why = result.status === 'ok' ? '' : `: ${oneLine(result.error?.message ?? result.content)}`;
    return `${SYMBOL[result.status]} ${name} ${result.status}${duration}${why}`;
  };

  const handle = (event: ExecutorEvent): void => {
    switch (event.type) {
      case 'tool_start': {
        const call: LiveCall = {
          name: visibleText(event.name),
          toolCallId: event.toolCallId,
          startedAt: now(),
          message: '',
          percent: undefined,
          lastPrinted: undefined,
          printedProgress: 0,
        };
        live.set(keyOf(event), call);
        if (tty) {
          if (suspended === 0) redraw();
        } else append(`→ ${call.name} started (${visibleText(event.toolCallId)})`);
        break;
      }
      case 'tool_progress': {
        const call = live.get(keyOf(event));
        if (!call) break;
        call.message = oneLine(event.message);
        call.percent = event.percent;
        if (tty) {
          if (suspended === 0) redraw();
          break;
        }
        const percent = event.percent === undefined ? '' : ` ${Math.round(event.percent)}%`;
        const line = `  ${call.name}: ${call.message}${percent}`;
        if (line === call.lastPrinted) break;
        call.printedProgress += 1;
        if (call.printedProgress <= maxProgressLines) {
          call.lastPrinted = line;
          append(line);
        } else if (call.printedProgress === maxProgressLines + 1) {
          append(`  ${call.name}: (further progress not shown)`);
        }
        break;
      }
      case 'tool_result': {
        const key = keyOf(event);
        const call = live.get(key);
        live.delete(key);
        append(finalLine(event.result, call?.name ?? visibleText(event.result.name)));
        break;
      }
      default:
        break;
    }
  };

  const renderer: ProgressRenderer = {
    handle,
    async consume(events) {
      for await (const event of events) handle(event);
      renderer.finish();
    },
    finish() {
      if (tty && linesOnScreen > 0) {
        // Leave running calls' last state on screen as plain lines.
        linesOnScreen = 0;
      }
      live.clear();
    },
    suspend() {
      suspended += 1;
      if (tty && suspended === 1) redraw();
    },
    resume() {
      if (suspended === 0) return;
      suspended -= 1;
      if (suspended > 0) return;
      const held = pending.splice(0, pending.length);
      if (tty) redraw(held);
      else for (const line of held) output.write(`${line}\n`);
    },
  };
  return renderer;
}
