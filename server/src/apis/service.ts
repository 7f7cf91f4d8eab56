/**
 * Protected APIs of an organisation: the built-in management API and the ones its admins register, and
 * which applications may ask for which of their scopes. The organisation's provider is built from these
 * (resource-servers.ts), so every change invalidates it, in every process.
 */
import { randomUUID } from 'node:crypto';

import {
  API_LIMITS,
  API_MESSAGES,
  MANAGEMENT_API_ID,
  MANAGEMENT_API_PATH,
  MANAGEMENT_SCOPE_NAMES,
  MANAGEMENT_SCOPES,
} from '@gatehouse/common/apis';
import type { ApiGrant, ProtectedApi } from '@gatehouse/common/schemas/apis';
import type { apiCreateRequest, apiUpdateRequest } from '@gatehouse/common/schemas/apis';
import type { z } from 'zod';

import { findClient } from '../applications/store.ts';
import { changedFields } from '../audit/changes.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { ApiRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { dropRemovedPermissions } from '../roles/store.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { countApis, deleteApiRow, findApiRow, insertApi, listApiGrants, listApiRows, putGrant, updateApiRow } from './store.ts';

type ApiScope = ProtectedApi['scopes'][number];

/** The management API's identifier at this organisation: its origin and /api. */
export const managementApiIdentifier = (ctx: AppContext, org: Organisation): string =>
  `${originFor(ctx.config, org.hostname)}${MANAGEMENT_API_PATH}`;

/** The management API's access tokens live as long as the default: they are checked against the grants on every call anyway. */
export const MANAGEMENT_TOKEN_TTL = API_LIMITS.ttlDefault;

export function managementApi(ctx: AppContext, org: Organisation): ProtectedApi {
  return {
    id: MANAGEMENT_API_ID,
    name: API_MESSAGES.managementName,
    identifier: managementApiIdentifier(ctx, org),
    accessTokenTtl: MANAGEMENT_TOKEN_TTL,
    scopes: MANAGEMENT_SCOPE_NAMES.map((value) => ({ value, description: MANAGEMENT_SCOPES[value] })),
    builtIn: true,
    createdAt: null,
  };
}

export const apiScopesOf = (row: Pick<ApiRow, 'scopes'>): ApiScope[] => JSON.parse(row.scopes) as ApiScope[];

function view(row: Unstamped<ApiRow>): ProtectedApi {
  return {
    id: row.id,
    name: row.name,
    identifier: row.identifier,
    accessTokenTtl: row.access_token_ttl,
    scopes: apiScopesOf(row),
    builtIn: false,
    createdAt: row.created_at,
  };
}

export async function listApis(ctx: AppContext, scope: Scope): Promise<ProtectedApi[]> {
  return [managementApi(ctx, scope.organisation), ...(await listApiRows(scope.db)).map(view)];
}

