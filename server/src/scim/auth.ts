/**
 * Who may call SCIM: `Authorization: Bearer` with either the application's SCIM token (found by its
 * SHA-256, only while the application exists and has SCIM enabled) or an access token the
 * organisation's own token endpoint issued to that application by client credentials with scope
 * `scim`. Both are checked against the database on every call, so turning SCIM off or deleting the
 * application stops its tokens at once, in every process.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { ClientRow } from '../db/schema.ts';
import { findClient } from '../applications/store.ts';
import type { ProviderRegistry } from '../oidc/registry.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { unauthorised } from './errors.ts';
import { findClientByScimToken } from './store.ts';

export const SCIM_SCOPE = 'scim';
const TOKEN_PREFIX = 'gh_scim_';

/** SHA-256 of a SCIM token: tokens are 256 random bits, so a fast hash is enough and nothing reversible is kept. */
export const hashScimToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A new SCIM token (prefixed, so secret scanners can recognise a leaked one). */
export const newScimToken = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

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
  if (token.startsWith(TOKEN_PREFIX)) {
    const client = await findClientByScimToken(ctx.db.kysely, org.id, hashScimToken(token));
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
  const client = await findClient(ctx.db.kysely, org.id, issued.clientId);
  if (!client?.scim_enabled) throw unauthorised();
  return client;
}
