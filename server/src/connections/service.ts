/**
 * Managing an organisation's sign-in connections (Organisation Admins): the rows, their sealed client
 * secrets, and the audit events. The upstream sign-in itself is sign-in.ts.
 */
import { randomUUID } from 'node:crypto';

import { CONNECTION_MESSAGES } from '@gatehouse/common/connection-messages';
import { connectionJwksPath } from '@gatehouse/common/connections';
import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import type { Connection, ConnectionRequest, SignInConnections, UserConnections } from '@gatehouse/common/schemas/connections';
import type { SamlConnectionRequest } from '@gatehouse/common/schemas/saml-connections';

import { activeOrganisationAdminEmails, findUserById } from '../accounts/store.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { SamlConnectionRow, SignInConnectionRow } from '../db/schema.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import { samlDetails } from './saml.ts';
import { findSamlConnection, listSamlConnections } from './saml-store.ts';
import {
  countConnections,
  countLinks,
  deleteConnection as deleteRow,
  findConnection,
  insertConnection,
  listConnections,
  listPasswordRefusingConnections,
  listUserLinks,
  updateConnection as updateRow,
} from './store.ts';
import { callbackUrl, newConnectionKey, sealConnectionSecret } from './upstream.ts';

/** The upstream claim names a connection reads. */
export interface ClaimMapping {
  email: string;
  firstName: string;
  surname: string;
  groups: string;
}

export const claimMappingOf = (row: SignInConnectionRow): ClaimMapping => JSON.parse(row.claim_mapping) as ClaimMapping;
export const domainsOf = (json: string): string[] => JSON.parse(json) as string[];

function view(ctx: AppContext, hostname: string, row: SignInConnectionRow, linkedUsers: number, saml?: SamlConnectionRow): Connection {
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
    jwksUrl: row.public_jwk === null ? null : `${originFor(ctx.config, hostname)}${connectionJwksPath(row.id)}`,
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
    callbackUrl: callbackUrl(ctx, hostname),
    linkedUsers,
    createdAt: row.created_at,
    ...(saml ? { saml: samlDetails(ctx, hostname, saml, row.issuer) } : {}),
  };
}

/** What every connection's request sets, whichever protocol it speaks: its name, the claims it reads, its policy. */
type SharedRequest = Pick<
  ConnectionRequest | SamlConnectionRequest,
  | 'preset'
  | 'name'
  | 'emailDomains'
  | 'showButton'
  | 'jitEnabled'
  | 'jitDomains'
  | 'linkExisting'
  | 'trustMfa'
  | 'allowPassword'
  | 'enabled'
>;

