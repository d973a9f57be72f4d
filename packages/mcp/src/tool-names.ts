/**
 * Registry names for MCP tools: `mcp__<server>__<tool>`, the convention Claude Code users
 * know, squeezed into the providers' rule (`^[a-zA-Z0-9_-]{1,64}$`). Characters outside it
 * become `_`; a name that is too long, or that collides with another after cleaning, keeps
 * a short hash of the original so it stays unique. The map is reversible: the call goes out
 * under the server's own tool name.
 */

/** The separator between `mcp`, the server and the tool. */
export const MCP_NAME_SEPARATOR = '__';
const MAX_NAME = 64;

/** FNV-1a, 32 bits, as 8 hex characters: short, stable across runs and platforms. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `read_file` → `read_file`; `weird name/é` → `weird_name__`. Never empty. */
function cleanToolPart(tool: string): string {
  const cleaned = tool.replace(/[^A-Za-z0-9_-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}

/**
 * The registry name of a server's tool, without collision handling (see `McpToolNames`).
 *
 * @example
 * ```ts
 * mcpToolName('fs', 'read_file'); // 'mcp__fs__read_file'
 * mcpToolName('fs', 'read file'); // 'mcp__fs__read_file_f3c1…' (cleaned names carry a hash)
 * ```
 */
export function mcpToolName(server: string, tool: string): string {
  const prefix = `mcp${MCP_NAME_SEPARATOR}${server}${MCP_NAME_SEPARATOR}`;
  const cleaned = cleanToolPart(tool);
  const exact = cleaned === tool;
  const full = prefix + cleaned;
  if (exact && full.length <= MAX_NAME) return full;
  // Cleaned or too long: a hash of the original keeps two such names apart.
  const suffix = `_${shortHash(tool)}`;
  const room = Math.max(1, MAX_NAME - prefix.length - suffix.length);
  return prefix + cleaned.slice(0, room) + suffix;
}

/** Registry name ↔ server tool name for one server; unique within it. */
export class McpToolNames {
  readonly #server: string;
  readonly #byRegistryName = new Map<string, string>();
  readonly #byToolName = new Map<string, string>();

  constructor(server: string) {
    this.#server = server;
  }

  /** The registry name for `tool`, assigned once and kept for the connection's life. */
  nameFor(tool: string): string {
    const known = this.#byToolName.get(tool);
    if (known !== undefined) return known;
    let name = mcpToolName(this.#server, tool);
    for (let attempt = 1; this.#byRegistryName.has(name); attempt++) {
      name = mcpToolName(this.#server, `${tool}\u0000${attempt}`);
    }
    this.#byRegistryName.set(name, tool);
    this.#byToolName.set(tool, name);
    return name;
  }

  /** The server's own name of a registry tool, or `undefined`. */
  toolOf(registryName: string): string | undefined {
    return this.#byRegistryName.get(registryName);
  }
}
