/**
 * The provider's side of protected APIs (RFC 8707): which API a `resource` (or its alias `audience`)
 * names, which of its scopes the asking application may have, and the token it gets: a JWT access token
 * per RFC 9068 (`typ: at+jwt`, `aud` = the API's identifier, `scope`, `client_id`, `sub`), signed with the
 * organisation's current RS256 key and verifiable offline with the JWKS. Requests without a resource get
 * today's opaque tokens for userinfo. Built from rows loaded with the provider, so a change to an API or
 * a grant (which invalidates the provider) applies at once.
 */
import { MANAGEMENT_API_ID, MANAGEMENT_API_PATH } from '@gatehouse/common/apis';
import { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';

import type { ApiGrantRow, ApiRow } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';
import { heldScopes } from '../roles/store.ts';
import { MANAGEMENT_TOKEN_TTL } from './service.ts';

export interface ResourceServerInputs {
  apis: readonly ApiRow[];
  grants: readonly ApiGrantRow[];
}

type ResourceIndicators = NonNullable<NonNullable<Configuration['features']>['resourceIndicators']>;

/** The `audience` parameter some client libraries send (Auth0's name) instead of `resource` (the token endpoint: oidc/provider-patches.ts). */
export const AUDIENCE_PARAMETER = 'audience';

export function resourceIndicators(issuer: string, inputs: ResourceServerInputs, store: ScopedExecutor): ResourceIndicators {
  const apis = new Map<string, { id: string; ttl: number }>([
    [`${issuer}${MANAGEMENT_API_PATH}`, { id: MANAGEMENT_API_ID, ttl: MANAGEMENT_TOKEN_TTL }],
  ]);
  for (const row of inputs.apis) apis.set(row.identifier, { id: row.id, ttl: row.access_token_ttl });
  const granted = new Map(inputs.grants.map((row) => [`${row.client_id} ${row.api_id}`, row.scopes]));
  return {
    enabled: true,
    // Without a resource, the audience alias (when given) names the API; otherwise tokens are for userinfo.
    defaultResource: (ctx: KoaContextWithOIDC) => {
      const audience = (ctx.oidc.params as Record<string, unknown> | undefined)?.[AUDIENCE_PARAMETER];
      return typeof audience === 'string' && audience !== '' ? audience : undefined;
    },
    // A code or refresh token of a grant made for an API gives tokens for that API when the exchange names none.
    useGrantedResource: () => true,
    getResourceServerInfo: async (ctx: KoaContextWithOIDC, indicator: string, client: { clientId: string }) => {
      const api = apis.get(indicator);
      if (!api) throw new errors.InvalidTarget('this organisation has no API with that identifier');
      const scopes = granted.get(`${client.clientId} ${api.id}`);
      if (!scopes) throw new errors.InvalidTarget('the application has no access to this API');
      const params = ctx.oidc.params as Record<string, unknown> | undefined;
      if (api.id === MANAGEMENT_API_ID && !(ctx.oidc.route === 'token' && params?.grant_type === 'client_credentials'))
        throw new errors.InvalidTarget('tokens for the management API come from the client credentials grant only');
      refuseOnlyUngrantedScopes(ctx, scopes);
      const held = api.id === MANAGEMENT_API_ID ? scopes : await heldByPerson(ctx, store, indicator, scopes);
      return { scope: held, audience: indicator, accessTokenTTL: api.ttl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
    },
  };
}

/**
 * A request that names API scopes, none of which the application was granted on that API, is refused
 * with invalid_scope (RFC 6749 5.2) rather than answered with a token of no scope. Where some
 * of them were granted, the token carries those (a narrower scope, RFC 6749 3.3). Scopes of OpenID
 * Connect (openid, email, ...) are no API's; a request without API scopes is not refused here.
 */
function refuseOnlyUngrantedScopes(ctx: KoaContextWithOIDC, granted: string): void {
  const oidcScopes = ctx.oidc.requestParamOIDCScopes;
  const asked = [...ctx.oidc.requestParamScopes].filter((scope) => scope !== '' && !oidcScopes.has(scope));
  if (asked.length === 0) return;
  const allowed = new Set(granted.split(' '));
  if (!asked.some((scope) => allowed.has(scope)))
    throw new errors.InvalidScope('the application was not granted the requested scopes on this API', asked.join(' '));
}

/**
 * At the token endpoint, a token issued for a person (a code, refresh token or device code: their grant)
 * carries only the scopes the application was granted that the person holds through their roles, read
 * now, so taking a role away narrows the next token. Elsewhere (the authorization endpoint, where the
 * grant records what the application may ask for) and for clients acting for themselves the
 * application's grant is the answer.
 */
async function heldByPerson(ctx: KoaContextWithOIDC, store: ScopedExecutor, indicator: string, granted: string): Promise<string> {
  if (ctx.oidc.route !== 'token') return granted;
  const accountId = (ctx.oidc.entities as { Grant?: { accountId?: string } }).Grant?.accountId;
  if (!accountId) return granted;
  const held = await heldScopes(store, accountId, indicator);
  return granted
    .split(' ')
    .filter((scope) => held.has(scope))
    .join(' ');
}
