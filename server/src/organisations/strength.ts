/**
 * The security strength score of an organisation's settings, 0 to 100 (docs/domains/organisations.md,
 * "Settings strength score"). Points go to what measurably protects accounts, weighted by how much:
 * multi-factor authentication most, then password length and the common-password list, then limits
 * on guessing and on how long unused access lives; passwordless sign-in by passkey earns a little, as the
 * one way offered to sign in that phishing cannot capture. Composition rules, forced expiry and password
 * history earn nothing (NIST SP 800-63B 3.1.1.2, OWASP ASVS 2.1.9-2.1.10): they push users to
 * predictable passwords without stopping guessing.
 */
import type { OrganisationSettings } from '@gatehouse/common/schemas/organisation-settings';

export type ScoredSettings = Pick<
  OrganisationSettings,
  | 'requireTwoStep'
  | 'allowSMSTwoStep'
  | 'allowEmailTwoStep'
  | 'allowPasswordless'
  | 'rememberMeDays'
  | 'passwordMinLength'
  | 'usePasswordList'
  | 'passwordExpiryDays'
  | 'failedSignInsBeforeCooldown'
  | 'cooldownDurationMinutes'
  | 'failedSignInsBeforeLockout'
  | 'inactivityExpiryDays'
  | 'invitationExpiryHours'
>;

/** Each part's points for the settings; the parts' maxima add up to 100. */
export function scoreParts(s: ScoredSettings): Record<string, { points: number; max: number }> {
  return {
    multiFactor: { points: multiFactorPoints(s), max: 25 },
    passkeys: { points: s.allowPasswordless ? 5 : 0, max: 5 },
    passwordLength: { points: passwordLengthPoints(s.passwordMinLength), max: 25 },
    passwordList: { points: s.usePasswordList ? 10 : 0, max: 10 },
    noForcedExpiry: { points: expiryPoints(s.passwordExpiryDays), max: 5 },
    cooldown: { points: cooldownPoints(s), max: 10 },
    lockout: { points: lockoutPoints(s.failedSignInsBeforeLockout), max: 10 },
    inactivity: { points: inactivityPoints(s.inactivityExpiryDays), max: 5 },
    invitations: { points: invitationPoints(s.invitationExpiryHours), max: 5 },
  };
}

export function settingsScore(s: ScoredSettings): number {
  return Object.values(scoreParts(s)).reduce((sum, part) => sum + part.points, 0);
}

/** Required MFA: 25, less 5 for each phishable code channel allowed (SMS, email) and up to 10 for skipping it on remembered devices. */
function multiFactorPoints(s: ScoredSettings): number {
  if (!s.requireTwoStep) return 0;
  const remembered = s.rememberMeDays <= 0 ? 0 : s.rememberMeDays <= 1 ? 2 : s.rememberMeDays <= 7 ? 4 : s.rememberMeDays <= 30 ? 6 : 10;
  return Math.max(0, 25 - (s.allowSMSTwoStep ? 5 : 0) - (s.allowEmailTwoStep ? 5 : 0) - remembered);
}

/** NIST asks 15 characters of single-factor passwords and at least 8 with MFA. */
function passwordLengthPoints(minLength: number): number {
  if (minLength >= 15) return 25;
  if (minLength >= 12) return 20;
  if (minLength >= 10) return 15;
  return 6;
}

/** Expiring passwords often makes them weaker; a yearly change or none gets the points. */
function expiryPoints(days: number): number {
  if (days === 0 || days >= 365) return 5;
  return days >= 90 ? 3 : 0;
}

/** A short pause after a few failures slows guessing without locking anyone out. */
function cooldownPoints(s: ScoredSettings): number {
  if (s.failedSignInsBeforeCooldown === 0 || s.cooldownDurationMinutes === 0) return 0;
  if (s.failedSignInsBeforeCooldown > 10) return 4;
  return s.cooldownDurationMinutes >= 15 ? 10 : 6;
}

function lockoutPoints(failures: number): number {
  if (failures === 0) return 0;
  if (failures <= 20) return 10;
  return failures <= 100 ? 5 : 2;
}

/** Unused accounts are quietly taken over; disabling them after a few months closes that door. */
function inactivityPoints(days: number): number {
  if (days === 0) return 0;
  if (days <= 90) return 5;
  return days <= 365 ? 3 : 1;
}

/** An invitation is a bearer link to an account; the shorter it lives, the less a leaked email exposes. */
function invitationPoints(hours: number): number {
  if (hours <= 168) return 5;
  return hours <= 336 ? 3 : 1;
}
