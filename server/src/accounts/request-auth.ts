/**
 * Who a request's session cookie signs in: the session authenticator app.ts gives http/request-context.ts,
 * so the HTTP plumbing reads cookies without knowing users or sessions.
 */
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import type { Auth, SessionAuthenticator } from '../http/request-context.ts';
import { resumeSession } from '../sessions/service.ts';
import { SESSION_STATUSES, sessionFacts } from './model.ts';
import { findUserById } from './store.ts';

export const sessionAuthenticator: SessionAuthenticator = {
  async load(ctx: AppContext, organisationId: string, token: string): Promise<Auth | null> {
    const session = await resumeSession(ctx, organisationId, token);
    if (!session) return null;
    const user = await findUserById(scoped(ctx.db.kysely, organisationId), session.user_id);
    if (!user || !SESSION_STATUSES.has(user.status)) return null;
    return { session, user, token };
  },
  facts: (ctx, org, auth) => sessionFacts(org.row, auth.user, auth.session, ctx.clock.now()),
};
