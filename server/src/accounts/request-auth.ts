/**
 * Who a request's session cookie signs in: the session authenticator app.ts gives http/request-context.ts,
 * so the HTTP plumbing reads cookies without knowing users or sessions.
 */
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import type { Auth, SessionAuthenticator } from '../http/request-context.ts';
import { resumeSession } from '../sessions/service.ts';
import { requiresNewPassword, requiresTwoStep } from './model.ts';
import { findUserById } from './store.ts';

/** Only these statuses may hold a session; disabling, locking or inactivity ends it at once. */
const SESSION_STATUSES = new Set<UserRow['status']>(['SignedUp']);

export const sessionAuthenticator: SessionAuthenticator = {
  async load(ctx: AppContext, organisationId: string, token: string): Promise<Auth | null> {
    const session = await resumeSession(ctx, organisationId, token);
    if (!session) return null;
    const user = await findUserById(ctx.db.kysely, organisationId, session.user_id);
    if (!user || !SESSION_STATUSES.has(user.status)) return null;
    return { session, user, token };
  },
  requiresNewPassword: (ctx, org, user) => requiresNewPassword(org.row, user, ctx.clock.now()),
  requiresTwoStep: (org, user) => requiresTwoStep(org.row, user),
};
