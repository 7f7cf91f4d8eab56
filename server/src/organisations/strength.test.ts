import { ORGANISATION_DEFAULTS, RECOMMENDED_SETTINGS } from '@gatehouse/common/policy';
import { describe, expect, it } from 'vitest';

import { type ScoredSettings, scoreParts, settingsScore } from './strength.ts';

const defaults: ScoredSettings = { ...ORGANISATION_DEFAULTS };
const recommended: ScoredSettings = { ...RECOMMENDED_SETTINGS };

describe('settings strength score', () => {
  it('has parts whose maxima add up to 100, and the strongest settings reach it', () => {
    expect(Object.values(scoreParts(defaults)).reduce((sum, part) => sum + part.max, 0)).toBe(100);
    expect(settingsScore({ ...recommended, passwordMinLength: 15 })).toBe(100);
  });

  it('scores the defaults 60 and the recommended settings 90', () => {
    expect(settingsScore(defaults)).toBe(60);
    expect(settingsScore(recommended)).toBe(90);
  });

  it('gives the most to required MFA, less for SMS or email codes and remembered devices', () => {
    expect(settingsScore({ ...defaults, requireTwoStep: true }) - settingsScore(defaults)).toBe(25);
    expect(settingsScore({ ...recommended, allowSMSTwoStep: true })).toBe(85);
    expect(settingsScore({ ...recommended, allowSMSTwoStep: true, allowEmailTwoStep: true })).toBe(80);
    expect(settingsScore({ ...recommended, rememberMeDays: 0.5 })).toBe(88);
    expect(settingsScore({ ...recommended, rememberMeDays: 90 })).toBe(80);
    // Allowing code channels costs nothing when MFA is not required at all.
    expect(settingsScore({ ...defaults, allowSMSTwoStep: true, allowEmailTwoStep: true })).toBe(60);
  });

  it('gives a little to passwordless sign-in by passkey, with or without required MFA', () => {
    expect(settingsScore({ ...defaults, allowPasswordless: true }) - settingsScore(defaults)).toBe(5);
    expect(settingsScore({ ...recommended, allowPasswordless: false })).toBe(85);
  });

  it('rewards longer minimum lengths and the common-password list', () => {
    const at = (passwordMinLength: number) => settingsScore({ ...defaults, passwordMinLength });
    expect([at(8), at(10), at(12), at(15)]).toEqual([51, 60, 65, 70]);
    expect(settingsScore({ ...defaults, usePasswordList: false })).toBe(50);
  });

  it('takes points for forced expiry and for switching off cooldown, lockout, inactivity or short invitations', () => {
    expect(settingsScore({ ...defaults, passwordExpiryDays: 30 })).toBe(55);
    expect(settingsScore({ ...defaults, passwordExpiryDays: 365 })).toBe(60);
    expect(settingsScore({ ...defaults, cooldownDurationMinutes: 0 })).toBe(50);
    expect(settingsScore({ ...defaults, cooldownDurationMinutes: 5 })).toBe(56);
    expect(settingsScore({ ...defaults, failedSignInsBeforeLockout: 0 })).toBe(50);
    expect(settingsScore({ ...defaults, failedSignInsBeforeLockout: 50 })).toBe(55);
    expect(settingsScore({ ...defaults, inactivityExpiryDays: 0 })).toBe(55);
    expect(settingsScore({ ...defaults, invitationExpiryHours: 720 })).toBe(56);
  });
});
