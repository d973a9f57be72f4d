import { describe, expect, it } from 'vitest';
import { renderMcpContent } from './content';

describe('renderMcpContent', () => {
  it('renders every block kind for the model', () => {
    const text = renderMcpContent({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        { type: 'audio', mimeType: 'audio/wav', data: 'AAAAAA==' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inside' } },
        {
          type: 'resource',
          resource: { uri: 'file:///b.bin', mimeType: 'application/octet-stream', blob: 'AAA=' },
        },
        { type: 'resource_link', uri: 'file:///c', name: 'c' },
      ],
    });
    expect(text.split('\n')).toEqual([
      'hello',
      '[image image/png, 3 bytes]',
      '[audio audio/wav, 4 bytes]',
      '[resource file:///a.txt]',
      'inside',
      '[resource file:///b.bin (application/octet-stream), 2 bytes]',
      '[resource link file:///c "c"]',
    ]);
  });

  it('shows structuredContent as JSON when no text carries it', () => {
    expect(renderMcpContent({ content: [], structuredContent: { a: 1 } })).toBe('{"a":1}');
    expect(
      renderMcpContent({ content: [{ type: 'text', text: 'a is 1' }], structuredContent: { a: 1 } }),
    ).toBe('a is 1');
    expect(renderMcpContent({ content: [] })).toBe('(no content)');
  });
});
