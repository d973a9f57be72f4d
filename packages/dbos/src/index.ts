export { isDatabaseUnavailable, retryWhileUnavailable } from './database-unavailable';
export type {
  AnswerOptions,
  AnswerOutcome,
  DurableToolResult,
  DurableTurns,
  DurableTurnsOptions,
  PendingApproval,
  SettleOptions,
  TurnAccess,
  TurnState,
} from './durable-turns';
export {
  answerApproval,
  PENDING_EVENT,
  readTurn,
  registerDurableTurns,
  settleTurn,
  toDurableResult,
} from './durable-turns';
export type { EffectLedger, EffectLedgerOptions } from './effect-ledger';
export { createEffectLedger } from './effect-ledger';
export type { DurableTurnErrorCode } from './errors';
export { DurableTurnError } from './errors';
export type { LaunchDbosOptions, ShutdownDbosOptions } from './launch';
export { launchDbos, shutdownDbos } from './launch';
export type { SystemDatabasePoolOptions } from './system-database-pool';
export { createSystemDatabasePool } from './system-database-pool';
