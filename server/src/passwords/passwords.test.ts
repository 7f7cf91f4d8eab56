import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

import { describe, expect, it } from 'vitest';

import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';
import { hashConcurrencyFor, HashLimiter, hashPassword, needsRehash, verifyPassword } from './hash.ts';
import { passwordPolicyFailures } from './policy.ts';

const rules = {
  password_min_length: 10,
  password_upper: false,
  password_lower: false,
  password_digit: false,
  password_special: false,
  use_password_list: true,
};

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

describe('hash limiter', () => {
  it('runs at most `limit` tasks at once and starts the queued ones in arrival order', async () => {
    // A process's share of the cores: all of them alone, divided among workers, never none.
    expect(hashConcurrencyFor(1)).toBe(availableParallelism());
    expect(hashConcurrencyFor(availableParallelism())).toBe(1);
    expect(hashConcurrencyFor(1000)).toBe(1);
    const limiter = new HashLimiter(2);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const results = [0, 1, 2, 3].map((n) =>
      limiter.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    expect(limiter.queued).toBe(2);
    releases[1]!();
    await results[1];
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    releases[0]!();
    await results[0];
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
    releases[2]!();
    releases[3]!();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(limiter.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new HashLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('ok'))).toBe('ok');
    expect(limiter.running).toBe(0);
  });
});

describe('password policy', () => {
  it('checks length in characters, not bytes', () => {
    expect(passwordPolicyFailures('ääääääääää', rules)).toEqual([]);
    expect(passwordPolicyFailures('sh0rt~', rules)).toEqual(['Use at least 10 characters']);
  });

  it('checks each required character class', () => {
    const strict = { ...rules, password_upper: true, password_lower: true, password_digit: true, password_special: true };
    expect(passwordPolicyFailures('abcdefghijkx', strict)).toEqual([
      'Include an upper-case letter',
      'Include a digit',
      'Include a symbol or punctuation mark',
    ]);
    expect(passwordPolicyFailures('Abcdefghij1!', strict)).toEqual([]);
  });
});

describe('the common-password list', () => {
  it('ships the 100,000 most common breached passwords, compared without regard to case', () => {
    const lines = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(100_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    // "Password" and "password" are one entry once case is ignored.
    expect(commonPasswordCount()).toBe(new Set(lines.map((l) => l.toLowerCase())).size);
  });

  it('finds common passwords whatever their case and Unicode form, and not uncommon ones', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ１２３')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it('is one of the rules when usePasswordList is on, and only then', () => {
    expect(passwordPolicyFailures('1234567890', rules)).toEqual([
      'This password is one of the most commonly used passwords, please choose another',
    ]);
    expect(passwordPolicyFailures('1234567890', { ...rules, use_password_list: false })).toEqual([]);
  });
});
