/**
 * Who may call SCIM: `Authorization: Bearer` with either the application's SCIM token (found by its
 * SHA-256, only while the application exists and has SCIM enabled) or an access token the
 * organisation's own token endpoint issued to that application by client credentials with scope
 * `scim`. Both are checked against the database on every call, so turning SCIM off or deleting the
 * application stops its tokens at once, in every process.
 */
import { hashScimToken, SCIM_SCOPE, SCIM_TOKEN_PREFIX } from '../applications/scim-token.ts';
import { findClient } from '../applications/store.ts';
import type { AppContext } from '../context.ts';
import type { ClientRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import type { ProviderRegistry } from '../oidc/registry.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { unauthorised } from './errors.ts';
import { findClientByScimToken } from './store.ts';

function bearerOf(header: string | undefined): string | null {
  const match = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** The application a SCIM call acts for; 401 for anything else. */
export async function authenticateScim(
  ctx: AppContext,
  org: Organisation,
  registry: ProviderRegistry,
  authorization: string | undefined,
): Promise<ClientRow> {
  const token = bearerOf(authorization);
  if (!token) throw unauthorised();
  if (token.startsWith(SCIM_TOKEN_PREFIX)) {
    const client = await findClientByScimToken(scoped(ctx.db.kysely, org.id), hashScimToken(token));
    if (client) return client;
    throw unauthorised();
  }
  const { provider } = await registry.get(org);
  const issued = await provider.ClientCredentials.find(token);
  if (
    !issued?.clientId ||
    !String(issued.scope ?? '')
      .split(' ')
      .includes(SCIM_SCOPE)
  )
    throw unauthorised();
  const client = await findClient(scoped(ctx.db.kysely, org.id), issued.clientId);
  if (!client?.scim_enabled) throw unauthorised();
  return client;
}
