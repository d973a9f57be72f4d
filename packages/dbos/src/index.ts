export type {
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
export type { DurableTurnErrorCode } from './errors';
export { DurableTurnError } from './errors';
export type { LaunchDbosOptions } from './launch';
export { launchDbos, shutdownDbos } from './launch';
