import { describe, expect, it } from 'vitest';
import type { HookToolEvent } from './hook-call';
import { combineDecisions } from './hook-call';
import { claudeCodeHook } from './hook-claude-code';
import { geminiCliHook, urlsInPrompt } from './hook-gemini-cli';

function event(
  toolName: string,
  toolInput: Record<string, unknown>,
  extra: Partial<HookToolEvent> = {},
): HookToolEvent {
  return { toolName, toolInput, cwd: '/repo', homeDir: '/home/u', fileArguments: new Map(), ...extra };
}

describe('hook tool mapping', () => {
  it('gives file tools a file subject, resolved, with ~ read as the home directory', () => {
    expect(claudeCodeHook.map(event('Read', { file_path: '~/.ssh/id_rsa' }))).toEqual({
      kind: 'calls',
      calls: [
        {
          tool: 'Read',
          input: { file_path: '~/.ssh/id_rsa' },
          cwd: '/repo',
          subject: { kind: 'file', access: 'read', path: '/home/u/.ssh/id_rsa' },
        },
      ],
    });
    expect(claudeCodeHook.map(event('NotebookEdit', { notebook_path: 'n.ipynb' }))).toMatchObject({
      calls: [{ tool: 'NotebookEdit', subject: { kind: 'file', access: 'write', path: '/repo/n.ipynb' } }],
    });
    expect(geminiCliHook.map(event('replace', { file_path: '/repo/a.ts' }))).toMatchObject({
      calls: [{ tool: 'Edit', subject: { access: 'write', path: '/repo/a.ts' } }],
    });
  });

  it('makes Glob, Grep and LS a recursive read of the directory searched (the cwd by default)', () => {
    expect(claudeCodeHook.map(event('Glob', { pattern: '**/*.ts' }))).toMatchObject({
      calls: [{ tool: 'Glob', subject: { kind: 'file', access: 'read', path: '/repo', recursive: true } }],
    });
    expect(claudeCodeHook.map(event('Grep', { pattern: 'x', path: 'src' }))).toMatchObject({
      calls: [{ tool: 'Grep', subject: { path: '/repo/src', recursive: true } }],
    });
    expect(geminiCliHook.map(event('search_file_content', { pattern: 'x', dir_path: '/etc' }))).toMatchObject(
      {
        calls: [{ tool: 'Grep', subject: { path: '/etc', recursive: true } }],
      },
    );
  });

  it('runs Gemini shell commands in their dir_path and splits read_many_files and web_fetch', () => {
    expect(geminiCliHook.map(event('run_shell_command', { command: 'ls', dir_path: 'pkg' }))).toEqual({
      kind: 'calls',
      calls: [{ tool: 'Bash', input: { command: 'ls' }, cwd: '/repo/pkg' }],
    });
    const many = geminiCliHook.map(event('read_many_files', { paths: ['a.md', '/b.md'] }));
    expect(many.kind === 'calls' && many.calls.map((call) => call.subject)).toEqual([
      { kind: 'file', access: 'read', path: '/repo/a.md' },
      { kind: 'file', access: 'read', path: '/b.md' },
    ]);
    // As the CLI reads them (0.61.0): whitespace tokens with :// through new URL(), href kept.
    expect(urlsInPrompt('Compare https://a.example/x, and https://b.example/y')).toEqual([
      'https://a.example/x,',
      'https://b.example/y',
    ]);
    expect(urlsInPrompt('see (https://b.example/y).')).toHaveProperty('problem');
    const fetch = geminiCliHook.map(
      event('web_fetch', { prompt: 'read https://a.example/x and https://b.example' }),
    );
    expect(fetch.kind === 'calls' && fetch.calls.map((call) => [call.tool, call.input])).toEqual([
      ['WebFetch', { url: 'https://a.example/x' }],
      ['WebFetch', { url: 'https://b.example/' }],
    ]);
  });

  it('reads events as the hosts read them: filters, aliases, URLs, unknown fields (issue 25)', () => {
    const hosts = (mapping: ReturnType<typeof geminiCliHook.map>) =>
      mapping.kind === 'calls' ? mapping.calls.map((call) => (call.input as { url?: string }).url) : mapping;
    // The URL parser sees the host the CLI fetches, not the text before a quote.
    expect(
      hosts(geminiCliHook.map(event('web_fetch', { prompt: "get https://example.com'@evil.example/" }))),
    ).toEqual(["https://example.com'@evil.example/"]);
    expect(new URL("https://example.com'@evil.example/").hostname).toBe('evil.example');
    // Direct-fetch `url` and the prompt's URLs are all checked.
    expect(
      hosts(
        geminiCliHook.map(
          event('web_fetch', { url: 'https://evil.example/', prompt: 'summarize https://ok.example/' }),
        ),
      ),
    ).toEqual(['https://evil.example/', 'https://ok.example/']);
    expect(geminiCliHook.map(event('web_fetch', { url: 'evil.example' })).kind).toBe('problem');
    // Search filters that select secret files are denied; others decided as tree reads.
    for (const [tool, input] of [
      ['grep_search', { pattern: 'KEY', include_pattern: '.env*' }],
      ['search_file_content', { pattern: 'KEY', include: '*.pem' }],
      ['read_many_files', { include: ['**/.env*'] }],
      ['read_many_files', { include: ['src/*.ts', '{.env,x}'] }],
      ['read_many_files', { include: ['.env'] }],
    ] as const)
      expect(geminiCliHook.map(event(tool, input)), `${tool} ${JSON.stringify(input)}`).toMatchObject({
        kind: 'decide',
        behavior: 'deny',
      });
    expect(
      claudeCodeHook.map(event('Grep', { pattern: 'KEY', glob: '.env*', output_mode: 'content' })),
    ).toMatchObject({ kind: 'decide', behavior: 'deny' });
    expect(claudeCodeHook.map(event('Grep', { pattern: 'KEY', type: 'pem' }))).toMatchObject({
      kind: 'decide',
      behavior: 'deny',
    });
    expect(claudeCodeHook.map(event('Grep', { pattern: 'x', glob: '*.ts' })).kind).toBe('calls');
    // Current read_many_files sends only `include`: decided, not blocked.
    const many = geminiCliHook.map(event('read_many_files', { include: ['src/**/*.ts', 'README.md'] }));
    expect(many.kind === 'calls' && many.calls.map((call) => call.subject)).toEqual([
      { kind: 'file', access: 'read', path: '/repo/src', recursive: true },
      { kind: 'file', access: 'read', path: '/repo/README.md' },
    ]);
    // Alias keys: all are read; disagreeing ones ask.
    expect(
      geminiCliHook.map(event('read_file', { file_path: 'a.md', absolute_path: '/repo/a.md' })),
    ).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    expect(geminiCliHook.map(event('read_file', { file_path: 'a.md', path: 'a.md' })).kind).toBe('calls');
    // A field we do not know could change what the tool touches: ask.
    expect(geminiCliHook.map(event('grep_search', { pattern: 'x', extra_roots: ['/'] }))).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    // Conversation-only tools of 0.61.0 pass.
    expect(geminiCliHook.map(event('update_topic', { topic: 'x' })).kind).toBe('pass');
  });

  it('maps configured MCP file arguments, names MCP tools, passes conversation tools, flags the rest', () => {
    const configured = new Map([
      [
        'mcp__fs__move',
        [
          { access: 'read' as const, argument: 'source' },
          { access: 'write' as const, argument: 'destination' },
        ],
      ],
    ]);
    const move = claudeCodeHook.map(
      event('mcp__fs__move', { source: 'a', destination: 'b' }, { fileArguments: configured }),
    );
    expect(move.kind === 'calls' && move.calls.map((call) => call.subject)).toEqual([
      { kind: 'file', access: 'read', path: '/repo/a' },
      { kind: 'file', access: 'write', path: '/repo/b' },
    ]);
    expect(
      claudeCodeHook.map(event('mcp__fs__move', { source: 7 }, { fileArguments: configured })).kind,
    ).toBe('problem');
    expect(geminiCliHook.map(event('github__get_issue', {}, { mcp: true }))).toMatchObject({
      calls: [{ tool: 'github__get_issue' }],
    });
    expect(claudeCodeHook.map(event('TodoWrite', {})).kind).toBe('pass');
    expect(claudeCodeHook.map(event('SlashCommand', {}))).toEqual({ kind: 'unknown', tool: 'SlashCommand' });
  });

  it('combines several decisions: deny over ask over allow, allow only when all allow', () => {
    const base = { sessionKey: 'k', cacheable: true };
    const allow = { ...base, behavior: 'allow' as const, reason: 'a' };
    const ask = { ...base, behavior: 'ask' as const, reason: 'b', proposedRules: ['Read(b)'] };
    const deny = { ...base, behavior: 'deny' as const, reason: 'c' };
    expect(combineDecisions([allow, allow]).behavior).toBe('allow');
    expect(combineDecisions([allow, ask, { ...ask, reason: 'd', proposedRules: ['Read(d)'] }])).toMatchObject(
      {
        behavior: 'ask',
        reason: 'b; d',
        proposedRules: ['Read(b)', 'Read(d)'],
      },
    );
    expect(combineDecisions([ask, deny, allow]).behavior).toBe('deny');
  });
});
