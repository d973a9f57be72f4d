export type {
  ApprovalAnswer,
  ApprovalAnswerWithBehavior,
  ApprovalDecision,
  ApprovalFile,
  ApprovalPrompter,
  ApprovalRequest,
  ApprovalResponse,
  ApprovalScope,
  NormalizedApproval,
} from './approval';
export { APPROVAL_DECISIONS, normalizeApprovalResponse } from './approval';
export type { BatchedCallOptions, CallBatcher, CallBatcherOptions } from './call-batcher';
export { createCallBatcher } from './call-batcher';
export type { Clock } from './clock';
export { systemClock } from './clock';
export type { ExecutorErrorCode } from './errors';
export { ExecutorError } from './errors';
export type { CoalescingSlot, EventQueueStats } from './event-queue';
export { EventQueue } from './event-queue';
export type {
  DenialSource,
  ExecutorEvent,
  ExecutorEventBase,
  ExecutorEventType,
  SoftLimitKind,
  ToolApprovalEvent,
  ToolApprovalRequestEvent,
  ToolDeniedEvent,
  ToolEndEvent,
  ToolErrorEvent,
  ToolLimitEvent,
  ToolProgressEvent,
  ToolResultEvent,
  ToolStartEvent,
} from './events';
export { EXECUTOR_EVENT_TYPES } from './events';
export type { ExecuteOptions, Executor, ExecutorCall, RunOptions } from './executor';
export { createExecutor } from './executor';
export type { AlwaysAnswers, ExecutorOptions } from './executor-options';
export { DEFAULT_MAX_CONCURRENCY, MAX_TIMEOUT_MS } from './executor-options';
export type { ExecutorStream } from './executor-stream';
export type {
  BridgeRunOptions,
  BridgeStep,
  FrameworkBridge,
  FrameworkBridgeOptions,
} from './framework-bridge';
export { createFrameworkBridge } from './framework-bridge';
export { formatIssuePath, formatIssues } from './input-issues';
export type { JsonValue, JsonValueErrorCode, KeptJson } from './json-value';
export { encodeCanonicalJson, JsonValueError, keepJson, MAX_JSON_NODES } from './json-value';
export type { CallBatch } from './partition';
export { partitionCalls } from './partition';
export type { PreviewDecisionOptions, PreviewedDecision } from './preview-decision';
export { previewDecision } from './preview-decision';
export type {
  ApprovalAnswers,
  ResumableExecutor,
  ResumableExecutorOptions,
  RunOutcome,
} from './resumable-executor';
export { createResumableExecutor } from './resumable-executor';
export type {
  PendingApproval,
  RunSnapshot,
  RunSnapshotEncoding,
  RunSnapshotErrorCode,
  RunSnapshotState,
  SigningKey,
  SnapshotCall,
  SnapshotResult,
  VerifyRunSnapshotOptions,
} from './run-snapshot';
export {
  openRunSnapshot,
  RUN_SNAPSHOT_VERSION,
  RunSnapshotError,
  signingKeyId,
  verifyRunSnapshot,
} from './run-snapshot';
export { ToolTimeoutError } from './run-tool';
export { safeStringify } from './safe-json';
export type { SandboxAutoAllow, SandboxAutoAllowRequest } from './sandbox-auto-allow';
export type { ExecutorSession, RecordedCall, SessionOptions, SimilarCall } from './session';
export { createSession, isExecutorSession } from './session';
export type {
  AuditEntry,
  AuditRecord,
  GrantInput,
  GrantKey,
  MemorySessionStoreOptions,
  SessionGrant,
  SessionStore,
} from './session-store';
export {
  auditInput,
  checkIncrement,
  checkSnapshotId,
  checkTime,
  createMemorySessionStore,
  MAX_STORE_TIME,
  normalizeAuditEntry,
  normalizeGrantInput,
  normalizeGrantKey,
  processSessionStore,
} from './session-store';
export {
  canonicalJson,
  DEFAULT_SIMILARITY_THRESHOLD,
  jaccard,
  similarityKeyOf,
  tokenize,
} from './similarity';
export type { SoftLimitOptions } from './soft-limits';
export { DEFAULT_MAX_CALLS_PER_TOOL } from './soft-limits';
export type { InputIssue, ToolResult, ToolResultError, ToolResultStatus } from './tool-result';
export { TOOL_RESULT_STATUSES } from './tool-result';
export { toToolResultMessages } from './tool-result-messages';
export { UnplacedSubjectError } from './unplaced-subject';
