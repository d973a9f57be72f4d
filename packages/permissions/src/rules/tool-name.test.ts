import { describe, expect, it } from 'vitest';
import { isFileWriteToolName, isShellToolName, normalizeToolName, ruleNamesTool } from './tool-name';

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
  it("let a whole-server rule mcp__server cover that server's tools and no other", () => {
    expect(ruleNamesTool('mcp__fs', 'mcp__fs__read_file')).toBe(true);
    expect(ruleNamesTool('MCP__FS', 'mcp__fs__read_file')).toBe(true);
    expect(ruleNamesTool('mcp__fs__read_file', 'mcp__fs__read_file')).toBe(true);
    expect(ruleNamesTool('mcp__my_server', 'mcp__my_server__list')).toBe(true);
    expect(ruleNamesTool('mcp__fs', 'mcp__fsx__read_file')).toBe(false);
    expect(ruleNamesTool('mcp__fs', 'mcp__fs_x__read_file')).toBe(false);
    expect(ruleNamesTool('mcp__fs', 'mcp__fs')).toBe(true);
    expect(ruleNamesTool('mcp__fs__read_file', 'mcp__fs__write_file')).toBe(false);
    expect(ruleNamesTool('WriteFile', 'write_file')).toBe(true);
    expect(ruleNamesTool('mcp', 'mcp__fs__read_file')).toBe(false);
  });
});
