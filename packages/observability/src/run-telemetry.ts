/**
 * `RunTelemetry`: turns one executor run's events into spans and metrics.
 *
 * Per call: an `execute_tool {tool}` span (INTERNAL, a child of the context the run was
 * started in), opened at the call's first event and ended at its own end — `tool_end`
 * (with the `tool_error` right behind it), `tool_denied`, or the `tool_error` of a call that
 * never ran — not at its in-order `tool_result`, which may come much later. Children: the
 * approval wait (`dexter.approval {tool}`) and the tool's run (`dexter.tool.run {tool}`, or
 * for an MCP tool the MCP client span `tools/call {tool}`). Span events: the permission
 * decision, a session grant, soft limits, fallback attempts, sandbox violations.
 *
 * Nothing here may disturb the run: the instrumented executor calls `handle` inside a guard.
 */
import type { ExecutorEvent, ToolResult, ToolResultStatus } from '@dexter/executor';
import type { PermissionDecision } from '@dexter/permissions';
import {
  type Attributes,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { contentOf, fingerprint, redactText } from './content';
import { decisionSource, floorCheck } from './decision-source';
import type { Instruments } from './instruments';
import { ATTR, EVENT, SPAN } from './semconv';

/** What a run's telemetry needs from the instrumented executor. */
export interface RunTelemetryParams {
  tracer: Tracer;
  /** Undefined when no tracer provider is installed: metrics only. */
  tracing: boolean;
  instruments: Instruments;
  parent: Context;
  recordContent: boolean;
  now: () => number;
}

interface CallState {
  name: string;
  toolCallId: string;
  span: Span | undefined;
  context: Context | undefined;
  started: number;
  decided: boolean;
  approvalSpan: Span | undefined;
  approvalStarted: number;
  runSpan: Span | undefined;
  progress: number;
  /** Set by `tool_end` with `error`/`timeout`: the `tool_error` that follows ends the call. */
  awaitingError: ToolResultStatus | undefined;
  ended: boolean;
}

/** A sandbox violation, as `recordSandboxViolation` takes it. */
export interface SandboxViolation {
  /** The call whose run the sandbox stopped. */
  toolCallId: string;
  /** The run, when several runs may share a call id. */
  runId?: string;
  /** What was blocked: `file-read`, `file-write`, `network`, ... */
  kind: string;
  /** What it touched (a path, a host). Masked like any other content; left out unless `recordContent`. */
  target?: string;
}

/** The violations a sandboxed run reported (`{ sandboxed: true, violations: [{ kind, target? }] }`). */
function sandboxViolationsOf(output: unknown): { kind: string; target?: string }[] {
  if (typeof output !== 'object' || output === null) return [];
  const run = output as { sandboxed?: unknown; violations?: unknown };
  if (run.sandboxed !== true || !Array.isArray(run.violations)) return [];
  const found: { kind: string; target?: string }[] = [];
  for (const entry of run.violations as unknown[]) {
    const kind = (entry as { kind?: unknown } | null)?.kind;
    if (typeof kind !== 'string') continue;
    const target = (entry as { target?: unknown }).target;
    found.push(typeof target === 'string' ? { kind, target } : { kind });
  }
  return found;
}

const MCP_PREFIX = 'mcp__';

/** `mcp__server__tool` → `{ server, tool }`. */
function mcpParts(name: string): { server: string; tool: string } | undefined {
  if (!name.startsWith(MCP_PREFIX)) return undefined;
  const rest = name.slice(MCP_PREFIX.length);
  const split = rest.indexOf('__');
  if (split <= 0) return undefined;
  return { server: rest.slice(0, split), tool: rest.slice(split + 2) };
}

function approvalScope(answer: string): string | undefined {
  if (answer === 'allow-once') return 'once';
  if (answer === 'allow-session') return 'session';
  if (answer === 'allow-always') return 'always';
  return undefined;
}

interface FallbackShape {
  provider: string;
  failures: readonly { provider: string; kind: string }[];
}

function isFallbackShape(value: unknown): value is FallbackShape {
  if (typeof value !== 'object' || value === null) return false;
  const shape = value as Partial<FallbackShape>;
  return typeof shape.provider === 'string' && Array.isArray(shape.failures);
}

/** The failures a fallback chain reported, from its result or its `all_providers_failed` error. */
function fallbackFailures(value: unknown): readonly { provider: string; kind: string }[] | undefined {
  if (isFallbackShape(value)) return value.failures;
  const details = (value as { details?: { failures?: unknown } } | undefined)?.details;
  return Array.isArray(details?.failures)
    ? (details.failures as { provider: string; kind: string }[])
    : undefined;
}

export class RunTelemetry {
  private readonly calls: Array<CallState | undefined> = [];
  private prompts = 0;
  private finished = false;
  runId: string | undefined;

  constructor(private readonly params: RunTelemetryParams) {}

  handle(event: ExecutorEvent): void {
    if (this.finished) return;
    this.runId ??= event.runId;
    const call = this.callOf(event);
    if (call.ended) return;
    switch (event.type) {
      case 'tool_approval_request': {
        this.recordDecision(call, event.request.decision);
        this.prompts += 1;
        call.approvalStarted = this.params.now();
        if (call.context !== undefined) {
          call.approvalSpan = this.params.tracer.startSpan(
            `${SPAN.approval} ${call.name}`,
            { kind: SpanKind.INTERNAL, attributes: { [ATTR.toolName]: call.name } },
            call.context,
          );
        }
        return;
      }
      case 'tool_approval': {
        const answer = event.response.decision;
        const attributes: Attributes = {
          [ATTR.approvalAnswer]: answer,
          [ATTR.approvalSource]: event.source,
        };
        const scope = approvalScope(answer);
        if (scope !== undefined) attributes[ATTR.approvalScope] = scope;
        if (event.response.actor !== undefined) attributes[ATTR.approvalActor] = event.response.actor;
        if (event.response.interrupt === true) attributes[ATTR.approvalInterrupt] = true;
        if (event.source === 'prompt') {
          this.endApproval(call, attributes, answer);
        } else {
          call.span?.addEvent(EVENT.sessionGrant, attributes);
          call.span?.setAttributes(attributes);
        }
        return;
      }
      case 'tool_denied': {
        if (event.decision !== undefined) this.recordDecision(call, event.decision);
        const attributes: Attributes = { [ATTR.deniedBy]: event.deniedBy };
        if (event.interrupt) attributes[ATTR.approvalInterrupt] = true;
        if (call.approvalSpan !== undefined) {
          this.endApproval(call, { ...attributes, [ATTR.approvalAnswer]: 'deny' }, 'deny');
        }
        call.span?.setAttributes(attributes);
        if (this.params.recordContent) call.span?.setAttribute(ATTR.reason, redactText(event.reason));
        const check = event.decision === undefined ? undefined : floorCheck(event.decision);
        if (check !== undefined) this.params.instruments.floorDenials.add(1, { [ATTR.floorCheck]: check });
        this.endCall(call, 'denied', 'denied');
        return;
      }
      case 'tool_start': {
        if (event.decision !== undefined) this.recordDecision(call, event.decision);
        if (call.span !== undefined) {
          call.span.setAttribute(ATTR.batch, event.batch);
          this.recordContent(call.span, event.input, ATTR.toolCallArguments, ATTR.inputSize, ATTR.inputHash);
          call.runSpan = this.startRunSpan(call);
        }
        return;
      }
      case 'tool_progress': {
        call.progress += 1 + event.dropped;
        if (this.params.recordContent) {
          const attributes: Attributes = { message: redactText(event.message) };
          if (event.percent !== undefined) attributes.percent = event.percent;
          call.runSpan?.addEvent(EVENT.progress, attributes);
        }
        return;
      }
      case 'tool_limit': {
        const attributes: Attributes = { [ATTR.limitKind]: event.kind, [ATTR.limitCount]: event.count };
        if (event.limit !== undefined) attributes[ATTR.limitMax] = event.limit;
        call.span?.addEvent(EVENT.softLimit, attributes);
        return;
      }
      case 'tool_end': {
        // A sandboxed run's result lists what the sandbox refused (`@dexter/sandbox`'s
        // `SandboxRunResult`, read by shape: no dependency on that package).
        for (const violation of sandboxViolationsOf(event.output)) {
          this.recordSandboxViolation({ toolCallId: call.toolCallId, ...violation });
        }
        const runSpan = call.runSpan;
        if (runSpan !== undefined) {
          if (call.progress > 0) runSpan.setAttribute(ATTR.progressCount, call.progress);
          if (event.status !== 'ok') {
            runSpan.setAttribute(ATTR.errorType, event.status);
            runSpan.setStatus({ code: SpanStatusCode.ERROR, message: event.status });
          }
          runSpan.end();
          call.runSpan = undefined;
        }
        if (call.span !== undefined && event.output !== undefined) {
          this.recordContent(call.span, event.output, ATTR.toolCallResult, ATTR.outputSize, ATTR.outputHash);
          this.recordFallback(call, event.output);
        }
        if (event.status === 'error' || event.status === 'timeout') call.awaitingError = event.status;
        else this.endCall(call, event.status, event.status === 'ok' ? undefined : event.status);
        return;
      }
      case 'tool_error': {
        const status = call.awaitingError ?? event.status;
        this.recordFallback(call, event.error.cause);
        const errorType = status === 'error' ? (event.error.name ?? '_OTHER') : status;
        this.endCall(call, status, errorType);
        return;
      }
      case 'tool_result': {
        this.endFromResult(call, event.result);
        return;
      }
    }
  }

  /** The run is over: record prompts per run and end whatever is still open from the results. */
  finish(results: readonly ToolResult[] | undefined): void {
    if (this.finished) return;
    if (results !== undefined) {
      results.forEach((result, index) => {
        const call = this.calls[index] ?? this.openCall(index, result.name, result.toolCallId);
        if (!call.ended) this.endFromResult(call, result);
      });
    }
    for (const call of this.calls) {
      if (call !== undefined && !call.ended) this.endCall(call, 'error', '_OTHER');
    }
    this.finished = true;
    this.params.instruments.promptsPerRun.record(this.prompts);
  }

  /** Adds a sandbox violation to the call's span, if it is still open. True when it was. */
  recordSandboxViolation(violation: SandboxViolation): boolean {
    this.params.instruments.sandboxViolations.add(1, { [ATTR.sandboxKind]: violation.kind });
    const call = this.calls.find((state) => state !== undefined && state.toolCallId === violation.toolCallId);
    if (call === undefined || call.ended) return false;
    const attributes: Attributes = { [ATTR.sandboxKind]: violation.kind };
    if (this.params.recordContent && violation.target !== undefined) {
      attributes[ATTR.sandboxTarget] = redactText(violation.target);
    }
    (call.runSpan ?? call.span)?.addEvent(EVENT.sandboxViolation, attributes);
    return true;
  }

  hasOpenCall(toolCallId: string): boolean {
    return this.calls.some((call) => call !== undefined && !call.ended && call.toolCallId === toolCallId);
  }

  // ---- calls ---------------------------------------------------------------------------

  private callOf(event: ExecutorEvent): CallState {
    const existing = this.calls[event.index];
    if (existing !== undefined) return existing;
    const name = event.type === 'tool_result' ? event.result.name : event.name;
    return this.openCall(event.index, name, event.toolCallId);
  }

  private openCall(index: number, name: string, toolCallId: string): CallState {
    const { tracer, tracing, parent } = this.params;
    let span: Span | undefined;
    let context: Context | undefined;
    if (tracing) {
      const mcp = mcpParts(name);
      const attributes: Attributes = {
        [ATTR.operationName]: 'execute_tool',
        [ATTR.toolName]: name,
        [ATTR.toolCallId]: toolCallId,
        [ATTR.toolType]: mcp === undefined ? 'function' : 'extension',
        [ATTR.callIndex]: index,
      };
      if (this.runId !== undefined) attributes[ATTR.runId] = this.runId;
      span = tracer.startSpan(`${SPAN.executeTool} ${name}`, { kind: SpanKind.INTERNAL, attributes }, parent);
      context = trace.setSpan(parent, span);
    }
    const call: CallState = {
      name,
      toolCallId,
      span,
      context,
      started: this.params.now(),
      decided: false,
      approvalSpan: undefined,
      approvalStarted: 0,
      runSpan: undefined,
      progress: 0,
      awaitingError: undefined,
      ended: false,
    };
    this.calls[index] = call;
    return call;
  }

  private recordDecision(call: CallState, decision: PermissionDecision): void {
    if (call.decided) return;
    call.decided = true;
    const source = decisionSource(decision);
    this.params.instruments.decisions.add(1, { [ATTR.behavior]: decision.behavior, [ATTR.source]: source });
    const span = call.span;
    if (span === undefined) return;
    const attributes: Attributes = { [ATTR.behavior]: decision.behavior, [ATTR.source]: source };
    const check = floorCheck(decision);
    if (check !== undefined) attributes[ATTR.floorCheck] = check;
    // A rule's text is configuration, but an "always allow" rule can be an exact command that
    // carries a token (`Bash(curl -H 'Authorization: Bearer …')`): masked like content.
    else if (decision.matchedRule !== undefined) attributes[ATTR.rule] = redactText(decision.matchedRule);
    if (decision.classification !== undefined) attributes[ATTR.classification] = decision.classification;
    // The reason quotes the command: content, so only when the host opted in.
    if (this.params.recordContent) attributes[ATTR.reason] = redactText(decision.reason);
    span.setAttributes(attributes);
    span.addEvent(EVENT.decision, attributes);
  }

  private endApproval(call: CallState, attributes: Attributes, answer: string): void {
    const waited = (this.params.now() - call.approvalStarted) / 1000;
    this.params.instruments.approvalWait.record(waited, {
      [ATTR.approvalAnswer]: answer,
      [ATTR.toolName]: call.name,
    });
    call.span?.setAttributes(attributes);
    const approvalSpan = call.approvalSpan;
    if (approvalSpan === undefined) return;
    approvalSpan.setAttributes(attributes);
    approvalSpan.end();
    call.approvalSpan = undefined;
  }

  private startRunSpan(call: CallState): Span | undefined {
    const mcp = mcpParts(call.name);
    if (mcp === undefined) {
      return this.params.tracer.startSpan(
        `${SPAN.toolRun} ${call.name}`,
        { kind: SpanKind.INTERNAL, attributes: { [ATTR.toolName]: call.name } },
        call.context,
      );
    }
    // The MCP round trip, named and shaped as the MCP conventions' client span.
    return this.params.tracer.startSpan(
      `${SPAN.mcpToolsCall} ${mcp.tool}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR.mcpMethodName]: SPAN.mcpToolsCall,
          [ATTR.operationName]: 'execute_tool',
          [ATTR.toolName]: mcp.tool,
          [ATTR.mcpServer]: mcp.server,
        },
      },
      call.context,
    );
  }

  private recordContent(
    span: Span,
    value: unknown,
    contentKey: string,
    sizeKey: string,
    hashKey: string,
  ): void {
    if (this.params.recordContent) {
      const content = contentOf(value);
      if (content !== undefined) span.setAttribute(contentKey, content);
    }
    const print = fingerprint(value);
    if (print === undefined) return;
    span.setAttribute(sizeKey, print.size);
    span.setAttribute(hashKey, print.sha256);
  }

  private recordFallback(call: CallState, value: unknown): void {
    const span = call.span;
    if (span === undefined) return;
    const failures = fallbackFailures(value);
    if (failures === undefined) return;
    for (const failure of failures) {
      span.addEvent(EVENT.fallbackAttempt, {
        [ATTR.fallbackProvider]: String(failure.provider),
        [ATTR.fallbackOutcome]: String(failure.kind),
      });
    }
    if (isFallbackShape(value)) {
      span.addEvent(EVENT.fallbackAttempt, {
        [ATTR.fallbackProvider]: value.provider,
        [ATTR.fallbackOutcome]: 'answered',
      });
    }
  }

  private endFromResult(call: CallState, result: ToolResult): void {
    if (call.ended) return;
    const status = call.awaitingError ?? result.status;
    if (status === 'ok') {
      this.endCall(call, status, undefined);
      return;
    }
    const errorType = status === 'error' ? (result.error?.name ?? '_OTHER') : status;
    this.endCall(call, status, errorType);
  }

  private endCall(call: CallState, status: ToolResultStatus, errorType: string | undefined): void {
    if (call.ended) return;
    call.ended = true;
    const attributes: Attributes = {
      [ATTR.operationName]: 'execute_tool',
      [ATTR.toolName]: call.name,
      [ATTR.status]: status,
    };
    if (errorType !== undefined) attributes[ATTR.errorType] = errorType;
    this.params.instruments.toolDuration.record((this.params.now() - call.started) / 1000, attributes);
    const span = call.span;
    if (span === undefined) return;
    // Children first: a run span or an approval span still open ends with the call.
    call.runSpan?.end();
    call.approvalSpan?.end();
    span.setAttribute(ATTR.status, status);
    if (errorType !== undefined) {
      span.setAttribute(ATTR.errorType, errorType);
      // The status message is the outcome's name only: error messages may quote inputs.
      span.setStatus({ code: SpanStatusCode.ERROR, message: status });
    }
    span.end();
  }
}
