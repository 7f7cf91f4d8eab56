import { readFileSync } from 'node:fs';

import { ENDPOINTS } from '@gatehouse/common/api/index';
import { RATE_LIMITS } from '@gatehouse/common/policy';
import { describe, expect, it } from 'vitest';

import { addressKey } from './limits.ts';

const securityDoc = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');

describe('the rate limits table', () => {
  it('names only endpoints of the contract, and docs/security.md lists every one', () => {
    const operations = new Set(ENDPOINTS.map((e) => e.operationId));
    for (const operationId of Object.keys(RATE_LIMITS)) {
      expect(operations, operationId).toContain(operationId);
      expect(securityDoc, operationId).toContain(`\`${operationId}\``);
    }
  });
});

describe('the address a limit counts', () => {
  it('is an IPv4 address itself, also IPv4-mapped, and an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::a')).not.toBe(addressKey('2001:db8:1:2::a'));
  });
});
