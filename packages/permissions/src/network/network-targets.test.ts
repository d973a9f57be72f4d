/**
 * Network targets in the floor (issue 25, item 4): metadata hosts are denied whatever the
 * rules; loopback and private hosts only by a rule naming the host. Strings only: nothing here
 * connects anywhere.
 */
import { describe, expect, it } from 'vitest';
import { evaluateBash } from '../engine/evaluate-bash';
import { evaluateTool } from '../engine/evaluate-tool';
import { compileRuleSet } from '../rules/compile-rule-set';
import { classifyHost } from './network-targets';

const broad = compileRuleSet({
  allow: [
    'Bash(curl:*)',
    'Bash(wget:*)',
    'Bash(http:*)',
    'Bash(nc:*)',
    'Bash(python3:*)',
    'Bash(cat:*)',
    'Bash(node:*)',
  ],
});
const fetchRules = compileRuleSet({ allow: ['WebFetch', 'WebFetch(domain:example.com)'] });
const fetch = (url: string, rules = fetchRules) => evaluateTool({ tool: 'WebFetch', input: { url } }, rules);

describe('classifyHost', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['[fe80::1]', 'metadata'],
    ['[fd00:ec2::254]', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['metadata.google.internal', 'metadata'],
    ['metadata.google.internal.', 'metadata'],
    ['metadata', 'metadata'],
    ['127.0.0.1', 'local'],
    ['[::1]', 'local'],
    ['0.0.0.0', 'local'],
    ['10.0.0.1', 'local'],
    ['192.168.1.1', 'local'],
    ['[::ffff:7f00:1]', 'local'],
    ['localhost', 'local'],
    ['app.localhost', 'local'],
    ['db.internal', 'local'],
  ])('%s is %s', (host, level) => {
    expect(classifyHost(host)?.level).toBe(level);
  });

  it.each(['example.com', '93.184.215.14', '[2606:4700::1]', 'metadata.example.com', 'internal.example.com'])(
    '%s is public',
    (host) => {
      expect(classifyHost(host)).toBeUndefined();
    },
  );
});

describe('WebFetch', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://2852039166/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://169.254.169.254./',
  ])('denies the metadata URL %s whatever the rules', (url) => {
    const decision = fetch(url, compileRuleSet({ allow: ['WebFetch', 'WebFetch(domain:169.254.169.254)'] }));
    expect(decision.behavior).toBe('deny');
    expect(decision.matchedRule).toBe('builtin:network-target');
  });

  it.each([
    'http://localhost:3000/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://10.0.0.5/',
    'http://192.168.0.1/admin',
  ])('asks for %s under a tool-wide rule', (url) => {
    expect(fetch(url).behavior).toBe('ask');
    expect(
      fetch(url, compileRuleSet({ allow: ['WebFetch(domain:0.0.1)', 'WebFetch(domain:localhost)'] }))
        .behavior,
    ).not.toBe('deny');
    expect(
      evaluateTool({ tool: 'WebFetch', input: { url }, defaultBehavior: 'allow' }, compileRuleSet({}))
        .behavior,
    ).toBe('ask');
  });

  it('allows a local host by a domain rule naming exactly that host', () => {
    const named = compileRuleSet({ allow: ['WebFetch(domain:localhost)', 'WebFetch(domain:127.0.0.1)'] });
    expect(fetch('http://localhost:3000/health', named).behavior).toBe('allow');
    expect(fetch('http://127.0.0.1:8080/', named).behavior).toBe('allow');
    expect(fetch('http://api.localhost/', named).behavior).toBe('ask');
    expect(fetch('http://10.0.0.1/', named).behavior).toBe('ask');
  });

  it('keeps public URLs as the rules say', () => {
    expect(fetch('https://example.com/page').behavior).toBe('allow');
    expect(fetch('https://docs.python.org/3/').behavior).toBe('allow');
  });
});

describe('commands', () => {
  it.each([
    'curl http://169.254.169.254/latest/meta-data/',
    'curl -s 169.254.169.254/latest/user-data',
    'wget -qO- http://metadata.google.internal/computeMetadata/v1/instance/',
    'curl -H "Metadata-Flavor: Google" http://metadata/computeMetadata/v1/',
    'curl -s "http://[fd00:ec2::254]/latest/meta-data/"',
    'curl --resolve x.example:80:169.254.169.254 http://x.example/',
    'curl http://2852039166/',
    'http GET http://169.254.169.254/',
    'nc 169.254.169.254 80',
    'cat < /dev/tcp/169.254.169.254/80',
    'python3 -c "import urllib.request as u; print(u.urlopen(\'http://169.254.169.254/latest/\').read())"',
    'node -e "fetch(\'http://metadata.google.internal/\').then(r => r.text())"',
    'sudo curl http://100.100.100.200/latest/meta-data/',
  ])('denies %s', (command) => {
    const decision = evaluateBash(command, compileRuleSet({ allow: ['Bash'] }));
    expect(decision.behavior).toBe('deny');
    expect(decision.matchedRule).toBe('builtin:network-target');
  });

  it.each([
    'curl http://localhost:3000/health',
    'curl http://127.1:8080/',
    'curl 10.0.0.5',
    'wget http://192.168.1.1/config',
    'http :3000/api',
    'nc -z 10.0.0.1 22',
    'python3 -c "import requests; requests.get(\'http://127.0.0.1:5000/\')"',
  ])('asks for %s under broad rules', (command) => {
    expect(evaluateBash(command, broad).behavior).toBe('ask');
    expect(evaluateBash(command, compileRuleSet({ allow: ['Bash'] })).behavior).toBe('ask');
  });

  it('allows a local host by an exact rule naming it', () => {
    const exact = compileRuleSet({ allow: ['Bash(curl http://localhost:3000/health)'] });
    expect(evaluateBash('curl http://localhost:3000/health', exact).behavior).toBe('allow');
  });

  it.each([
    'curl https://api.github.com/repos/o/r',
    'curl -X POST -d a=b https://example.com/x',
    'curl -o out.txt https://example.com/file.tar.gz',
    'wget https://example.com/file',
    'http GET https://httpbin.org/get name==x',
    'python3 -c "print(\'hello\')"',
    'cat notes.md',
  ])('keeps %s allowed', (command) => {
    expect(evaluateBash(command, broad).behavior).toBe('allow');
  });
});
