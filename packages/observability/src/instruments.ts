/** The metric instruments, made once per instrumented executor from the host's meter. */
import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import { METRIC } from './semconv';

export interface Instruments {
  toolDuration: Histogram;
  decisions: Counter;
  floorDenials: Counter;
  approvalWait: Histogram;
  promptsPerRun: Histogram;
  sandboxViolations: Counter;
}

// The GenAI conventions' duration boundaries (seconds), doubling from 10 ms.
const CALL_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92];
// A person answers in seconds to minutes (or leaves for lunch).
const WAIT_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];
const PROMPT_BUCKETS = [0, 1, 2, 3, 5, 10, 20, 50];

export function createInstruments(meter: Meter): Instruments {
  return {
    toolDuration: meter.createHistogram(METRIC.toolDuration, {
      description: 'Duration of tool calls, from the first thing the executor did with the call to its end.',
      unit: 's',
      advice: { explicitBucketBoundaries: CALL_BUCKETS },
    }),
    decisions: meter.createCounter(METRIC.decisions, {
      description:
        'Permission decisions, by behavior (allow / ask / deny) and source (floor, rule, read-only mode, default).',
      unit: '{decision}',
    }),
    floorDenials: meter.createCounter(METRIC.floorDenials, {
      description:
        'Calls denied by the built-in floor, by floor check (secret-read, dangerous-assignment, env-dump, ...).',
      unit: '{call}',
    }),
    approvalWait: meter.createHistogram(METRIC.approvalWait, {
      description: 'Time a call waited for a person to answer its approval prompt.',
      unit: 's',
      advice: { explicitBucketBoundaries: WAIT_BUCKETS },
    }),
    promptsPerRun: meter.createHistogram(METRIC.promptsPerRun, {
      description: 'Approval prompts shown to a person in one executor run (one model turn).',
      unit: '{prompt}',
      advice: { explicitBucketBoundaries: PROMPT_BUCKETS },
    }),
    sandboxViolations: meter.createCounter(METRIC.sandboxViolations, {
      description: 'Operations the OS sandbox blocked while a tool ran, by kind.',
      unit: '{violation}',
    }),
  };
}