/** The columns of a connection's row that every kind sets alike (service.ts, saml-service.ts add their protocol's). */
export function sharedColumns(input: SharedRequest, claims: ClaimMapping) {
  return {
    preset: input.preset,
    name: input.name,
    claim_mapping: JSON.stringify(claims),
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

/** The columns a request sets (all but the secret, which is kept when a change leaves it empty). */
function columnsOf(input: ConnectionRequest) {
  return {
    kind: input.kind,
    issuer: input.issuer.replace(/\/+$/, ''),
    upstream_client_id: input.clientId,
    client_auth: input.clientAuth,
    scopes: input.scopes,
    ...sharedColumns(input, {
      email: input.claimEmail,
      firstName: input.claimFirstName,
      surname: input.claimSurname,
      groups: input.claimGroups,
    }),
  };
}

/** The JWKS the provider reads (published, or pasted there): the connection's one public key. */
const publicJwksOf = (publicJwk: string): string => JSON.stringify({ keys: [JSON.parse(publicJwk) as unknown] });

/** private_key_jwt: the key pair is made the first time the connection needs it, and kept after. */
function keyColumns(ctx: AppContext, organisationId: string, id: string, input: ConnectionRequest, existing: string | null) {
  if (input.clientAuth !== 'private_key_jwt' || existing !== null) return {};
  const key = newConnectionKey(ctx, organisationId, id);
  return { private_key_sealed: key.sealed, public_jwk: key.publicJwk };
}

/** GET /signin/connections/{id}/jwks: the connection's public keys, for the provider (anyone may read them). */
export async function connectionJwks(ctx: AppContext, org: Organisation, id: string): Promise<string> {
  const row = org.isBase ? undefined : await findConnection(scoped(ctx.db.kysely, org.id), id);
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

export async function listSignInConnections(ctx: AppContext, scope: Scope): Promise<Connection[]> {
  const [rows, links, saml] = await Promise.all([listConnections(scope.db), countLinks(scope.db), listSamlConnections(scope.db)]);
  const samlOf = new Map(saml.map((s) => [s.connection_id, s]));
  return rows.map((row) => view(ctx, scope.organisation.hostname, row, links.get(row.id) ?? 0, samlOf.get(row.id)));
}

export async function getSignInConnection(ctx: AppContext, scope: Scope, id: string): Promise<Connection> {
  const row = await findConnection(scope.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const saml = row.kind === 'saml' ? await findSamlConnection(scope.db, id) : undefined;
  return view(ctx, scope.organisation.hostname, row, (await countLinks(scope.db)).get(id) ?? 0, saml);
}

export async function createSignInConnection(ctx: AppContext, scope: Scope, input: ConnectionRequest): Promise<Connection> {
  const organisationId = scope.organisation.id;
  const id = randomUUID();
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    if ((await countConnections(inner.db)) >= CONNECTION_LIMITS.perOrganisation)
      throw new AppError('CONFLICT', { message: CONNECTION_MESSAGES.tooMany });
    await insertConnection(inner.db, {
      id,
      ...columnsOf(input),
      client_secret_sealed: input.clientSecret ? sealConnectionSecret(ctx, organisationId, id, input.clientSecret) : null,
      ...keyColumns(ctx, organisationId, id, input, null),
      created_at: now,
      updated_at: now,
    });
    await assertAdminKeepsPassword(inner.db, input);
    await emit(ctx, inner.db, inner, {
      type: 'connection.created',
      subject: { kind: 'connection', id },
      details: auditDetails(input, false),
    });
  });
  return getSignInConnection(ctx, scope, id);
}

export async function updateSignInConnection(ctx: AppContext, scope: Scope, id: string, input: ConnectionRequest): Promise<Connection> {
  const organisationId = scope.organisation.id;
  await scope.transaction(async (inner) => {
    // A SAML connection is changed through its own endpoint (saml-service.ts).
    const current = await findConnection(inner.db, id);
    if (current?.kind !== 'oidc') throw new AppError('NOT_FOUND');
    const changes = {
      ...columnsOf(input),
      ...(keyColumns(ctx, organisationId, id, input, current.public_jwk) ?? {}),
      ...(input.clientSecret ? { client_secret_sealed: sealConnectionSecret(ctx, organisationId, id, input.clientSecret) } : {}),
      updated_at: ctx.clock.now(),
    };
    if (!(await updateRow(inner.db, id, changes))) throw new AppError('NOT_FOUND');
    await assertAdminKeepsPassword(inner.db, input);
    await emit(ctx, inner.db, inner, {
      type: 'connection.updated',
      subject: { kind: 'connection', id },
      details: auditDetails(input, input.clientSecret !== undefined),
    });
  });
  return getSignInConnection(ctx, scope, id);
}

export async function deleteSignInConnection(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  await scope.transaction(async (inner) => {
    const row = await findConnection(inner.db, id);
    if (!row || !(await deleteRow(inner.db, id))) throw new AppError('NOT_FOUND');
    await emit(ctx, inner.db, inner, {
      type: 'connection.deleted',
      subject: { kind: 'connection', id },
      details: { name: row.name },
    });
  });
}

/**
 * Refuses (rolling back) a save after which no Organisation Admin could sign in without a connection: the
 * saved connection is enabled, allows no password, serves an admin's domain, and every active Organisation
 * Admin's domain is served by such a connection. If that provider failed, nobody could get in to change it
 * (the operator's way back is `gatehouse disable-connection`). Read inside the saving transaction.
 */
export async function assertAdminKeepsPassword(
  db: ScopedExecutor,
  saved: Pick<SharedRequest, 'enabled' | 'allowPassword' | 'emailDomains'>,
): Promise<void> {
  if (!saved.enabled || saved.allowPassword) return;
  const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const admins = (await activeOrganisationAdminEmails(db)).map(domainOf);
  if (!admins.some((domain) => saved.emailDomains.includes(domain))) return;
  const passwordless = new Set(
    (await listConnections(db)).filter((row) => row.enabled && !row.allow_password).flatMap((row) => domainsOf(row.email_domains)),
  );
  if (admins.every((domain) => passwordless.has(domain)))
    throw new AppError('CONFLICT', { message: CONNECTION_MESSAGES.wouldLockOutAdmins });
}

/**
 * The operator's way back in (`gatehouse disable-connection`): turns a connection of the named
 * organisation off, found by its id or its name (any case), audited as the operator's change. Null when
 * there is no such organisation; `known` lists its connections when none is named so.
 */
export async function disableConnectionByOperator(
  ctx: AppContext,
  organisationName: string,
  connection: string,
  scopeFor: (organisation: Organisation) => Scope,
): Promise<{ disabled: SignInConnectionRow } | { known: SignInConnectionRow[] } | null> {
  const org = await findOrganisationByName(ctx.db.kysely, organisationName.toLowerCase());
  if (!org) return null;
  const scope = scopeFor(toOrganisation(ctx.config, org));
  const rows = await listConnections(scope.db);
  const row = rows.find((r) => r.id === connection) ?? rows.find((r) => r.name.toLowerCase() === connection.toLowerCase());
  if (!row) return { known: rows };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await updateRow(scoped(trx, org.id), row.id, { enabled: false, updated_at: ctx.clock.now() }))) throw new AppError('NOT_FOUND');
    await emit(ctx, trx, scope, {
      type: 'connection.updated',
      subject: { kind: 'connection', id: row.id },
      details: { name: row.name, enabled: false },
    });
  });
  return { disabled: { ...row, enabled: false } };
}

