import { describe, expect, it } from 'vitest';

import { formatRange, parseAddress, parseRange, rangeContains } from './address-ranges.ts';
import { addressLists } from './schemas/address-lists.ts';

const inRange = (range: string, address: string) => rangeContains(parseRange(range)!, parseAddress(address)!);

describe('address ranges', () => {
  it('reads IPv4 and IPv6 addresses, an IPv4-mapped one as IPv4, and refuses malformed ones', () => {
    expect(parseAddress('192.0.2.1')).toEqual({ version: 4, value: 0xc0000201n });
    expect(parseAddress('::ffff:192.0.2.1')).toEqual({ version: 4, value: 0xc0000201n });
    expect(parseAddress('2001:db8::1')).toEqual({ version: 6, value: (0x20010db8n << 96n) | 1n });
    expect(parseAddress('fe80::1%eth0')?.version).toBe(6);
    for (const bad of [
      '256.0.0.1',
      '1.2.3',
      '01.2.3.4',
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      'example.com',
      '',
      ':::',
      '1:2:3:4:5:6:7::8:9',
    ])
      expect(parseAddress(bad), bad).toBeNull();
  });

  it('matches addresses against IPv4 and IPv6 ranges, never across families', () => {
    expect(inRange('192.0.2.0/24', '192.0.2.200')).toBe(true);
    expect(inRange('192.0.2.0/24', '192.0.3.1')).toBe(false);
    expect(inRange('0.0.0.0/0', '203.0.113.9')).toBe(true);
    expect(inRange('192.0.2.7', '192.0.2.7')).toBe(true);
    expect(inRange('192.0.2.7', '192.0.2.8')).toBe(false);
    expect(inRange('2001:db8::/32', '2001:db8:ffff::1')).toBe(true);
    expect(inRange('2001:db8::/32', '2001:db9::1')).toBe(false);
    expect(inRange('::/0', '192.0.2.1')).toBe(false);
    expect(inRange('192.0.2.0/24', '::ffff:192.0.2.9')).toBe(true);
    expect(inRange('::ffff:192.0.2.0/120', '192.0.2.9')).toBe(true);
  });

  it('refuses ranges with bits beyond the prefix or prefixes out of bounds', () => {
    for (const bad of ['192.0.2.1/24', '192.0.2.0/33', '2001:db8::1/32', '2001:db8::/129', '192.0.2.0/', '192.0.2.0/24/1', '10.0.0.0/-1'])
      expect(parseRange(bad), bad).toBeNull();
  });

  it('writes ranges in one canonical form', () => {
    expect(formatRange(parseRange('2001:DB8::/32')!)).toBe('2001:db8:0:0:0:0:0:0/32');
    expect(formatRange(parseRange('192.0.2.0/24')!)).toBe('192.0.2.0/24');
    expect(formatRange(parseRange('::ffff:192.0.2.1')!)).toBe('192.0.2.1');
  });

  it('parses the lists from lines of text, canonical, and names each bad or repeated entry', () => {
    expect(addressLists.parse({ allowed: '192.0.2.0/24\n2001:db8::/32\n\n', refused: [] })).toEqual({
      allowed: ['192.0.2.0/24', '2001:db8:0:0:0:0:0:0/32'],
      refused: [],
    });
    const result = addressLists.safeParse({ allowed: ['10.0.0.1/8', '192.0.2.1', '::ffff:192.0.2.1'], refused: ['nope'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      '10.0.0.1/8 is not an IPv4 or IPv6 address or CIDR range',
      '::ffff:192.0.2.1 is listed twice',
      'nope is not an IPv4 or IPv6 address or CIDR range',
    ]);
    expect(
      addressLists.safeParse({ allowed: Array.from({ length: 201 }, (_, i) => `10.0.${i >> 8}.${i & 255}`), refused: [] }).success,
    ).toBe(false);
  });
});
