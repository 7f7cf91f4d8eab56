import { describe, expect, it } from 'vitest';
import { emailAllowed, WhitelistPatternTimeout } from './whitelist.ts';

const list = (...entries: string[]) => JSON.stringify(entries);

describe('the sign-up email whitelist', () => {
  it('allows any address with /.*/ (the default)', () => {
    expect(emailAllowed(list('/.*/'), 'anyone@anywhere.test')).toBe(true);
  });

  it('compares plain addresses without regard to case', () => {
    expect(emailAllowed(list('Boss@Acme.test'), 'boss@acme.test')).toBe(true);
    expect(emailAllowed(list('boss@acme.test'), 'bossy@acme.test')).toBe(false);
  });

  it('matches /regex/ entries, case-insensitively unless flags are given', () => {
    expect(emailAllowed(list('/@acme\\.test$/'), 'Jo@ACME.test')).toBe(true);
    expect(emailAllowed(list('/@acme\\.test$/'), 'jo@acme.test.evil.test')).toBe(false);
    expect(emailAllowed(list('/^jo@acme\\.test$/u'), 'JO@acme.test')).toBe(true);
  });

  it('allows nothing for an empty, broken or unreadable list', () => {
    expect(emailAllowed(list(), 'jo@acme.test')).toBe(false);
    expect(emailAllowed(list('/[unclosed/'), 'jo@acme.test')).toBe(false);
    expect(emailAllowed('not json', 'jo@acme.test')).toBe(false);
  });

  it('stops a pattern with catastrophic backtracking instead of stalling the process', () => {
    expect(() => emailAllowed(list('/^(a+)+$/'), `${'a'.repeat(40)}!@acme.test`)).toThrow(WhitelistPatternTimeout);
  });
});
