import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegistryError } from './errors';
import { type AnyTool, defineTool } from './tool';
import {
  allOf,
  createToolRegistry,
  onChannel,
  onPlatform,
  requiresAnyEnv,
  requiresEnv,
} from './tool-registry';

function tool(name: string, extra: Partial<Parameters<typeof defineTool>[0]> = {}): AnyTool {
  return defineTool({
    name,
    inputSchema: z.object({ q: z.string() }),
    description: `${name} does things.`,
    compactDescription: `${name} in one line`,
    execute: () => name,
    ...extra,
  });
}

describe('createToolRegistry', () => {
  it('lists available tools in definition order and renders the compact block', () => {
    const registry = createToolRegistry(
      [
        tool('b_tool', { concurrencySafe: true }),
        tool('a_tool'),
        tool('web_search', { available: requiresEnv('EXA_API_KEY') }),
      ],
      { env: {} },
    );
    expect(registry.names()).toEqual(['b_tool', 'a_tool']);
    expect(registry.compactDescriptions()).toBe('- b_tool: b_tool in one line\n- a_tool: a_tool in one line');
    expect([...registry.concurrencyMap()]).toEqual([
      ['b_tool', true],
      ['a_tool', false],
    ]);
    expect(registry.unavailable()).toEqual([
      { name: 'web_search', reason: 'missing environment variable EXA_API_KEY' },
    ]);
    expect(registry.get('a_tool')?.name).toBe('a_tool');
    expect(registry.has('web_search')).toBe(false);
  });

  it('keeps a stable order across builds (prompt caching)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), { minLength: 1, maxLength: 12 }),
        (names) => {
          const tools = names.map((name) => tool(name));
          const first = createToolRegistry(tools, { env: {} });
          const second = createToolRegistry(tools, { env: {} });
          expect(first.names()).toEqual(names);
          expect(second.compactDescriptions()).toBe(first.compactDescriptions());
        },
      ),
    );
  });

  it('evaluates availability once per build against the given environment', () => {
    let calls = 0;
    const counted = tool('counted', {
      available: (environment) => {
        calls += 1;
        return environment.env.KEY === 'yes';
      },
    });
    const registry = createToolRegistry([counted], { env: { KEY: 'yes' } });
    registry.list();
    registry.names();
    registry.get('counted');
    expect(calls).toBe(1);
    expect(createToolRegistry([counted], { env: {} }).names()).toEqual([]);
  });

  it('supports platform, channel and combined predicates', () => {
    const tools = [
      tool('mac_only', { available: onPlatform('darwin') }),
      tool('cli_only', { available: onChannel('cli') }),
      tool('both', { available: allOf(onChannel('cli'), requiresAnyEnv('A', 'B')) }),
    ];
    const cli = createToolRegistry(tools, { platform: 'linux', channel: 'cli', env: { B: '1' } });
    expect(cli.names()).toEqual(['cli_only', 'both']);
    const web = createToolRegistry(tools, { platform: 'darwin', channel: 'web', env: {} });
    expect(web.names()).toEqual(['mac_only']);
    expect(web.unavailable().map((entry) => entry.reason)).toEqual([
      'only in channel cli (this is web)',
      'only in channel cli (this is web)',
    ]);
  });

  it('throws at construction on duplicate names, even when one is unavailable', () => {
    expect(() => createToolRegistry([tool('dup'), tool('dup', { available: () => false })])).toThrowError(
      /Two tools are named "dup"/,
    );
    try {
      createToolRegistry([tool('dup'), tool('dup')]);
    } catch (error) {
      expect(RegistryError.isInstance(error) && error.code).toBe('duplicate_tool');
    }
  });

  it('rejects entries that are not tools, with the index', () => {
    expect(() => createToolRegistry([tool('ok'), { name: 'fake' } as never])).toThrowError(
      /Entry 1 .* not a tool/,
    );
  });

  it('require() names what is available and why a tool is missing', () => {
    const registry = createToolRegistry([tool('a'), tool('b', { available: () => 'needs a GPU' })]);
    expect(() => registry.require('b')).toThrowError(/defined but unavailable: needs a GPU\. Available: a/);
    expect(() => registry.require('zzz')).toThrowError(/No tool named "zzz"\. Available: a/);
  });
});
