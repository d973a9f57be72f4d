/**
 * Size limits on what a server hands the model: tool descriptions (they go into every
 * prompt) and call results (they go into the next one). Over the limit, the text is cut and
 * says so — a server cannot fill the model's context, and a large result is still an `ok`
 * result with a note, not a failure.
 */
import type { McpContentBlock } from './content';

/** Default cap on a tool description, in characters. */
export const DEFAULT_MAX_DESCRIPTION_CHARS = 4000;
/** Default cap on one call result (text, base64 data, resource text, structured JSON), in characters. */
export const DEFAULT_MAX_RESULT_CHARS = 1_000_000;

/** Default cap on a tool's input schema, in characters of its JSON text. */
export const DEFAULT_MAX_INPUT_SCHEMA_CHARS = 100_000;
/** Deepest input schema accepted (objects and arrays inside one another). */
export const MAX_INPUT_SCHEMA_DEPTH = 64;

/**
 * Whether a JSON value (a tool's input schema) stays within `maxChars` characters of JSON
 * text and `maxDepth` levels. Walks with an explicit stack and stops as soon as a limit is
 * passed, so a multi-megabyte or very deep schema costs no more than the limit to refuse.
 */
export function jsonWithin(
  value: unknown,
  maxChars: number,
  maxDepth: number,
): { ok: true; chars: number } | { ok: false; reason: 'size' | 'depth'; chars: number } {
  let chars = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') chars += item.length + 2;
    else if (typeof item === 'object' && item !== null) {
      if (depth > maxDepth) return { ok: false, reason: 'depth', chars };
      chars += 2;
      if (Array.isArray(item)) {
        for (const entry of item) {
          chars += 1;
          stack.push([entry, depth + 1]);
        }
      } else {
        for (const [key, entry] of Object.entries(item)) {
          chars += key.length + 4;
          stack.push([entry, depth + 1]);
        }
      }
    } else chars += String(item).length;
    if (chars > maxChars) return { ok: false, reason: 'size', chars };
  }
  return { ok: true, chars };
}

/** `description` cut to `max` characters with a note saying so, or as it is. */
export function capDescription(description: string, max: number): string {
  if (description.length <= max) return description;
  const note = `… [description cut by Dexter: ${description.length} characters, the limit is ${max}]`;
  return description.slice(0, Math.max(0, max - note.length)) + note;
}

/** The characters a block carries. */
function blockSize(block: McpContentBlock): number {
  let size = 0;
  for (const key of ['text', 'data', 'blob', 'uri', 'name']) {
    const value = block[key];
    if (typeof value === 'string') size += value.length;
  }
  const resource = block.resource as Record<string, unknown> | undefined;
  if (typeof resource === 'object' && resource !== null) {
    for (const key of ['text', 'blob', 'uri']) {
      const value = resource[key];
      if (typeof value === 'string') size += value.length;
    }
  }
  return size;
}

/** A result cut to `max` characters, with the size it had; `undefined` when it fits. */
export function capResult(
  content: readonly McpContentBlock[],
  structured: Record<string, unknown> | undefined,
  max: number,
):
  | { content: McpContentBlock[]; structuredContent?: Record<string, unknown>; originalChars: number }
  | undefined {
  const sizes = content.map(blockSize);
  const structuredText = structured === undefined ? undefined : JSON.stringify(structured);
  const total = sizes.reduce((sum, size) => sum + size, 0) + (structuredText?.length ?? 0);
  if (total <= max) return undefined;
  let budget = max;
  const kept: McpContentBlock[] = [];
  content.forEach((block, index) => {
    const size = sizes[index]!;
    if (size <= budget) {
      kept.push(block);
      budget -= size;
    } else if (block.type === 'text' && typeof block.text === 'string' && budget > 0) {
      kept.push({ ...block, text: block.text.slice(0, budget) });
      budget = 0;
    } else {
      kept.push({
        type: 'text',
        text: `[${block.type} block of ${size} characters left out: over the result limit]`,
      });
    }
  });
  const note = `[Dexter: this result was ${total} characters, over the ${max}-character limit for MCP results (maxResultChars); it was cut]`;
  kept.push({ type: 'text', text: note });
  const out: {
    content: McpContentBlock[];
    structuredContent?: Record<string, unknown>;
    originalChars: number;
  } = {
    content: kept,
    originalChars: total,
  };
  if (structured !== undefined && structuredText !== undefined && structuredText.length <= budget) {
    out.structuredContent = structured;
  }
  return out;
}
