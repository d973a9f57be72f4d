import { TOOL_NAME_PATTERN } from '@dexter/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpToolNames, mcpToolName } from './tool-names';

describe('MCP tool names', () => {
  it('keep clean names as mcp__<server>__<tool>', () => {
    expect(mcpToolName('fs', 'read_file')).toBe('mcp__fs__read_file');
    expect(mcpToolName('every-thing', 'get-sum')).toBe('mcp__every-thing__get-sum');
  });

  it('keep every "_" and "-": names of different servers never meet at the __ boundary', () => {
    const pairs: Array<[string, string]> = [
      ['a', 'b_c'],
      ['a_b', 'c'],
      ['a', 'b-c'],
      ['a-b', 'c'],
      ['ab', 'c'],
      ['a', 'bc'],
      ['a', '_b'],
      ['a', 'b__c'],
    ];
    const names = pairs.map(([server, tool]) => mcpToolName(server, tool));
    expect(names).toEqual([
      'mcp__a__b_c',
      'mcp__a_b__c',
      'mcp__a__b-c',
      'mcp__a-b__c',
      'mcp__ab__c',
      'mcp__a__bc',
      'mcp__a___b',
      'mcp__a__b__c',
    ]);
    // The server part is everything up to the first "__" after "mcp__" (server names hold no "__").
    names.forEach((name, index) => {
      expect(name.slice(5, name.indexOf('__', 5))).toBe(pairs[index]![0]);
    });
  });

  it('clean other characters and mark the name with a hash of the original', () => {
    const name = mcpToolName('fs', 'read file');
    expect(name).toMatch(/^mcp__fs__read_file_[0-9a-f]{8}$/);
    expect(mcpToolName('fs', 'read/file')).not.toBe(name);
  });

  it('always fit the providers rule, stay unique per server and map back (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fs', 'a', 'my_server', 'x'.repeat(40)),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 90 }), { minLength: 1, maxLength: 30 }),
        (server, tools) => {
          const names = new McpToolNames(server);
          const assigned = tools.map((tool) => names.nameFor(tool));
          expect(new Set(assigned).size).toBe(tools.length);
          assigned.forEach((name, index) => {
            expect(name).toMatch(TOOL_NAME_PATTERN);
            expect(name.startsWith(`mcp__${server}__`)).toBe(true);
            expect(names.toolOf(name)).toBe(tools[index]);
            expect(names.nameFor(tools[index]!)).toBe(name);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
