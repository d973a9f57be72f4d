/**
 * Tool-name matching: rules name tools the way people write them (`WriteFile`, `Bash`)
 * while tools are registered as `write_file`, `bash`. Names compare case-insensitively with
 * `_` and `-` ignored.
 */

/**
 * The comparison key of a tool name: lower case, `_` and `-` removed.
 *
 * @example
 * ```ts
 * normalizeToolName('WriteFile') === normalizeToolName('write_file'); // true
 * ```
 */
export function normalizeToolName(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
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
