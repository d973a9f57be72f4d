import { describe, expectTypeOf, it } from 'vitest';
import type { ApprovalResponse } from './approval';
import type { ExecutorEvent, ExecutorEventType } from './events';
import type { ExecutorStream } from './executor-stream';
import type { ToolResult, ToolResultStatus } from './tool-result';

describe('event types', () => {
  it('narrow by `type`', () => {
    const handle = (event: ExecutorEvent) => {
      expectTypeOf(event.toolCallId).toBeString();
      expectTypeOf(event.sequence).toBeNumber();
      if (event.type === 'tool_progress') {
        expectTypeOf(event.message).toBeString();
        expectTypeOf(event.dropped).toBeNumber();
        expectTypeOf(event.percent).toEqualTypeOf<number | undefined>();
      }
      if (event.type === 'tool_result') expectTypeOf(event.result).toEqualTypeOf<ToolResult>();
      if (event.type === 'tool_end') expectTypeOf(event.status).toEqualTypeOf<ToolResultStatus>();
      if (event.type === 'tool_limit')
        expectTypeOf(event.kind).toEqualTypeOf<'call_count' | 'near_duplicate'>();
      if (event.type === 'tool_error') {
        expectTypeOf(event.status).toEqualTypeOf<'error' | 'timeout' | 'invalid_input' | 'unknown_tool'>();
      }
    };
    expectTypeOf(handle).toBeFunction();
  });

  it('lists every event type', () => {
    expectTypeOf<ExecutorEventType>().toEqualTypeOf<
      | 'tool_start'
      | 'tool_progress'
      | 'tool_approval_request'
      | 'tool_approval'
      | 'tool_denied'
      | 'tool_limit'
      | 'tool_end'
      | 'tool_error'
      | 'tool_result'
    >();
  });

  it('accepts bare or object approval responses', () => {
    expectTypeOf<'allow-once'>().toMatchTypeOf<ApprovalResponse>();
    expectTypeOf<{ decision: 'deny'; interrupt: true; message: string }>().toMatchTypeOf<ApprovalResponse>();
    expectTypeOf<'yes'>().not.toMatchTypeOf<ApprovalResponse>();
  });

  it('streams are async iterables of events with results', () => {
    expectTypeOf<ExecutorStream>().toMatchTypeOf<AsyncIterable<ExecutorEvent>>();
    expectTypeOf<ExecutorStream['results']>().toEqualTypeOf<Promise<ToolResult[]>>();
  });
});
