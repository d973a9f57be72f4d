import { blockedAddressReason } from '@dexter/permissions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFetchUrl } from './check-url';

describe('checkFetchUrl', () => {
  it('reduces every IPv4 spelling to the dotted form the address check blocks', () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://0177.0.0.01/',
      'http://127.1/',
      'http://127.0.1/',
      'http://127.000.000.001/',
      'http://①②⑦.0.0.1/',
    ]) {
      const checked = checkFetchUrl(url);
      expect(checked.literal, url).toEqual({ address: '127.0.0.1', family: 4 });
      expect(blockedAddressReason(checked.literal!.address), url).toMatch(/loopback/);
    }
    for (const url of [
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
    ]) {
      const checked = checkFetchUrl(url);
      expect(checked.literal?.family, url).toBe(6);
      expect(blockedAddressReason(checked.literal!.address), url).toMatch(/127\.0\.0\.1/);
    }
    expect(blockedAddressReason(checkFetchUrl('http://0/').literal!.address)).toMatch(/this network/);
    expect(blockedAddressReason(checkFetchUrl('http://[::]/').literal!.address)).toMatch(/unspecified/);
    expect(blockedAddressReason(checkFetchUrl('http://169.254.169.254./latest/').literal!.address)).toMatch(
      /link-local/,
    );
  });

  it('refuses other schemes, credentials, bad ports and non-URLs', () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://example.com/',
      'data:text/plain,hi',
      'javascript:alert(1)',
      'ws://example.com/',
      'http://user:pass@example.com/',
      'http://user@example.com/',
      'https://:pw@example.com/',
      'http://example.com:25/',
      'http://example.com:6667/',
      'example.com',
      '//example.com/',
      'http://',
    ]) {
      expect(() => checkFetchUrl(url), url).toThrow(expect.objectContaining({ code: 'url_rejected' }));
    }
  });

  it('takes ordinary URLs', () => {
    const checked = checkFetchUrl('https://Docs.Python.org./3/?q=1#x');
    expect(checked.host).toBe('docs.python.org');
    expect(checked.port).toBe(443);
    expect(checked.literal).toBeUndefined();
    expect(checkFetchUrl('http://example.com:8080/').port).toBe(8080);
  });

  it('blocks a blocked IPv4 address however the URL spells it (generated)', () => {
    const blockedV4 = fc
      .tuple(fc.constantFrom(0, 10, 127, 169, 172, 192, 100, 224, 255), fc.nat(255), fc.nat(255), fc.nat(255))
      .map(([a, b, c, d]) => {
        if (a === 169) b = 254;
        if (a === 172) b = 16 + (b % 16);
        if (a === 192) b = 168;
        if (a === 100) b = 64 + (b % 64);
        return [a, b, c, d] as const;
      });
    const hex = (n: number) => `0x${n.toString(16)}`;
    const octal = (n: number) => `0${n.toString(8)}`;
    fc.assert(
      fc.property(blockedV4, fc.nat(3), ([a, b, c, d], style) => {
        const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
        const dotted = `${a}.${b}.${c}.${d}`;
        const high = ((a << 8) | b).toString(16);
        const low = ((c << 8) | d).toString(16);
        const part = [String, hex, octal, String][style]!;
        const spellings = [
          String(n),
          hex(n),
          `${part(a)}.${part(b)}.${part(c)}.${part(d)}`,
          `${part(a)}.${part(b)}.${(c << 8) | d}`,
          `${part(a)}.${(b << 16) | (c << 8) | d}`,
          `${dotted}.`,
          `[::ffff:${dotted}]`,
          `[::ffff:${high}:${low}]`,
          `[0:0:0:0:0:ffff:${high}:${low}]`,
          `[64:ff9b::${dotted}]`,
          `[2002:${high}:${low}::1]`,
        ];
        expect(blockedAddressReason(dotted), dotted).toEqual(expect.any(String));
        for (const spelling of spellings) {
          const checked = checkFetchUrl(`http://${spelling}/`);
          expect(checked.literal, spelling).toBeDefined();
          expect(blockedAddressReason(checked.literal!.address), spelling).toEqual(expect.any(String));
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
