export type { CheckRunOptions } from './check-run';
export { checkRunEvents, LEGAL_CALL_SEQUENCE, sequenceLetters } from './check-run';
export { collectEvents } from './collect-events';
export type { ManualClock } from './manual-clock';
export { createManualClock } from './manual-clock';
export type { RecordingPrompter, RecordingPrompterOptions, ScriptedApproval } from './recording-prompter';
export { createRecordingPrompter } from './recording-prompter';
export type { StaticDecider, StaticDeciderOptions, StaticDecision } from './static-decider';
export { createStaticDecider } from './static-decider';