export async function getApi(ctx: AppContext, scope: Scope, id: string): Promise<ProtectedApi> {
  if (id === MANAGEMENT_API_ID) return managementApi(ctx, scope.organisation);
  const row = await findApiRow(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return view(row);
}

function refuseBuiltIn(id: string): void {
  if (id === MANAGEMENT_API_ID) throw new AppError('FORBIDDEN', { message: API_MESSAGES.builtInReadOnly });
}

export async function createApi(ctx: AppContext, scope: Scope, input: z.output<typeof apiCreateRequest>): Promise<ProtectedApi> {
  if (input.identifier === managementApiIdentifier(ctx, scope.organisation))
    throw fieldError('identifier', API_MESSAGES.identifierReserved);
  if ((await countApis(scope.db)) >= API_LIMITS.apisMax) throw new AppError('CONFLICT', { message: API_MESSAGES.tooMany });
  const now = ctx.clock.now();
  const row: Unstamped<ApiRow> = {
    id: randomUUID(),
    name: input.name,
    identifier: input.identifier,
    scopes: JSON.stringify(input.scopes),
    access_token_ttl: input.accessTokenTtl,
    created_at: now,
    updated_at: now,
  };
  try {
    await scope.transaction(async (inner) => {
      await insertApi(inner.db, row);
      await emit(ctx, inner.db, inner, {
        type: 'api.created',
        subject: { kind: 'api', id: row.id },
        details: { name: row.name, identifier: row.identifier, scopes: input.scopes.map((s) => s.value) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('identifier', API_MESSAGES.identifierTaken, 'CONFLICT');
    throw error;
  }
  return view(row);
}

/** Changes an API; applications keep only the scopes it still has. */
export async function updateApi(
  ctx: AppContext,
  scope: Scope,
  id: string,
  input: z.output<typeof apiUpdateRequest>,
): Promise<ProtectedApi> {
  refuseBuiltIn(id);
  const row = await findApiRow(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const kept = new Set(input.scopes.map((s) => s.value));
  const changes = {
    name: input.name,
    scopes: JSON.stringify(input.scopes),
    access_token_ttl: input.accessTokenTtl,
    updated_at: ctx.clock.now(),
  };
  const details = changedFields(
    { name: row.name, scopes: apiScopesOf(row).map((s) => s.value), accessTokenTtl: row.access_token_ttl },
    { name: input.name, scopes: [...kept], accessTokenTtl: input.accessTokenTtl },
  );
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const db = scoped(trx, scope.organisation.id);
    await updateApiRow(db, id, changes);
    for (const grant of await listApiGrants(db, id)) {
      const scopes = grant.scopes.split(' ').filter((scope) => kept.has(scope));
      if (scopes.length !== grant.scopes.split(' ').length) await putGrant(db, id, grant.client_id, scopes);
    }
    // Roles keep only the scopes it still has too.
    await dropRemovedPermissions(db, id, [...kept]);
    if (Object.keys(details).length > 0)
      await emit(ctx, trx, scope, {
        type: 'api.updated',
        subject: { kind: 'api', id },
        details: { identifier: row.identifier, ...details },
      });
  });
  return view({ ...row, ...changes });
}

export async function deleteApi(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  refuseBuiltIn(id);
  const row = await findApiRow(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  await scope.transaction(async (inner) => {
    await deleteApiRow(inner.db, id);
    await emit(ctx, inner.db, inner, {
      type: 'api.deleted',
      subject: { kind: 'api', id },
      details: { name: row.name, identifier: row.identifier },
    });
  });
}

export async function listGrants(ctx: AppContext, scope: Scope, apiId: string): Promise<ApiGrant[]> {
  await getApi(ctx, scope, apiId);
  return (await listApiGrants(scope.db, apiId)).map((row) => ({
    clientId: row.client_id,
    scopes: row.scopes.split(' '),
  }));
}

/**
 * Sets which of the API's scopes an application may ask for. Only Machine to machine applications may
 * hold the management API's scopes: its tokens come from the client credentials grant alone.
 */
export async function setGrant(
  ctx: AppContext,
  scope: Scope,
  apiId: string,
  clientId: string,
  scopes: readonly string[],
): Promise<ApiGrant> {
  const api = await getApi(ctx, scope, apiId);
  const client = await findClient(scope.db, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  if (api.builtIn && client.client_type !== 'machine' && scopes.length > 0) throw fieldError('scopes', API_MESSAGES.notForApplication);
  const defined = new Set(api.scopes.map((s) => s.value));
  if (scopes.some((scope) => !defined.has(scope))) throw fieldError('scopes', API_MESSAGES.unknownScope);
  const wanted = [...new Set(scopes)];
  await scope.transaction(async (inner) => {
    const before = (await listApiGrants(inner.db, apiId)).find((row) => row.client_id === clientId)?.scopes.split(' ') ?? [];
    await putGrant(inner.db, apiId, clientId, wanted);
    const details = changedFields({ scopes: before.sort() }, { scopes: [...wanted].sort() });
    if (Object.keys(details).length > 0)
      await emit(ctx, inner.db, inner, {
        type: 'api.access_changed',
        subject: { kind: 'application', id: clientId },
        details: { api: api.identifier, ...details },
      });
  });
  return { clientId, scopes: wanted };
}
