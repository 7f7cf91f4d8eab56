import { describe, expect, it } from 'vitest';

import { isEmailWhitelisted, whitelistRe2Problem } from './email-whitelist.ts';

describe('email whitelist', () => {
  it('allows any address with /.*/ and nobody with an empty list', () => {
    expect(isEmailWhitelisted(['/.*/'], 'anyone@anywhere.test')).toBe(true);
    expect(isEmailWhitelisted([], 'anyone@anywhere.test')).toBe(false);
  });

  it('matches plain addresses exactly, ignoring case', () => {
    expect(isEmailWhitelisted(['bob@example.com'], 'Bob@Example.COM')).toBe(true);
    expect(isEmailWhitelisted(['bob@example.com'], 'bob@example.com.evil.test')).toBe(false);
  });

  it('matches patterns anywhere in the address, ignoring case', () => {
    expect(isEmailWhitelisted(['/@example\\.com$/'], 'Alice@EXAMPLE.com')).toBe(true);
    expect(isEmailWhitelisted(['/@example\\.com$/'], 'alice@example.com.evil.test')).toBe(false);
  });

  it('runs a pattern that would backtrack exponentially in linear time', () => {
    // With a backtracking engine this takes longer than the age of the universe.
    expect(isEmailWhitelisted(['/^(a|a)*$/'], `${'a'.repeat(5000)}@`)).toBe(false);
  });

  it('names a pattern RE2 cannot run', () => {
    expect(whitelistRe2Problem(['/.*/', 'bob@example.com'])).toBeNull();
    expect(whitelistRe2Problem(['/a{1001}/'])).toContain('"/a{1001}/"');
  });
});
