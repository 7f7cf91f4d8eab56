/** The user as the API shows them to themselves and to admins (spec section 3, User). */
import { isSupportedLocale } from '@gatehouse/common/i18n/locales';
import type { TwoStepKind } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import type { SignInFacts } from '@gatehouse/common/sign-in-steps';

import { DAY } from '../clock.ts';
import type { OrganisationRow, SessionRow, UserRow } from '../db/schema.ts';
import { sessionHasMfa } from '../sessions/amr.ts';

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A new password is required when an admin asked for one or the organisation's expiry has passed. */
export function requiresNewPassword(org: OrganisationRow, user: UserRow, now: number): boolean {
  if (user.requires_new_password) return true;
  if (org.password_expiry_days <= 0 || user.password_hash === null || user.password_set_date === null) return false;
  return now >= user.password_set_date + org.password_expiry_days * DAY;
}

/** The applications a user can open (applications/service.ts userApplications loads them). */
export type UserApplications = Pick<Account, 'accessibleClientIDs' | 'clients'>;
const NO_APPLICATIONS: UserApplications = { accessibleClientIDs: [], clients: [] };

/** Whether the organisation or an administrator requires this user to have a second step. */
export const twoStepRequired = (org: OrganisationRow, user: UserRow): boolean => org.require_two_step || user.multi_factor_auth_required;

/** A second step is required and the user has none yet: they must set one up (/twostep) before anything else. */
export const requiresTwoStep = (org: OrganisationRow, user: UserRow): boolean => twoStepRequired(org, user) && !user.has_second_factor;

/** Whether the user's sign-ins are refused for a cooldown now: one started and has not ended, and the organisation still has cooldowns on. */
export const coolingDown = (org: OrganisationRow, user: UserRow, now: number): boolean =>
  org.failed_sign_ins_before_cooldown > 0 && org.cooldown_duration_minutes > 0 && user.cooldown_until !== null && user.cooldown_until > now;

/** Only these statuses may hold a session; disabling, locking or inactivity ends it at once. */
export const SESSION_STATUSES: ReadonlySet<UserRow['status']> = new Set<UserRow['status']>(['SignedUp']);

/**
 * What the sign-in step list (common/src/sign-in-steps.ts) needs to know of a signed-in person, from their
 * session: the entry points (requireUser, the protocol interaction and its policy) all ask this.
 */
export function sessionFacts(org: OrganisationRow, user: UserRow, session: Pick<SessionRow, 'amr'>, now: number): SignInFacts {
  return {
    signedIn: true,
    lockedOut: !SESSION_STATUSES.has(user.status),
    // accounts/session.ts never makes such a session; a second factor added later upgrades the session
    // that added it and ends the others (mfa/enrolment.ts, passkeys/service.ts).
    secondFactorPending: user.has_second_factor && !sessionHasMfa(JSON.parse(session.amr) as string[]),
    requiresNewPassword: requiresNewPassword(org, user, now),
    requiresTwoStep: requiresTwoStep(org, user),
  };
}

export function toAccount(
  org: OrganisationRow,
  user: UserRow,
  now: number,
  applications: UserApplications = NO_APPLICATIONS,
  factors: { passkeys: number; kind: TwoStepKind | null } = { passkeys: 0, kind: null },
): Account {
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    surname: user.surname,
    phoneNumber: user.phone_number,
    locale: isSupportedLocale(user.locale) ? user.locale : null,
    role: user.role,
    status: user.status,
    passwordSetDate: isoOrNull(user.password_set_date),
    previousSignIn: isoOrNull(user.previous_sign_in),
    lastSignIn: isoOrNull(user.last_sign_in),
    lastFailedSignIn: isoOrNull(user.last_failed_sign_in),
    emailVerifiedDate: isoOrNull(user.email_verified_date),
    accessibleClientIDs: applications.accessibleClientIDs,
    clients: applications.clients,
    failedAuthCount: user.failed_auth_count,
    coolingDownUntil: coolingDown(org, user, now) ? isoOrNull(user.cooldown_until) : null,
    requiresNewPassword: requiresNewPassword(org, user, now),
    requiresTwoStep: requiresTwoStep(org, user),
    multiFactorAuthRequired: user.multi_factor_auth_required,
    twoStep: { enabled: user.has_second_factor, required: twoStepRequired(org, user), kind: factors.kind, passkeys: factors.passkeys },
  };
}
