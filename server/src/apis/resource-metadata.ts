/**
 * RFC 9728 protected resource metadata for the APIs Gatehouse answers for: the management API, and every
 * registered API whose identifier is on the organisation's own origin (the metadata of an API lives on
 * the API's host, RFC 9728 3.1, and Gatehouse serves only its own). A client that gets a 401 from the
 * API follows the challenge's resource_metadata to this document, and from its authorization_servers to
 * the authorization server metadata (RFC 8414).
 */
import { MANAGEMENT_SCOPE_NAMES, PROTECTED_RESOURCE_METADATA_PATH, protectedResourceMetadataUrl } from '@gatehouse/common/apis';
import { type ProtectedResourceMetadata, protectedResourceMetadataSchema } from '@gatehouse/common/schemas/apis';

import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { apiScopesOf, managementApi, managementApiIdentifier } from './service.ts';
import { findApiRowsByIdentifier } from './store.ts';

/** Where the management API's metadata is, as its 401 and 403 challenges name it. */
export function managementResourceMetadataUrl(ctx: AppContext, org: Organisation): string {
  return protectedResourceMetadataUrl(managementApiIdentifier(ctx, org))!;
}

/**
 * The identifiers whose metadata URL is this path and query on the organisation's origin: the well-known
 * path taken out again (the origin itself with and without its slash).
 */
export function identifiersAt(origin: string, pathAndQuery: string): string[] {
  if (!pathAndQuery.startsWith(PROTECTED_RESOURCE_METADATA_PATH)) return [];
  const rest = pathAndQuery.slice(PROTECTED_RESOURCE_METADATA_PATH.length);
  if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?')) return [];
  const cut = rest.indexOf('?');
  const path = cut === -1 ? rest : rest.slice(0, cut);
  const query = cut === -1 ? '' : rest.slice(cut);
  const candidates = path === '' ? [`${origin}${query}`, `${origin}/${query}`] : [`${origin}${path}${query}`];
  return candidates.filter((identifier) => protectedResourceMetadataUrl(identifier) === `${origin}${pathAndQuery}`);
}

/** The metadata document published at this path and query, or null when no API of the organisation has it. */
export async function protectedResourceMetadata(
  ctx: AppContext,
  scope: Scope,
  pathAndQuery: string,
): Promise<ProtectedResourceMetadata | null> {
  const org = scope.organisation;
  const issuer = originFor(ctx.config, org.hostname);
  const identifiers = identifiersAt(issuer, pathAndQuery);
  if (identifiers.length === 0) return null;
  const management = managementApi(ctx, org);
  const document = (resource: string, name: string, scopes: string[]) =>
    protectedResourceMetadataSchema.parse({
      resource,
      resource_name: name,
      authorization_servers: [issuer],
      scopes_supported: scopes,
      bearer_methods_supported: ['header'],
    });
  if (identifiers.includes(management.identifier)) return document(management.identifier, management.name, [...MANAGEMENT_SCOPE_NAMES]);
  const [row] = await findApiRowsByIdentifier(scope.db, identifiers);
  return row
    ? document(
        row.identifier,
        row.name,
        apiScopesOf(row).map((s) => s.value),
      )
    : null;
}
