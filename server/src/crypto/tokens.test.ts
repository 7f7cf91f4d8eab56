import { describe, expect, it } from 'vitest';

import { deriveKey, hashToken, hmac, newCode, newToken, normaliseCode, safeEqual } from './tokens.ts';

describe('tokens and codes', () => {
  it('makes 256-bit tokens and keeps only their hash', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).not.toContain(token);
  });

  it('makes codes of eight unambiguous symbols in two groups, read back whatever the case and spacing', () => {
    for (let i = 0; i < 100; i++) expect(newCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(normaliseCode(' ab1o-il2 ')).toBe('AB10112');
  });

  it('keys code hashes by purpose, so one deployment secret gives unrelated keys', () => {
    const a = deriveKey('secret', 'recovery-code');
    expect(hmac(a, 'flow', 'CODE')).toBe(hmac(deriveKey('secret', 'recovery-code'), 'flow', 'CODE'));
    expect(hmac(a, 'flow', 'CODE')).not.toBe(hmac(deriveKey('secret', 'other'), 'flow', 'CODE'));
    // Parts are length-prefixed: moving a boundary changes the result.
    expect(hmac(a, 'ab', 'c')).not.toBe(hmac(a, 'a', 'bc'));
  });

  it('compares strings of any length safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
