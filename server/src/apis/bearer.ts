/**
 * Applications calling the management API (`/api`) with `Authorization: Bearer`: the token must be a JWT
 * access token (RFC 9068) this organisation's token endpoint issued by client credentials for its
 * management API (`aud` = the organisation's origin + /api), signed with the organisation's keys and
 * unexpired. The application must still exist and still hold the scope the endpoint declares: its
 * grants are read on every call, so revoking access or deleting the application stops its tokens at once,
 * in every process. Errors follow RFC 6750 (401 invalid_token, 403 insufficient_scope).
 */
import { MANAGEMENT_API_ID, type ManagementScope } from '@gatehouse/common/apis';
import { createLocalJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

import { findClient } from '../applications/store.ts';
import { originFor } from '../config.ts';
import type { AppContext, ProviderKeys } from '../context.ts';
import type { ClientRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError } from '../http/errors.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { managementApiIdentifier } from './service.ts';
import { findGrantScopes } from './store.ts';

const keySets = new WeakMap<ProviderKeys, JWTVerifyGetKey>();

/** The organisation's keys as its JWKS publishes them. */
export function publicKeySet(jwks: readonly JsonWebKey[]): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: [...jwks] });
}

/**
 * The application a bearer call acts for, and the scopes both its token and its current grants hold:
 * the bearer authenticator app.ts gives http/contract.ts. The keys are those of the organisation's
 * provider (`ctx.providers`, set when the server is built).
 */
export async function authenticateManagementCall(
  ctx: AppContext,
  org: Organisation,
  token: string,
): Promise<{ client: ClientRow; scopes: Set<ManagementScope> }> {
  const registry = ctx.providers;
  if (!registry || token === '') throw new AppError('INVALID_TOKEN');
  const entry = await registry.get(org);
  let keys = keySets.get(entry);
  if (!keys) keySets.set(entry, (keys = publicKeySet(entry.jwks)));
  let clientId: string;
  let granted: Set<string>;
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: originFor(ctx.config, org.hostname),
      audience: managementApiIdentifier(ctx, org),
      typ: 'at+jwt',
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['exp', 'client_id', 'sub'],
      currentDate: new Date(ctx.clock.now()),
    });
    // Client credentials only: the token is the application's own, not a user's.
    if (typeof payload.client_id !== 'string' || payload.sub !== payload.client_id) throw new Error('not a client credentials token');
    clientId = payload.client_id;
    granted = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ') : []);
  } catch {
    throw new AppError('INVALID_TOKEN');
  }
  const client = await findClient(scoped(ctx.db.kysely, org.id), clientId);
  if (!client) throw new AppError('INVALID_TOKEN');
  const current = (await findGrantScopes(scoped(ctx.db.kysely, org.id), MANAGEMENT_API_ID, client.id))?.split(' ') ?? [];
  return { client, scopes: new Set(current.filter((scope) => granted.has(scope)) as ManagementScope[]) };
}
