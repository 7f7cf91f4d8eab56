import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './hash.ts';
import { passwordPolicyFailures } from './policy.ts';

const rules = { password_min_length: 10, password_upper: false, password_lower: false, password_digit: false, password_special: false };

describe('password hashing', () => {
  it('uses argon2id at OWASP parameters and verifies NFKC-equal passwords', async () => {
    const hash = await hashPassword('ﬁnancial plan 2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'financial plan 2026')).toBe(true);
    expect(await verifyPassword(hash, 'financial plan 2027')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
  });
});

describe('password policy', () => {
  it('checks length in characters, not bytes', () => {
    expect(passwordPolicyFailures('ääääääääää', rules)).toEqual([]);
    expect(passwordPolicyFailures('short', rules)).toEqual(['Use at least 10 characters']);
  });

  it('checks each required character class', () => {
    const strict = { ...rules, password_upper: true, password_lower: true, password_digit: true, password_special: true };
    expect(passwordPolicyFailures('abcdefghijk', strict)).toEqual([
      'Include an upper-case letter',
      'Include a digit',
      'Include a symbol or punctuation mark',
    ]);
    expect(passwordPolicyFailures('Abcdefghij1!', strict)).toEqual([]);
  });
});
