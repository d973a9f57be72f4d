import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockedAddressReason, classifyAddress, ipv6Groups } from './blocked-address';

// Addresses are only classified here, never connected to.
const BLOCKED = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '169.254.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.88.99.1',
  '192.168.1.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.1',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:a00:1',
  '::ffff:169.254.169.254',
  '::127.0.0.1',
  '::a00:1',
  '64:ff9b::7f00:1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::1',
  '2002:7f00:1::',
  '2002:a00:1::1',
  '2002:a9fe:a9fe::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'ff02::1',
  '2001:db8::1',
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '3fff::1',
  '100::1',
  '::ffff:0:7f00:1',
  'fe80::1%eth0',
  '[::1]',
  'localhost',
  'example.com',
  '',
  '1.2.3',
  '01.2.3.4',
];

const ALLOWED = [
  '1.1.1.1',
  '8.8.8.8',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.169.0.1',
  '198.17.255.255',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81a::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('blockedAddressReason', () => {
  it.each(BLOCKED)('blocks %s', (address) => {
    expect(blockedAddressReason(address)).toEqual(expect.any(String));
  });

  it.each(ALLOWED)('allows %s', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });

  it('names the carried IPv4 address and its range', () => {
    expect(blockedAddressReason('::ffff:7f00:1')).toMatch(/IPv4-mapped.*127\.0\.0\.1.*loopback/);
    expect(blockedAddressReason('64:ff9b::a9fe:a9fe')).toMatch(/NAT64.*169\.254\.169\.254.*link-local/);
    expect(blockedAddressReason('2002:a00:1::')).toMatch(/6to4.*10\.0\.0\.1.*private/);
  });

  it('judges every IPv4 address the same way as its mapped, NAT64 and 6to4 forms', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const parts = address.split('.').map(Number);
        const high = ((parts[0]! << 8) | parts[1]!).toString(16);
        const low = ((parts[2]! << 8) | parts[3]!).toString(16);
        const blocked = blockedAddressReason(address) !== undefined;
        expect(blockedAddressReason(`::ffff:${address}`) !== undefined).toBe(blocked);
        expect(blockedAddressReason(`::ffff:${high}:${low}`) !== undefined).toBe(blocked);
        expect(blockedAddressReason(`64:ff9b::${high}:${low}`) !== undefined).toBe(blocked);
        expect(blockedAddressReason(`2002:${high}:${low}::1`) !== undefined).toBe(blocked);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('expands IPv6 text the way the address is written', () => {
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        expect(ipv6Groups(address)).toHaveLength(8);
      }),
    );
  });
});

describe('classifyAddress', () => {
  it('tells link-local (metadata) from loopback and private, and a name from an address', () => {
    expect(classifyAddress('169.254.169.254')?.scope).toBe('link-local');
    expect(classifyAddress('[fe80::1]')?.scope).toBe('link-local');
    expect(classifyAddress('fe80::1%eth0')?.scope).toBe('link-local');
    expect(classifyAddress('::ffff:169.254.169.254')?.scope).toBe('link-local');
    expect(classifyAddress('127.0.0.1')?.scope).toBe('loopback');
    expect(classifyAddress('[::1]')?.scope).toBe('loopback');
    expect(classifyAddress('0.0.0.0')?.scope).toBe('loopback');
    expect(classifyAddress('10.1.2.3')?.scope).toBe('private');
    expect(classifyAddress('192.168.0.10')?.scope).toBe('private');
    expect(classifyAddress('fd00:ec2::254')?.scope).toBe('private');
    expect(classifyAddress('192.0.2.1')?.scope).toBe('special');
    expect(classifyAddress('93.184.215.14')).toBeUndefined();
    expect(classifyAddress('2606:4700::1')).toBeUndefined();
    expect(classifyAddress('example.com')).toBeNull();
  });
});
