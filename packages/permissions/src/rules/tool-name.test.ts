import { describe, expect, it } from 'vitest';
import { isFileWriteToolName, isShellToolName, normalizeToolName } from './tool-name';

describe('tool names', () => {
  it('compare case-insensitively, ignoring _ and -', () => {
    expect(normalizeToolName('WriteFile')).toBe(normalizeToolName('write_file'));
    expect(normalizeToolName('write-file')).toBe('writefile');
    expect(normalizeToolName('ReadFile')).not.toBe(normalizeToolName('WriteFile'));
  });
  it('know the shell and file-writing tools', () => {
    expect(isShellToolName('Bash')).toBe(true);
    expect(isShellToolName('shell')).toBe(true);
    expect(isShellToolName('bash_tool')).toBe(false);
    expect(isFileWriteToolName('edit_file')).toBe(true);
    expect(isFileWriteToolName('MultiEdit')).toBe(true);
    expect(isFileWriteToolName('read_file')).toBe(false);
  });
});
