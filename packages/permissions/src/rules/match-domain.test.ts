import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PermissionsError } from '../errors';
import { hostOfUrl, matchDomain, normalizeRuleDomain } from './match-domain';
import { parseRule } from './parse-rule';
import { serializeRule } from './serialize-rule';

function domainOf(text: string): string {
  const result = normalizeRuleDomain(text);
  if ('problem' in result) throw new Error(result.problem);
  return result.domain;
}

describe('normalizeRuleDomain', () => {
  it('lower-cases, drops one trailing dot and converts to punycode', () => {
    expect(domainOf('Docs.Python.ORG')).toBe('docs.python.org');
    expect(domainOf('example.com.')).toBe('example.com');
    expect(domainOf('bücher.example')).toBe('xn--bcher-kva.example');
    expect(domainOf('localhost')).toBe('localhost');
  });

  it('canonicalises IP literals the way URL parsing does', () => {
    expect(domainOf('0x7f.1')).toBe('127.0.0.1');
    expect(domainOf('2130706433')).toBe('127.0.0.1');
    expect(domainOf('[::FFFF:127.0.0.1]')).toBe('[::ffff:7f00:1]');
  });

  it('refuses anything that is more than a host', () => {
    for (const text of [
      '',
      'https://example.com',
      'example.com/path',
      'example.com:8080',
      'user@example.com',
      '*.example.com',
      'exa mple.com',
      'example.com?x',
      'example.com#x',
      'a..b',
      '.example.com',
      'ex%41mple.com',
      'example\\.com',
    ]) {
      expect('problem' in normalizeRuleDomain(text), text).toBe(true);
    }
  });
});

describe('hostOfUrl', () => {
  it('reads the normalised host', () => {
    expect(hostOfUrl('https://Docs.Python.org./3/library/')).toBe('docs.python.org');
    expect(hostOfUrl('https://user:pw@example.com:444/x')).toBe('example.com');
    expect(hostOfUrl('http://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(hostOfUrl('http://0177.0.0.1/')).toBe('127.0.0.1');
  });

  it('is undefined for what does not parse or has no host', () => {
    expect(hostOfUrl('not a url')).toBeUndefined();
    expect(hostOfUrl('docs.python.org/3/')).toBeUndefined();
    expect(hostOfUrl('file:///etc/passwd')).toBeUndefined();
    expect(hostOfUrl('http://[::1/')).toBeUndefined();
    expect(hostOfUrl(42 as unknown as string)).toBeUndefined();
  });
});

describe('matchDomain', () => {
  it('matches the domain and its subdomains on a label boundary', () => {
    expect(matchDomain('python.org', 'python.org')).toBe(true);
    expect(matchDomain('python.org', 'docs.python.org')).toBe(true);
    expect(matchDomain('python.org', 'a.b.python.org')).toBe(true);
    expect(matchDomain('python.org', 'notpython.org')).toBe(false);
    expect(matchDomain('python.org', 'python.org.evil.example')).toBe(false);
    expect(matchDomain('docs.python.org', 'python.org')).toBe(false);
  });

  it('matches IP literals only exactly', () => {
    expect(matchDomain('0.0.1', '10.0.0.1')).toBe(false);
    expect(matchDomain('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(matchDomain('[::1]', '[::1]')).toBe(true);
  });

  it('holds for generated labels: a subdomain matches, a look-alike does not', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), label, label, (parts, sub, glued) => {
        const domain = domainOf([...parts, 'example'].join('.'));
        expect(matchDomain(domain, `${sub}.${domain}`)).toBe(true);
        expect(matchDomain(domain, `${glued}${domain}`)).toBe(false);
        expect(matchDomain(`${sub}.${domain}`, domain)).toBe(false);
      }),
    );
  });
});

describe('domain rules', () => {
  it('parse into structure and serialize back', () => {
    expect(parseRule('WebFetch(domain:Docs.Python.org)')).toEqual({
      kind: 'domain',
      tool: 'WebFetch',
      domain: 'docs.python.org',
    });
    expect(serializeRule(parseRule('web_fetch(domain:bücher.example)'))).toBe(
      'web_fetch(domain:xn--bcher-kva.example)',
    );
    expect(serializeRule(parseRule('WebFetch(domain:[::1])'))).toBe('WebFetch(domain:[::1])');
  });

  it('reject a domain that is not a host with a typed error', () => {
    for (const text of ['WebFetch(domain:)', 'WebFetch(domain:https://x.com)', 'WebFetch(domain:*.x.com)']) {
      let caught: unknown;
      try {
        parseRule(text);
      } catch (error) {
        caught = error;
      }
      expect(PermissionsError.isInstance(caught), text).toBe(true);
      expect((caught as PermissionsError).code).toBe('rule_invalid');
    }
  });

  it('leave shell rules alone: Bash(domain:x) is a command', () => {
    expect(parseRule('Bash(domain:x)').kind).toBe('exact');
  });

  it('round-trip for generated domains', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), (parts) => {
        const rule = parseRule(`WebFetch(domain:${parts.join('.')}.test)`);
        expect(parseRule(serializeRule(rule))).toEqual(rule);
      }),
    );
  });
});
