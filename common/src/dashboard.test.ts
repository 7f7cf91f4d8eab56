import { describe, expect, it } from 'vitest';

import { profileCompletion, profileTasks, starterPackagePercent } from './dashboard.ts';

const user = (emailVerifiedDate: string | null, firstName: string | null, mfa: boolean) => ({
  emailVerifiedDate,
  firstName,
  twoStep: { enabled: mfa, required: false, kind: mfa ? (0 as const) : null, passkeys: 0 },
});

describe('profile completion', () => {
  it('gives each of the three tasks an equal share of 100%', () => {
    expect(profileCompletion(user(null, null, false))).toBe(0);
    expect(profileCompletion(user('2026-11-21T10:00:00.000Z', null, false))).toBe(33);
    expect(profileCompletion(user(null, 'Ada', true))).toBe(67);
    expect(profileCompletion(user('2026-11-21T10:00:00.000Z', 'Ada', true))).toBe(100);
  });

  it('lists email verified, first name set and MFA enabled, in that order; a blank name is not set', () => {
    expect(profileTasks(user(null, '  ', true))).toEqual([
      { task: 'emailVerified', done: false },
      { task: 'firstName', done: false },
      { task: 'mfa', done: true },
    ]);
  });
});

describe('starter package bar', () => {
  it('is registeredUsers out of 50, capped at 100 percent', () => {
    expect(starterPackagePercent(0)).toBe(0);
    expect(starterPackagePercent(1)).toBe(2);
    expect(starterPackagePercent(25)).toBe(50);
    expect(starterPackagePercent(50)).toBe(100);
    expect(starterPackagePercent(80)).toBe(100);
  });
});
