import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../approval';
import { formatApprovalRequest } from './approval-view';

function request(input: unknown): ApprovalRequest {
  return {
    toolCallId: 'call_1',
    tool: 'write_file',
    toolDescription: 'Write a file',
    input,
    subject: { kind: 'file', access: 'write', path: '/w/report.md' },
    decision: { behavior: 'ask', reason: 'needs approval', sessionKey: 'file-write', cacheable: true },
    signal: new AbortController().signal,
  };
}

describe('formatApprovalRequest', () => {
  it('keeps the input JSON on its own lines, aligned', () => {
    const text = formatApprovalRequest(request({ path: 'report.md', content: 'a\nb' }));
    expect(text).toContain(
      '  input:    {\n              "path": "report.md",\n              "content": "a\\nb"\n            }',
    );
  });

  it('escapes hidden characters inside the input visibly', () => {
    const text = formatApprovalRequest(request({ path: 'report\u202e.md' }));
    expect(text).toContain('"path": "report\\u{202e}.md"');
    expect(text).not.toContain('\u202e');
  });
});
