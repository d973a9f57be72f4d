import { describe, expect, it } from 'vitest';
import type { HookToolEvent } from './hook-call';
import { combineDecisions } from './hook-call';
import {
  claudeCodeConversationTools,
  claudeCodeHook,
  claudeCodeToolFields,
  claudeCodeUnmappedTools,
} from './hook-claude-code';
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
    // A field we do not know could change what the tool touches: at best an ask.
    expect(geminiCliHook.map(event('grep_search', { pattern: 'x', extra_roots: ['/'] }))).toMatchObject({
      kind: 'calls',
      ask: expect.stringContaining('"extra_roots"'),
    });
    // ...and what the known fields decide still stands: a secret filter is denied.
    expect(
      geminiCliHook.map(event('grep_search', { pattern: 'x', include_pattern: '.env', extra_roots: ['/'] })),
    ).toMatchObject({ kind: 'decide', behavior: 'deny' });
    // Conversation-only tools of 0.61.0 pass.
    expect(geminiCliHook.map(event('update_topic', { topic: 'x' })).kind).toBe('pass');
  });

  it('asks when a Claude Code tool is called with a field it does not define (2.1.328 schemas)', () => {
    const full: Record<string, Record<string, unknown>> = {
      Bash: {
        command: 'ls',
        timeout: 1000,
        description: 'list',
        run_in_background: false,
        dangerouslyDisableSandbox: false,
      },
      Read: { file_path: 'a.md', offset: 1, limit: 2, pages: '1', allow_large: true },
      Write: { file_path: 'a.md', content: 'x' },
      Edit: { file_path: 'a.md', old_string: 'a', new_string: 'b', replace_all: true },
      NotebookEdit: {
        notebook_path: 'n.ipynb',
        cell_id: 'c',
        new_source: 'x',
        cell_type: 'code',
        edit_mode: 'insert',
      },
      Grep: {
        pattern: 'x',
        path: 'src',
        glob: '*.ts',
        output_mode: 'content',
        '-A': 1,
        '-i': true,
        head_limit: 3,
      },
      WebFetch: { url: 'https://example.com/', prompt: 'p', offset: 10 },
      WebSearch: { query: 'q', allowed_domains: ['a.example'], blocked_domains: [] },
    };
    for (const [tool, input] of Object.entries(full)) {
      expect(
        Object.keys(input).every((key) => claudeCodeToolFields[tool]!.includes(key)),
        tool,
      ).toBe(true);
      expect(claudeCodeHook.map(event(tool, input)).kind, tool).toBe('calls');
      // The same call with one more field: ask, naming the field.
      // The same call with one more field: the engine still decides, and at best it asks.
      const widened = claudeCodeHook.map(event(tool, { ...input, extra_paths: ['/etc'] }));
      expect(widened, tool).toMatchObject({ kind: 'calls', ask: expect.stringContaining('"extra_paths"') });
    }
    // Inherited object keys are not fields of a tool.
    expect(claudeCodeHook.map(event('constructor', {})).kind).toBe('unknown');
  });

  it("maps Claude Code 2.1.328's newer tools: Monitor as the command or socket it opens, the rest by what they do", () => {
    const base = { description: 'watch', timeout_ms: 60_000 };
    expect(claudeCodeHook.map(event('Monitor', { ...base, command: 'tail -f log.txt' }))).toEqual({
      kind: 'calls',
      calls: [{ tool: 'Bash', input: { command: 'tail -f log.txt' }, cwd: '/repo' }],
    });
    expect(claudeCodeHook.map(event('Monitor', { ...base, ws: { url: 'wss://Feed.Example/x' } }))).toEqual({
      kind: 'calls',
      calls: [{ tool: 'WebFetch', input: { url: 'wss://feed.example/x' }, cwd: '/repo' }],
    });
    for (const input of [
      { ...base },
      { ...base, command: 'ls', ws: { url: 'wss://a.example/' } },
      { ...base, ws: { url: 'not a url' } },
      { ...base, ws: 'wss://a.example/' },
    ])
      expect(claudeCodeHook.map(event('Monitor', input)).kind, JSON.stringify(input)).toBe('problem');
    expect(
      claudeCodeHook.map(event('Monitor', { ...base, ws: { url: 'wss://a.example/', via: 'x' } })),
    ).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    // Scheduling, task lists and messages between agents: later calls reach the hook themselves.
    for (const [tool, input] of [
      ['CronCreate', { cron: '*/5 * * * *', prompt: 'check the build' }],
      ['CronList', {}],
      ['CronDelete', { id: 'j1' }],
      ['ScheduleWakeup', { delaySeconds: 60, reason: 'r', prompt: 'p', noop: true }],
      ['SendMessage', { to: 'a', message: 'm' }],
      ['TaskCreate', { subject: 's', description: 'd' }],
      ['ListAgents', {}],
      ['Agent', { description: 'd', prompt: 'p', isolation: 'worktree' }],
    ] as const)
      expect(claudeCodeHook.map(event(tool, input)).kind, tool).toBe('pass');
    // …unless the job outlives the session or the agent runs where the hook cannot see it.
    expect(
      claudeCodeHook.map(event('CronCreate', { cron: '0 9 * * *', prompt: 'p', durable: true })),
    ).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    expect(
      claudeCodeHook.map(event('Agent', { description: 'd', prompt: 'p', isolation: 'remote' })),
    ).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    expect(
      claudeCodeHook.map(event('CronCreate', { cron: '* * * * *', prompt: 'p', command: 'x' })),
    ).toMatchObject({
      kind: 'decide',
      behavior: 'ask',
    });
    // Worktrees and workflows act outside any call the hook sees: the unknown-tool answer, with the reason.
    for (const tool of ['EnterWorktree', 'ExitWorktree', 'Workflow', 'Skill'])
      expect(claudeCodeHook.map(event(tool, {})), tool).toEqual({
        kind: 'unknown',
        tool,
        reason: claudeCodeUnmappedTools[tool],
      });
    // One table per fact: a tool is either passed or left unmapped, never both.
    for (const tool of Object.keys(claudeCodeUnmappedTools))
      expect(claudeCodeConversationTools.has(tool), tool).toBe(false);
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
