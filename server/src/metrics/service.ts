/**
 * The organisation metrics of the admin dashboard (spec section 3, Metrics; windows of section 9):
 * sign-ins and failed sign-ins counted per minute as they happen, the protocol figures from the
 * provider's events (metrics/oidc-events.ts), the account counts from the users table and the MFA figures from
 * the credentials table. Nothing here reads more than a day of minute counters, a day of protocol events,
 * one index entry per user and one row per second factor.
 */
import type { ErrorCode } from '@gatehouse/common/errors';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { Metrics } from '@gatehouse/common/schemas/metrics';

import { DAY } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import { TTL } from '../lifetimes.ts';
import type { ActingScope, Scope } from '../scope/scope.ts';
import type { SignInResult } from '../telemetry/telemetry.ts';
import { EVENT_RETENTION_MS, oidcActivity } from './oidc-events.ts';
import { bucketOf, countPeopleWithFactors, countUsersByStatus, deleteMetricsBefore, METRIC_BUCKET_MS, sumMetrics } from './store.ts';

/** The 24-hour window of the Activity and Applications tiles. */
export const METRICS_WINDOW_MS = DAY;
/** Counters are kept as long as the protocol events. */
export const METRIC_RETENTION_MS = EVENT_RETENTION_MS;

/** How a sign-in was made, as the audit log tells it. */
export type SignInMethod =
  | 'password'
  | 'password and code'
  | 'password and passkey'
  | 'passkey'
  | 'sign-up'
  | 'hand-over'
  | 'connection'
  | 'connection and code'
  | 'connection and passkey';

/** What ends a sign-in attempt as a failed sign-in: wrong credentials or code, or an account that may not sign in. */
const FAILED_SIGN_IN: ReadonlyMap<ErrorCode, SignInResult> = new Map([
  ['INVALID_CREDENTIALS', 'invalid_credentials'],
  ['ACCOUNT_UNAVAILABLE', 'account_unavailable'],
  ['ACCOUNT_LOCKED', 'account_locked'],
  ['SIGN_IN_COOLDOWN', 'cooldown'],
  ['MFA_CODE_INVALID', 'code_invalid'],
  ['PASSKEY_INVALID', 'passkey_invalid'],
]);

/**
 * Runs a sign-in step and emits a failed sign-in when it is refused for the credentials or the account
 * (the audit and the metrics subscribe); malformed requests and expired steps are not sign-in attempts.
 */
export async function countingFailedSignIns<T>(ctx: AppContext, scope: Scope, email: string | null, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const failure = error instanceof AppError ? FAILED_SIGN_IN.get(error.code) : undefined;
    if (failure) {
      const userId = (error as AppError).userId;
      // Counted by the metrics subscriber (subscriber.ts). The address typed (known or not), never the password.
      await emit(ctx, ctx.db.kysely, scope, {
        type: 'user.sign_in_failed',
        ...(userId ? { subject: { kind: 'user', id: userId } } : {}),
        details: { reason: failure, ...(email ? { email } : {}) },
      });
    }
    throw error;
  }
}

/**
 * The organisation's figures. The Applications tile's figures are for Organisation Admins only, as the
 * tile is; a User Admin gets the Activity and Accounts figures.
 */
export async function organisationMetrics(ctx: AppContext, scope: ActingScope): Promise<Metrics> {
  const organisationId = scope.organisation.id;
  const { role } = scope.actor;
  const now = ctx.clock.now();
  const since = now - METRICS_WINDOW_MS;
  const db = ctx.db.kysely;
  const [{ sign_in: signIns, sign_in_failed: failedSignIns }, activity, users, mfa] = await Promise.all([
    // From the minute after the one holding `since`: the window is 24 hours to within a minute.
    sumMetrics(scoped(db, organisationId), ['sign_in', 'sign_in_failed'], bucketOf(since) + METRIC_BUCKET_MS),
    oidcActivity(ctx, organisationId, since, TTL.Interaction * 1000),
    countUsersByStatus(scoped(db, organisationId)),
    countPeopleWithFactors(scoped(db, organisationId)),
  ]);
  const applications =
    role === 'OrganisationAdministrator'
      ? { clients: activity.clients, authCodeFlows: activity.authCodeFlows, unusedCodes: activity.unusedCodes }
      : {};
  return {
    signIns,
    failedSignIns,
    abandonedSignIns: activity.abandonedSignIns,
    ...applications,
    registeredUsers: Object.values(users).reduce((sum, n) => sum + n, 0),
    signedUpUsers: users.SignedUp ?? 0,
    pendingUsers: users.Pending ?? 0,
    mfaUsers: mfa.people,
    mfaByKind: {
      app: mfa.byKind[TWO_STEP_KINDS.app] ?? 0,
      email: mfa.byKind[TWO_STEP_KINDS.email] ?? 0,
      sms: mfa.byKind[TWO_STEP_KINDS.sms] ?? 0,
      passkey: mfa.byKind[TWO_STEP_KINDS.passkey] ?? 0,
    },
  };
}

/** Forgets counters older than the retention (job `metrics-cleanup`). */
export function pruneMetrics(ctx: AppContext): Promise<number> {
  return deleteMetricsBefore(ctx.db.kysely, ctx.clock.now() - METRIC_RETENTION_MS);
}
