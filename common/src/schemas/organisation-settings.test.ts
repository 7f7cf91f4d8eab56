import { describe, expect, it } from 'vitest';

import { ORGANISATION_DEFAULTS, RECOMMENDED_SETTINGS } from '../policy.ts';
import {
  isHttpUrl,
  organisationSettingsRequest,
  SETTINGS_RANGES,
  whitelistEntryLabel,
  whitelistEntryProblem,
} from './organisation-settings.ts';

describe('recommended settings', () => {
  it("are the spec's guidance values (section 5)", () => {
    expect(RECOMMENDED_SETTINGS).toMatchObject({
      passwordMinLength: 10,
      passwordExpiryDays: 0,
      invitationExpiryHours: 168,
      failedSignInsBeforeCooldown: 5,
      cooldownDurationMinutes: 30,
      failedSignInsBeforeLockout: 10,
      reactivationGracePeriodDays: 3,
      inactivityExpiryDays: 60,
      inactivityDeletionDays: 0,
      inactivityNotificationEmailDays: 7,
      rememberMeDays: 0,
    });
  });

  it('are within the accepted ranges, as are the defaults', () => {
    for (const [name, { min, max }] of Object.entries(SETTINGS_RANGES)) {
      for (const source of [RECOMMENDED_SETTINGS, ORGANISATION_DEFAULTS] as Record<string, unknown>[]) {
        const value = source[name] as number;
        expect(value, name).toBeGreaterThanOrEqual(min);
        expect(value, name).toBeLessThanOrEqual(max);
      }
    }
  });
});

describe('the email whitelist', () => {
  it("shows '/.*/' as 'Any email address is allowed'", () => {
    expect(whitelistEntryLabel('/.*/')).toBe('Any email address is allowed');
    expect(whitelistEntryLabel('a@b.test')).toBe('a@b.test');
  });

  it('takes plain addresses and compilable patterns between slashes', () => {
    expect(whitelistEntryProblem('someone@example.com')).toBeNull();
    expect(whitelistEntryProblem('/@example\\.com$/')).toBeNull();
    expect(whitelistEntryProblem('/.*/')).toBeNull();
    expect(whitelistEntryProblem('example.com')).toContain('neither an email address nor a pattern');
    expect(whitelistEntryProblem('//')).toContain('not a valid pattern');
    expect(whitelistEntryProblem('/[a-/')).toContain('not a valid pattern');
  });

  it('refuses back-references and look-around, which only a backtracking engine runs', () => {
    for (const pattern of ['/(a+)\\1/', '/(?=x)/', '/(?!x)y/', '/(?<=a)b/', '/(?<!a)b/', '/(?<n>a)\\k<n>/']) {
      expect(whitelistEntryProblem(pattern), pattern).toContain('back-references or look-around');
    }
  });

  it('lower-cases addresses, keeps patterns as written, drops blanks and duplicates', () => {
    const parsed = organisationSettingsRequest.shape.userEmailWhitelist.parse([
      '  Bob@Example.com ',
      '',
      'bob@example.com',
      '/@Acme\\.test$/',
    ]);
    expect(parsed).toEqual(['bob@example.com', '/@Acme\\.test$/']);
  });
});

describe('settings fields', () => {
  it('accepts only absolute http(s) URLs without credentials', () => {
    expect(isHttpUrl('https://example.com/privacy')).toBe(true);
    expect(isHttpUrl('http://localhost:3000/help')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://example.com', 'https://u:p@example.com']) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });

  it('requires the numeric settings: a blank is missing, not 0', () => {
    const result = organisationSettingsRequest.shape.passwordExpiryDays.safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('This field is required');
    expect(organisationSettingsRequest.shape.passwordExpiryDays.parse('0')).toBe(0);
    expect(organisationSettingsRequest.shape.rememberMeDays.parse('0.5')).toBe(0.5);
  });
});
