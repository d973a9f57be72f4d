/**
 * The attribute, span and metric names this package emits, in one place.
 *
 * GenAI names follow the OpenTelemetry GenAI semantic conventions v0.1.0 (the first
 * standalone release of `open-telemetry/semantic-conventions-genai`, built on
 * semantic-conventions v1.45.0): the `execute_tool` span and the
 * `gen_ai.execute_tool.duration` metric, and the MCP client span. The conventions are in
 * development; docs/decisions/0026 says why this version and what changing it means.
 * Names under `dexter.` are ours: nothing in the conventions covers permission decisions
 * or approvals.
 */

/** The conventions version the names below follow (also set as the tracer's schema URL). */
export const GENAI_SEMCONV_VERSION = '0.1.0';
/** Schema URL of the base semantic conventions the GenAI release depends on. */
export const SEMCONV_SCHEMA_URL = 'https://opentelemetry.io/schemas/1.45.0';

export const ATTR = {
  operationName: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  mcpMethodName: 'mcp.method.name',
  // Ours.
  runId: 'dexter.run.id',
  callIndex: 'dexter.tool.call.index',
  batch: 'dexter.tool.batch',
  status: 'dexter.tool.status',
  inputSize: 'dexter.tool.input.size',
  inputHash: 'dexter.tool.input.sha256',
  outputSize: 'dexter.tool.output.size',
  outputHash: 'dexter.tool.output.sha256',
  progressCount: 'dexter.tool.progress.count',
  behavior: 'dexter.permission.behavior',
  source: 'dexter.permission.source',
  rule: 'dexter.permission.rule',
  floorCheck: 'dexter.permission.floor_check',
  classification: 'dexter.permission.classification',
  reason: 'dexter.permission.reason',
  deniedBy: 'dexter.permission.denied_by',
  approvalAnswer: 'dexter.approval.answer',
  approvalScope: 'dexter.approval.scope',
  approvalSource: 'dexter.approval.source',
  approvalActor: 'dexter.approval.actor',
  approvalInterrupt: 'dexter.approval.interrupt',
  mcpServer: 'dexter.mcp.server',
  fallbackProvider: 'dexter.fallback.provider',
  fallbackOutcome: 'dexter.fallback.outcome',
  limitKind: 'dexter.soft_limit.kind',
  limitCount: 'dexter.soft_limit.count',
  limitMax: 'dexter.soft_limit.limit',
  sandboxKind: 'dexter.sandbox.violation.kind',
  sandboxTarget: 'dexter.sandbox.violation.target',
} as const;

export const SPAN = {
  /** `execute_tool {gen_ai.tool.name}`: one per call. */
  executeTool: 'execute_tool',
  /** Child: the wait for a person's answer. */
  approval: 'dexter.approval',
  /** Child: the tool's own run (an MCP tool's is the MCP client span `tools/call {tool}`). */
  toolRun: 'dexter.tool.run',
  mcpToolsCall: 'tools/call',
} as const;

export const EVENT = {
  decision: 'dexter.permission.decision',
  sessionGrant: 'dexter.approval.session_grant',
  softLimit: 'dexter.soft_limit',
  progress: 'dexter.tool.progress',
  fallbackAttempt: 'dexter.fallback.attempt',
  sandboxViolation: 'dexter.sandbox.violation',
} as const;

export const METRIC = {
  toolDuration: 'gen_ai.execute_tool.duration',
  decisions: 'dexter.permission.decisions',
  floorDenials: 'dexter.permission.floor_denials',
  approvalWait: 'dexter.approval.wait.duration',
  promptsPerRun: 'dexter.approval.prompts',
  sandboxViolations: 'dexter.sandbox.violations',
} as const;
