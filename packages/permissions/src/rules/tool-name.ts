/**
 * Tool-name matching: rules name tools the way people write them (`WriteFile`, `Bash`)
 * while tools are registered as `write_file`, `bash`. Names compare case-insensitively with
 * `_` and `-` ignored — except MCP tools (`mcp__server__tool`): their names are chosen by a
 * server and a user, and `mcp__github__create_issue` must never equal
 * `mcp__githubcreate__issue`, so an allow rule names an MCP tool exactly, at its `__`
 * boundaries (deny and ask rules still match leniently as well: they only restrict).
 */

/**
 * Tool names repeat (every rule, every call): their keys and MCP server prefixes are
 * remembered rather than worked out per rule per call.
 */
const keys = new Map<string, string>();
const MEMO_LIMIT = 4096;

/**
 * The comparison key of a tool name: lower case, `_` and `-` removed.
 *
 * @example
 * ```ts
 * normalizeToolName('WriteFile') === normalizeToolName('write_file'); // true
 * ```
 */
export function normalizeToolName(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    key = name.toLowerCase().replace(/[_-]/g, '');
    if (keys.size >= MEMO_LIMIT) keys.clear(); // bounded: names repeat, hostile input may not
    keys.set(name, key);
  }
  return key;
}

/** True for an MCP tool's or server's registry name (`mcp__…`, any case). */
export function isMcpToolName(name: string): boolean {
  return name.length > 5 && (name.charCodeAt(0) | 32) === 109 && /^mcp__/i.test(name);
}

/** True for the shell tool's names (`Bash`, `bash`, `shell`). */
export function isShellToolName(name: string): boolean {
  const key = normalizeToolName(name);
  return key === 'bash' || key === 'shell';
}

const fileWriteTools = new Set([
  'writefile',
  'editfile',
  'write',
  'edit',
  'multiedit',
  'createfile',
  'deletefile',
  'appendfile',
  'applypatch',
  'notebookedit',
  'movefile',
  'renamefile',
]);

/** True for tool names that write files (`write_file`, `EditFile`, `MultiEdit`, ...). */
export function isFileWriteToolName(name: string): boolean {
  return fileWriteTools.has(normalizeToolName(name));
}

/** `mcp__<server>` where the server part holds no `__` (the separator before the tool). */
const mcpServerRule = /^mcp__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)$/i;

/**
 * True when a rule's tool name covers a call's tool name: the same name under
 * `normalizeToolName`, or a whole MCP server (`mcp__fs`) for one of its tools
 * (`mcp__fs__read_file`). The server part compares case-insensitively but with its `_`
 * kept, so `mcp__fs` never covers `mcp__fs_x__read_file`. With `exact` (allow rules), an
 * MCP name on either side matches only itself, or a whole-server rule spelled exactly
 * (`mcp__jira` covers `mcp__jira__create`, never `mcp__ji__ra`).
 *
 * @example
 * ```ts
 * ruleNamesTool('WriteFile', 'write_file'); // true
 * ruleNamesTool('mcp__fs', 'mcp__fs__read_file'); // true
 * ruleNamesTool('mcp__fs', 'mcp__fsx__read_file'); // false
 * ruleNamesTool('mcp__jira', 'mcp__ji__ra', true); // false
 * ```
 */
export function ruleNamesTool(ruleTool: string, requestTool: string, exact = false): boolean {
  if (exact && (isMcpToolName(ruleTool) || isMcpToolName(requestTool))) {
    if (ruleTool === requestTool) return true;
    return (
      mcpServerRule.test(ruleTool) &&
      requestTool.length > ruleTool.length + 2 &&
      requestTool.startsWith(`${ruleTool}__`)
    );
  }
  if (normalizeToolName(ruleTool) === normalizeToolName(requestTool)) return true;
  const prefix = serverPrefix(ruleTool);
  return prefix !== '' && requestTool.length > prefix.length && requestTool.toLowerCase().startsWith(prefix);
}

const prefixes = new Map<string, string>();

/** `mcp__<server>__` (lower case) for a whole-server rule's tool name, else `''` (remembered). */
function serverPrefix(ruleTool: string): string {
  let prefix = prefixes.get(ruleTool);
  if (prefix === undefined) {
    const server = mcpServerRule.exec(ruleTool);
    prefix = server === null ? '' : `mcp__${server[1]!.toLowerCase()}__`;
    if (prefixes.size >= MEMO_LIMIT) prefixes.clear();
    prefixes.set(ruleTool, prefix);
  }
  return prefix;
}
