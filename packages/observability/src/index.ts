/**
 * `@dexter/observability`: every tool call, permission decision and approval of a Dexter
 * executor as OpenTelemetry spans and metrics, on `@opentelemetry/api` alone.
 */

export { redactText } from './content';
export type { DecisionSource } from './decision-source';
export { decisionSource, floorCheck } from './decision-source';
export type { ExecutorTelemetryOptions, InstrumentedExecutor } from './instrument-executor';
export { instrumentExecutor } from './instrument-executor';
export type { SandboxViolation } from './run-telemetry';
export { ATTR, EVENT, GENAI_SEMCONV_VERSION, METRIC, SEMCONV_SCHEMA_URL, SPAN } from './semconv';
export type { TraceCarrier } from './trace-carrier';
export { contextFromCarrier, traceCarrier } from './trace-carrier';
