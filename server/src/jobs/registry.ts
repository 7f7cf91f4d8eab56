/** Every scheduled job of the server. Each domain adds its own here. */
import { LIMITS } from '@gatehouse/common/policy';

import { runInactivityRules } from '../accounts/inactivity.ts';
import { deleteStaleThrottles } from '../accounts/store.ts';
import { applyAuditRetention } from '../audit/service.ts';
import { demoCleanup } from '../base-organisation/demo-cleanup.ts';
import { DAY, HOUR, MINUTE } from '../clock.ts';
import { deleteExpiredFlows } from '../connections/store.ts';
import { resumeImports } from '../imports/service.ts';
import { metricsCleanup } from '../metrics/jobs.ts';
import { deleteExpiredMfaRows } from '../mfa/store.ts';
import { oidcCleanup } from '../oidc/jobs.ts';
import { deleteExpiredChallenges } from '../passkeys/store.ts';
import { deleteExpiredRecoveryFlows } from '../recovery/store.ts';
import { deleteExpiredSamlRows } from '../saml-apps/store.ts';
import { deleteExpiredSessions } from '../sessions/store.ts';
import { deleteExpiredEmailTokens } from '../tokens/store.ts';
import { runWebhookUpkeep } from '../webhooks/delivery.ts';
import type { Job } from './runner.ts';

const expireSessions: Job = {
  name: 'expire-sessions',
  intervalMs: 15 * MINUTE,
  async run(ctx) {
    const deleted = await deleteExpiredSessions(ctx.db.kysely, ctx.clock.now(), LIMITS.sessionIdleMs);
    return `deleted ${deleted} expired sessions`;
  },
};

/** Retries the outbox's messages that could not be delivered at once (delivery/outbox.ts); purges month-old ones. */
const deliverMail: Job = {
  name: 'deliver-mail',
  intervalMs: MINUTE,
  run: (ctx) => ctx.delivery.retryDue(),
};

/** Webhooks are delivered by each process's own loop (webhooks/delivery.ts): this only gives up on stale ones and kicks it. */
const deliverWebhooks: Job = {
  name: 'deliver-webhooks',
  intervalMs: MINUTE,
  run: runWebhookUpkeep,
};

/** Inactivity warnings, deactivation and deletion (organisation sign-in policy). */
const accountInactivity: Job = {
  name: 'account-inactivity',
  intervalMs: HOUR,
  run: runInactivityRules,
};

/** Forgets expired link tokens and recovery requests, and month-old throttles of unknown emails. */
const accountCleanup: Job = {
  name: 'account-cleanup',
  intervalMs: HOUR,
  async run(ctx) {
    const now = ctx.clock.now();
    const tokens = await deleteExpiredEmailTokens(ctx.db.kysely, now);
    const flows = await deleteExpiredRecoveryFlows(ctx.db.kysely, now);
    const throttles = await deleteStaleThrottles(ctx.db.kysely, now - 30 * DAY);
    return `deleted ${tokens} expired tokens, ${flows} recovery requests, ${throttles} throttles`;
  },
};

/** Forgets sign-ins that waited too long for their code, abandoned MFA set-ups and expired remembered devices. */
const mfaCleanup: Job = {
  name: 'mfa-cleanup',
  intervalMs: HOUR,
  async run(ctx) {
    const now = ctx.clock.now();
    const deleted = (await deleteExpiredMfaRows(ctx.db.kysely, now)) + (await deleteExpiredChallenges(ctx.db.kysely, now));
    return `deleted ${deleted} expired sign-in states, set-ups, remembered devices and passkey challenges`;
  },
};

/** Forgets sign-ins sent to an upstream identity provider that never came back, and SAML applications' sign-ins never finished. */
const connectionCleanup: Job = {
  name: 'connection-cleanup',
  intervalMs: HOUR,
  async run(ctx) {
    const now = ctx.clock.now();
    const [upstream, saml] = await Promise.all([deleteExpiredFlows(ctx.db.kysely, now), deleteExpiredSamlRows(ctx.db.kysely, now)]);
    return `deleted ${upstream} expired upstream sign-ins and ${saml} expired SAML application sign-ins and request IDs`;
  },
};

/** Deletes audit events older than AUDIT_RETENTION_DAYS. */
const auditRetention: Job = {
  name: 'audit-retention',
  intervalMs: HOUR,
  run: applyAuditRetention,
};

/** Import jobs whose process stopped (a restart, a crash) go on from their last settled row. */
const importPeople: Job = {
  name: 'import-people',
  intervalMs: MINUTE,
  run: resumeImports,
};

export const JOBS: readonly Job[] = [
  expireSessions,
  deliverMail,
  deliverWebhooks,
  accountInactivity,
  accountCleanup,
  oidcCleanup,
  mfaCleanup,
  connectionCleanup,
  demoCleanup,
  metricsCleanup,
  auditRetention,
  importPeople,
];
