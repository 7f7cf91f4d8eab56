/**
 * The applications that hold a person's access: those with a grant (what the person consented to, or
 * was granted on first sign-in) or a refresh token of theirs, with what was granted, when, and when the
 * application last received a token. Removing an application's access ends its grants and tokens for the
 * person, and the application is told by back-channel logout where it registered a URI.
 */
import type { ConnectedApplication, ConnectedApplicationList } from '@gatehouse/common/schemas/sessions';

import type { AppContext } from '../context.ts';
import type { ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { queueClientLogouts } from './backchannel-logout.ts';

/** The models that stand for an application's hold on an account (codes and sessions do not). */
const HOLDING = ['Grant', 'RefreshToken', 'AccessToken'] as const;

interface GrantPayload {
  openid?: { scope?: string };
  resources?: Record<string, string>;
  iat?: number;
}

function grantedScopes(payload: GrantPayload): string[] {
  const all = [payload.openid?.scope ?? '', ...Object.values(payload.resources ?? {})].flatMap((s) => s.split(' ')).filter(Boolean);
  return [...new Set(all)];
}

function holdings(db: ScopedExecutor, userId: string, now: number) {
  return db
    .selectFrom('oidc_artefacts')
    .select(['model', 'client_id', 'payload', 'created_at'])
    .where('account_id', '=', userId)
    .where('model', 'in', HOLDING)
    .where('client_id', 'is not', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where('consumed_at', 'is', null)
    .execute();
}

/** The applications holding the user's access, the latest used first, at most `limit`; `more` when some were left off. */
export async function connectedApplications(
  ctx: AppContext,
  scope: Scope,
  userId: string,
  limit: number,
): Promise<ConnectedApplicationList> {
  const rows = await holdings(scope.db, userId, ctx.clock.now());
  const byClient = new Map<string, { scopes: Set<string>; grantedAt: number | null; lastUsed: number | null; hasRefreshToken: boolean }>();
  for (const row of rows) {
    const clientId = row.client_id!;
    const entry = byClient.get(clientId) ?? { scopes: new Set<string>(), grantedAt: null, lastUsed: null, hasRefreshToken: false };
    if (row.model === 'Grant') {
      for (const scope of grantedScopes(JSON.parse(row.payload) as GrantPayload)) entry.scopes.add(scope);
      entry.grantedAt = Math.min(entry.grantedAt ?? row.created_at, row.created_at);
    } else {
      entry.lastUsed = Math.max(entry.lastUsed ?? row.created_at, row.created_at);
      if (row.model === 'RefreshToken') entry.hasRefreshToken = true;
    }
    byClient.set(clientId, entry);
  }
  if (byClient.size === 0) return { applications: [], more: false };
  const clients = await scope.db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('id', 'in', [...byClient.keys()])
    .execute();
  const applications = clients
    .map((client): ConnectedApplication => {
      const entry = byClient.get(client.id)!;
      return {
        id: client.id,
        name: client.name,
        scopes: [...entry.scopes].sort(),
        grantedAt: entry.grantedAt,
        lastUsed: entry.lastUsed,
        hasRefreshToken: entry.hasRefreshToken,
      };
    })
    .sort((a, b) => (b.lastUsed ?? b.grantedAt ?? 0) - (a.lastUsed ?? a.grantedAt ?? 0));
  return { applications: applications.slice(0, limit), more: applications.length > limit };
}

/**
 * Ends one application's grants and tokens for the user and queues its back-channel logouts, audited;
 * CONNECTED_APPLICATION_NOT_FOUND when it holds nothing of theirs (or is another organisation's).
 */
export async function removeApplicationAccess(ctx: AppContext, scope: Scope, userId: string, clientId: string): Promise<void> {
  await scope.transaction(async (s) => {
    const client = await s.db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).executeTakeFirst();
    if (!client) throw new AppError('CONNECTED_APPLICATION_NOT_FOUND');
    await queueClientLogouts(ctx, userId, clientId, s.db);
    const result = await s.db
      .deleteFrom('oidc_artefacts')
      .where('account_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('CONNECTED_APPLICATION_NOT_FOUND');
    await emit(ctx, s.db, s, {
      type: 'user.application_access_removed',
      subject: { kind: 'user', id: userId },
      details: { application: client.name, applicationId: client.id },
    });
  });
}
