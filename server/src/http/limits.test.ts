import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@gatehouse/common/policy';
import { ENDPOINTS } from '@gatehouse/common/api/index';

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
