/**
 * Managing an organisation's sign-in connections (Organisation Admins): the rows, their sealed client
 * secrets, and the audit events. The upstream sign-in itself is sign-in.ts.
 */
import { randomUUID } from 'node:crypto';
import { CONNECTION_LIMITS, CONNECTION_MESSAGES, connectionJwksPath } from '@gatehouse/common/connections';
import { originFor } from '../config.ts';
import type { Connection, ConnectionRequest, SignInConnections, UserConnections } from '@gatehouse/common/schemas/connections';
import { emit } from '../events/events.ts';
import type { AppContext } from '../context.ts';
import type { SamlConnectionRow, SignInConnectionRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { findUserById } from '../accounts/store.ts';
import {
  countConnections,
  countLinks,
  deleteConnection as deleteRow,
  findConnection,
  insertConnection,
  listConnections,
  listUserLinks,
  updateConnection as updateRow,
} from './store.ts';
import { callbackUrl, newConnectionKey, sealConnectionSecret } from './upstream.ts';
import { samlDetails } from './saml.ts';
import { findSamlConnection, listSamlConnections } from './saml-store.ts';

/** The upstream claim names a connection reads. */
export interface ClaimMapping {
  email: string;
  firstName: string;
  surname: string;
  groups: string;
}

export const claimMappingOf = (row: SignInConnectionRow): ClaimMapping => JSON.parse(row.claim_mapping) as ClaimMapping;
export const domainsOf = (json: string): string[] => JSON.parse(json) as string[];

function view(ctx: AppContext, org: Organisation, row: SignInConnectionRow, linkedUsers: number, saml?: SamlConnectionRow): Connection {
  const claims = claimMappingOf(row);
  return {
    id: row.id,
    kind: row.kind,
    preset: row.preset,
    name: row.name,
    issuer: row.issuer,
    clientId: row.upstream_client_id,
    hasClientSecret: row.client_secret_sealed !== null,
    clientAuth: row.client_auth,
    jwksUrl: row.public_jwk === null ? null : `${originFor(ctx.config, org.hostname)}${connectionJwksPath(row.id)}`,
    publicJwks: row.public_jwk === null ? null : publicJwksOf(row.public_jwk),
    scopes: row.scopes,
    claimEmail: claims.email,
    claimFirstName: claims.firstName,
    claimSurname: claims.surname,
    claimGroups: claims.groups,
    emailDomains: domainsOf(row.email_domains),
    showButton: row.show_button,
    jitEnabled: row.jit_enabled,
    jitDomains: domainsOf(row.jit_domains),
    linkExisting: row.link_existing,
    trustMfa: row.trust_mfa,
    allowPassword: row.allow_password,
    enabled: row.enabled,
    callbackUrl: callbackUrl(ctx, org.hostname),
    linkedUsers,
    createdAt: row.created_at,
    ...(saml ? { saml: samlDetails(ctx, org.hostname, saml, row.issuer) } : {}),
  };
}

/** The columns a request sets (all but the secret, which is kept when a change leaves it empty). */
function columnsOf(input: ConnectionRequest) {
  return {
    kind: input.kind,
    preset: input.preset,
    name: input.name,
    issuer: input.issuer.replace(/\/+$/, ''),
    upstream_client_id: input.clientId,
    client_auth: input.clientAuth,
    scopes: input.scopes,
    claim_mapping: JSON.stringify({
      email: input.claimEmail,
      firstName: input.claimFirstName,
      surname: input.claimSurname,
      groups: input.claimGroups,
    } satisfies ClaimMapping),
    email_domains: JSON.stringify(input.emailDomains),
    show_button: input.showButton,
    jit_enabled: input.jitEnabled,
    jit_domains: JSON.stringify(input.jitDomains),
    link_existing: input.linkExisting,
    trust_mfa: input.trustMfa,
    allow_password: input.allowPassword,
    enabled: input.enabled,
  };
}

/** The JWKS the provider reads (published, or pasted there): the connection's one public key. */
const publicJwksOf = (publicJwk: string): string => JSON.stringify({ keys: [JSON.parse(publicJwk) as unknown] });

/** private_key_jwt: the key pair is made the first time the connection needs it, and kept after. */
function keyColumns(ctx: AppContext, org: Organisation, id: string, input: ConnectionRequest, existing: string | null) {
  if (input.clientAuth !== 'private_key_jwt' || existing !== null) return {};
  const key = newConnectionKey(ctx, org.id, id);
  return { private_key_sealed: key.sealed, public_jwk: key.publicJwk };
}

/** GET /signin/connections/{id}/jwks: the connection's public keys, for the provider (anyone may read them). */
export async function connectionJwks(ctx: AppContext, org: Organisation, id: string): Promise<string> {
  const row = org.isBase ? undefined : await findConnection(ctx.db.kysely, org.id, id);
  if (!row || row.public_jwk === null) throw new AppError('NOT_FOUND');
  return publicJwksOf(row.public_jwk);
}

/** What the audit event says of a connection: its settings, never its secret. */
function auditDetails(input: ConnectionRequest, secretChanged: boolean) {
  return {
    name: input.name,
    issuer: input.issuer,
    clientId: input.clientId,
    clientAuth: input.clientAuth,
    emailDomains: input.emailDomains,
    jitEnabled: input.jitEnabled,
    jitDomains: input.jitDomains,
    linkExisting: input.linkExisting,
    trustMfa: input.trustMfa,
    allowPassword: input.allowPassword,
    enabled: input.enabled,
    ...(secretChanged ? { clientSecret: 'changed' } : {}),
  };
}

export async function listSignInConnections(ctx: AppContext, org: Organisation): Promise<Connection[]> {
  const [rows, links, saml] = await Promise.all([
    listConnections(ctx.db.kysely, org.id),
    countLinks(ctx.db.kysely, org.id),
    listSamlConnections(ctx.db.kysely, org.id),
  ]);
  const samlOf = new Map(saml.map((s) => [s.connection_id, s]));
  return rows.map((row) => view(ctx, org, row, links.get(row.id) ?? 0, samlOf.get(row.id)));
}

export async function getSignInConnection(ctx: AppContext, org: Organisation, id: string): Promise<Connection> {
  const row = await findConnection(ctx.db.kysely, org.id, id);
  if (!row) throw new AppError('NOT_FOUND');
  const saml = row.kind === 'saml' ? await findSamlConnection(ctx.db.kysely, org.id, id) : undefined;
  return view(ctx, org, row, (await countLinks(ctx.db.kysely, org.id)).get(id) ?? 0, saml);
}

export async function createSignInConnection(ctx: AppContext, org: Organisation, input: ConnectionRequest): Promise<Connection> {
  const id = randomUUID();
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if ((await countConnections(trx, org.id)) >= CONNECTION_LIMITS.perOrganisation)
      throw new AppError('CONFLICT', { message: CONNECTION_MESSAGES.tooMany });
    await insertConnection(trx, org.id, {
      id,
      ...columnsOf(input),
      client_secret_sealed: input.clientSecret ? sealConnectionSecret(ctx, org.id, id, input.clientSecret) : null,
      ...keyColumns(ctx, org, id, input, null),
      created_at: now,
      updated_at: now,
    });
    await emit(ctx, trx, org.id, {
      type: 'connection.created',
      subject: { kind: 'connection', id },
      details: auditDetails(input, false),
    });
  });
  return getSignInConnection(ctx, org, id);
}