/** The sign-in page's buttons and home-realm domains: enabled connections only. */
export async function signInPageConnections(ctx: AppContext, scope: Scope): Promise<SignInConnections> {
  if (scope.organisation.isBase) return { connections: [] };
  const rows = await listConnections(scope.db);
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
export async function assertPasswordAllowed(scope: Scope, email: string): Promise<void> {
  if (scope.organisation.isBase) return;
  const at = email.lastIndexOf('@');
  if (at < 1) return;
  const domain = email.slice(at + 1).toLowerCase();
  const rows = await listPasswordRefusingConnections(scope.db);
  const serving = rows.find((row) => domainsOf(row.email_domains).includes(domain));
  if (serving) throw new AppError('PASSWORD_SIGN_IN_NOT_ALLOWED', { message: CONNECTION_MESSAGES.passwordNotAllowed(serving.name) });
}

/** GET /api/users/{id}/connections: a user's links and the upstream groups of each (a 404 for anyone not of the organisation). */
export async function userSignInConnections(ctx: AppContext, scope: Scope, userId: string): Promise<UserConnections> {
  if (!(await findUserById(scope.db, userId))) throw new AppError('USER_NOT_FOUND');
  const links = await listUserLinks(scope.db, userId);
  return links.map((link) => ({
    connectionId: link.connection_id,
    name: link.name,
    groups: link.groups === null ? null : (JSON.parse(link.groups) as string[]),
    linkedAt: link.created_at,
    lastUsedAt: link.last_used_at,
  }));
}
