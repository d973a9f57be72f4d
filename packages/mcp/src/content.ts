/**
 * MCP call results → a tool output for the host and text for the model. The output keeps
 * every block as the server sent it (images and audio as base64, embedded resources,
 * `structuredContent`); the model text renders each block: text as is, binary blocks as a
 * short placeholder with their type and size (models cannot read base64 usefully through a
 * text tool result), resources by URI, and `structuredContent` as JSON when the server sent
 * no text of it.
 */

/** One content block of an MCP tool result (text, image, audio, resource, resource_link, ...). */
export interface McpContentBlock {
  type: string;
  [field: string]: unknown;
}

/** What an MCP tool returns through the executor (the `output` of an `ok` result). */
export interface McpToolOutput {
  /** The server's content blocks, untouched. */
  content: McpContentBlock[];
  /** The server's structured result, when it sent one. */
  structuredContent?: Record<string, unknown>;
  /** The registry name and the server's names of what was called. */
  server: string;
  tool: string;
}

/** Decoded size of a base64 string. */
function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const trimmed = data.replace(/\s/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The model-readable line(s) of one block. */
export function renderContentBlock(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return text(block.text) ?? '';
    case 'image':
    case 'audio':
      return `[${block.type} ${text(block.mimeType) ?? 'unknown type'}, ${base64Bytes(block.data)} bytes]`;
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const uri = text(resource.uri) ?? '(no uri)';
      const body = text(resource.text);
      if (body !== undefined) return `[resource ${uri}]\n${body}`;
      return `[resource ${uri} (${text(resource.mimeType) ?? 'binary'}), ${base64Bytes(resource.blob)} bytes]`;
    }
    case 'resource_link': {
      const name = text(block.name);
      const description = text(block.description);
      return `[resource link ${text(block.uri) ?? '(no uri)'}${name ? ` "${name}"` : ''}${description ? `: ${description}` : ''}]`;
    }
    default:
      return `[${String(block.type)} content]`;
  }
}

/**
 * The text the model reads for a result: every block rendered, one after another, and the
 * structured content as JSON when no text block carries it.
 *
 * @example
 * ```ts
 * renderMcpContent({ content: [{ type: 'text', text: 'hi' }, { type: 'image', mimeType: 'image/png', data: 'AAAA' }] });
 * // 'hi\n[image image/png, 3 bytes]'
 * ```
 */
export function renderMcpContent(result: {
  content?: readonly McpContentBlock[];
  structuredContent?: Record<string, unknown> | undefined;
}): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map(renderContentBlock).filter((part) => part !== '');
  const hasText = blocks.some((block) => block.type === 'text' && text(block.text));
  if (result.structuredContent !== undefined && !hasText)
    parts.push(JSON.stringify(result.structuredContent));
  return parts.length > 0 ? parts.join('\n') : '(no content)';
}