export async function updateSignInConnection(
  ctx: AppContext,
  org: Organisation,
  id: string,
  input: ConnectionRequest,
): Promise<Connection> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // A SAML connection is changed through its own endpoint (saml-service.ts).
    const current = await findConnection(trx, org.id, id);
    if (current?.kind !== 'oidc') throw new AppError('NOT_FOUND');
    const changes = {
      ...columnsOf(input),
      ...(keyColumns(ctx, org, id, input, current.public_jwk) ?? {}),
      ...(input.clientSecret ? { client_secret_sealed: sealConnectionSecret(ctx, org.id, id, input.clientSecret) } : {}),
      updated_at: ctx.clock.now(),
    };
    if (!(await updateRow(trx, org.id, id, changes))) throw new AppError('NOT_FOUND');
    await emit(ctx, trx, org.id, {
      type: 'connection.updated',
      subject: { kind: 'connection', id },
      details: auditDetails(input, input.clientSecret !== undefined),
    });
  });
  return getSignInConnection(ctx, org, id);
}

export async function deleteSignInConnection(ctx: AppContext, org: Organisation, id: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findConnection(trx, org.id, id);
    if (!row || !(await deleteRow(trx, org.id, id))) throw new AppError('NOT_FOUND');
    await emit(ctx, trx, org.id, {
      type: 'connection.deleted',
      subject: { kind: 'connection', id },
      details: { name: row.name },
    });
  });
}

/** The sign-in page's buttons and home-realm domains: enabled connections only. */
export async function signInPageConnections(ctx: AppContext, org: Organisation): Promise<SignInConnections> {
  if (org.isBase) return { connections: [] };
  const rows = await listConnections(ctx.db.kysely, org.id);
  return {
    connections: rows
      .filter((row) => row.enabled)
      .map((row) => ({
        id: row.id,
        name: row.name,
        showButton: row.show_button,
        emailDomains: domainsOf(row.email_domains),
        allowPassword: row.allow_password,
      })),
  };
}

/**
 * Refuses a password sign-in for an email whose domain an enabled connection serves without allowing
 * passwords. Decided by the domain alone, before any account is looked up, so the answer tells nothing
 * about whether the account exists.
 */
export async function assertPasswordAllowed(ctx: AppContext, org: Organisation, email: string): Promise<void> {
  if (org.isBase) return;
  const at = email.lastIndexOf('@');
  if (at < 1) return;
  const domain = email.slice(at + 1).toLowerCase();
  const rows = await listConnections(ctx.db.kysely, org.id);
  const serving = rows.find((row) => row.enabled && !row.allow_password && domainsOf(row.email_domains).includes(domain));
  if (serving) throw new AppError('PASSWORD_SIGN_IN_NOT_ALLOWED', { message: CONNECTION_MESSAGES.passwordNotAllowed(serving.name) });
}

/** GET /api/users/{id}/connections: a user's links and the upstream groups of each (a 404 for anyone not of the organisation). */
export async function userSignInConnections(ctx: AppContext, org: Organisation, userId: string): Promise<UserConnections> {
  if (!(await findUserById(ctx.db.kysely, org.id, userId))) throw new AppError('USER_NOT_FOUND');
  const links = await listUserLinks(ctx.db.kysely, org.id, userId);
  return links.map((link) => ({
    connectionId: link.connection_id,
    name: link.name,
    groups: link.groups === null ? null : (JSON.parse(link.groups) as string[]),
    linkedAt: link.created_at,
    lastUsedAt: link.last_used_at,
  }));
}
