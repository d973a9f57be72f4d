import { describe, expect, it } from 'vitest';
import { runRuleTable } from '../testing/rule-table';
import { createPermissionEngine } from './create-permission-engine';

// Through the engine's public API, as the CLI's `test` tables and the executor call it:
// a WebFetch call with a `url` input (or a `{ kind: 'url' }` subject) decides by domain.
const engine = createPermissionEngine({
  rules: {
    allow: ['WebFetch(domain:python.org)', 'WebFetch(domain:203.0.113.7)'],
    ask: ['WebFetch(domain:ask.python.org)'],
    deny: ['WebFetch(domain:evil.example)'],
  },
});

function decide(url: string, options: { subject?: boolean; tool?: string } = {}) {
  return engine.decide({
    tool: options.tool ?? 'WebFetch',
    input: { url },
    ...(options.subject ? { subject: { kind: 'url' as const, url } } : {}),
  });
}

describe('WebFetch(domain:...) rules', () => {
  it('allow the domain and its subdomains, from the input or the subject', () => {
    for (const url of [
      'https://python.org/',
      'https://docs.python.org/3/library/',
      'https://DOCS.Python.org./3/',
      'http://user@docs.python.org:8443/x',
    ]) {
      expect(decide(url).behavior, url).toBe('allow');
      expect(decide(url, { subject: true, tool: 'web_fetch' }).behavior, url).toBe('allow');
    }
    expect(decide('https://docs.python.org/').matchedRule).toBe('WebFetch(domain:python.org)');
  });

  it('ask where an ask rule is more specific, deny the denied domain and its subdomains', () => {
    expect(decide('https://ask.python.org/').behavior).toBe('ask');
    expect(decide('https://evil.example/').behavior).toBe('deny');
    expect(decide('https://a.b.EVIL.example./x').behavior).toBe('deny');
    expect(decide('https://evil.example/').cacheable).toBe(false);
  });

  it('do not match look-alike hosts', () => {
    for (const url of [
      'https://notpython.org/',
      'https://python.org.evil.test/',
      'https://python.org@attacker.test/',
      'https://attacker.test/?python.org',
      'https://attacker.test/#python.org',
    ]) {
      expect(decide(url).behavior, url).toBe('ask');
    }
  });

  it('compare IP literals after URL normalisation, exactly', () => {
    expect(decide('http://203.0.113.7/').behavior).toBe('allow');
    expect(decide('http://0xcb.0.0x71.7/').behavior).toBe('allow');
    expect(decide('http://3405803783/').behavior).toBe('allow');
    expect(decide('http://1.203.0.113.7/').behavior).toBe('ask');
  });

  it('never allow a URL that does not parse, even with a tool-level allow rule', () => {
    const open = createPermissionEngine({ rules: { allow: ['WebFetch'] } });
    for (const url of ['not a url', 'http://[::1/', 'docs.python.org/3', '']) {
      const decision = open.decide({ tool: 'WebFetch', input: { url } });
      expect(decision.behavior, url).toBe('ask');
      expect(decision.cacheable).toBe(false);
    }
    const subject = open.decide({ tool: 'web_fetch', input: {}, subject: { kind: 'url', url: 'http://' } });
    expect(subject.behavior).toBe('ask');
    const headless = createPermissionEngine({ rules: { allow: ['WebFetch'] }, defaultMode: 'deny' });
    expect(headless.decide({ tool: 'WebFetch', input: { url: 'nope' } }).behavior).toBe('deny');
    expect(open.decide({ tool: 'WebFetch', input: { url: 'https://x.test/' } }).behavior).toBe('allow');
  });

  it('keep a tool-level deny above everything', () => {
    const closed = createPermissionEngine({
      rules: { allow: ['WebFetch(domain:python.org)'], deny: ['WebFetch'] },
    });
    expect(closed.decide({ tool: 'WebFetch', input: { url: 'https://python.org/' } }).behavior).toBe('deny');
    expect(closed.decide({ tool: 'WebFetch', input: { url: '::' } }).behavior).toBe('deny');
  });

  it('propose the domain for "always allow" and key the session cache by host', () => {
    const fresh = createPermissionEngine();
    const a = fresh.decide({
      tool: 'web_fetch',
      input: {},
      subject: { kind: 'url', url: 'https://Docs.Python.org/3/' },
    });
    const b = fresh.decide({
      tool: 'web_fetch',
      input: {},
      subject: { kind: 'url', url: 'https://evil.example/' },
    });
    expect(a.behavior).toBe('ask');
    expect(a.proposedRules).toEqual(['web_fetch(domain:docs.python.org)']);
    expect(a.sessionKey).not.toBe(b.sessionKey);
    expect(a.reason).toContain('docs.python.org');
  });

  it('leave tools without a URL as they were', () => {
    const decision = engine.decide({ tool: 'WebFetch', input: { query: 'x' } });
    expect(decision.behavior).toBe('ask');
    expect(decision.sessionKey).toBe('tool:webfetch');
  });

  it('decide rule-table rows (the CLI `test` format) by domain, from input.url or a url subject', () => {
    const settings = {
      permissions: { allow: ['WebFetch(domain:docs.python.org)'], deny: ['WebFetch(domain:evil.example)'] },
    };
    const rows = [
      { tool: 'WebFetch', input: { url: 'https://docs.python.org/3/' }, expect: 'allow' as const },
      { tool: 'WebFetch', input: { url: 'https://cdn.evil.example/x' }, expect: 'deny' as const },
      { tool: 'WebFetch', input: { url: 'https://docs.python.org.evil.test/' }, expect: 'ask' as const },
      { tool: 'web_fetch', subject: { kind: 'url' as const, url: 'not a url' }, expect: 'ask' as const },
    ];
    expect(
      runRuleTable(
        rows.map((row) => ({ ...row, settings })),
        undefined,
      ),
    ).toEqual([]);
    const wrong = runRuleTable([{ ...rows[2]!, expect: 'allow', settings }], undefined);
    expect(wrong).toHaveLength(1);
  });
});
