/**
 * Applications (OpenID Connect clients) of an organisation, who may use them, and the steps between a
 * signed-in user and an application (access, privacy policy, email verification). Every change to an
 * application invalidates the organisation's cached provider.
 */
import { randomBytes } from 'node:crypto';

import { APPLICATION_MESSAGES } from '@gatehouse/common/applications';
import { DEFAULT_GROUPS_CLAIM } from '@gatehouse/common/groups';
import { isAdminRole } from '@gatehouse/common/policy';
import { DEFAULT_ROLES_CLAIM } from '@gatehouse/common/roles';
import type { Account } from '@gatehouse/common/schemas/account';
import type { Application, ClientAuthSteps, CreateApplication, UpdateApplication } from '@gatehouse/common/schemas/applications';

import { findUserById } from '../accounts/store.ts';
import { loadAsset, removeAsset, storeUpload } from '../assets/service.ts';
import { changedFields } from '../audit/changes.ts';
import type { AppContext } from '../context.ts';
import type { AssetRow, ClientRow, OidcClientRow, UserRow } from '../db/schema.ts';
import { isOidcClient } from '../db/schema.ts';
import { scoped, type ScopedExecutor, type ScopedTransaction } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { AppError, fieldError } from '../http/errors.ts';
import type { UploadedFile } from '../http/form.ts';
import type { ActingActor, ActingScope, Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { newClientRow, toApplication, toClientSummary } from './model.ts';
import { hashScimToken, newScimToken } from './scim-token.ts';
import { hashClientSecret, newClientSecret, secretColumns } from './secrets.ts';
import {
  type AccountUser,
  deleteClient,
  existingClientIds,
  findClient,
  findPolicyAcceptance,
  findUserWithAccess,
  hasUserAccess,
  insertClient,
  listClients,
  listOidcClients,
  listUserClients,
  replaceUserAccess,
  updateClient,
  upsertPolicyAcceptance,
} from './store.ts';

export type { AccountUser };

const unique = (values: readonly string[]) => [...new Set(values)];

/** An OpenID Connect application of the organisation; a SAML application is not one (saml-apps/ has its own endpoints). */
async function requireOidcClient(db: ScopedExecutor, id: string): Promise<OidcClientRow> {
  const row = await findClient(db, id);
  if (!row || !isOidcClient(row)) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

/** An application of the organisation of either kind (the sign-in steps are the same for both). */
async function requireClient(db: ScopedExecutor, id: string): Promise<ClientRow> {
  const row = await findClient(db, id);
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  return row;
}

export async function listApplications(ctx: AppContext, scope: Scope): Promise<Application[]> {
  return (await listOidcClients(scope.db)).map(toApplication);
}

export async function getApplication(ctx: AppContext, scope: Scope, id: string): Promise<Application> {
  return toApplication(await requireOidcClient(scope.db, id));
}

/** Creates a web application (confidential client); its secret is answered this once and only its hash is kept. */
export async function createApplication(
  ctx: AppContext,
  scope: Scope,
  input: CreateApplication,
): Promise<Application & { secret: string }> {
  const secret = newClientSecret();
  const now = ctx.clock.now();
  const row = newClientRow(now, {
    id: randomBytes(16).toString('base64url'),
    name: input.name,
    client_type: 'confidential' as const,
    secret_hash: hashClientSecret(secret),
    redirect_uris: JSON.stringify(input.redirectURI ? [input.redirectURI] : []),
  });

  await scope.transaction(async (inner) => {
    await insertClient(inner.db, row);
    await emit(ctx, inner.db, inner, {
      type: 'application.created',
      subject: { kind: 'application', id: row.id },
      details: { name: row.name },
    });
  });
  return { ...toApplication(row), secret };
}

/**
 * SCIM creates and changes End users, passwords included: what an application with SCIM on holds is
 * an Organisation Admin's to give, not a management token's (`applications:write`). Such a token may
 * neither turn SCIM on nor change, or take the credentials of, an application that has it on (its
 * secret gets a SCIM access token by client credentials). docs/decisions.md.
 */
function assertScimChangeAllowed(actor: ActingActor, existing: ClientRow, turningOn: boolean): void {
  if (actor.kind !== 'application') return;
  if (existing.scim_enabled || turningOn) throw new AppError('FORBIDDEN', { message: APPLICATION_MESSAGES.scimAdminOnly });
}

export async function updateApplication(
  ctx: AppContext,
  scope: ActingScope,
  id: string,
  input: UpdateApplication,
  logo: UploadedFile | undefined,
): Promise<Application> {
  const organisationId = scope.organisation.id;
  const existing = await requireOidcClient(scope.db, id);
  assertScimChangeAllowed(scope.actor, existing, input.scimEnabled);
  const newLogoId = logo ? await storeUpload(ctx, organisationId, 'clientlogo', 'logo', logo) : null;
  const logoId = newLogoId ?? (input.deleteLogo ? null : existing.logo_id);
  const changes = {
    name: input.name,
    client_type: input.clientType,
    landing_url: input.landingURL ?? null,
    policy_url: input.policyURL ?? null,
    can_invite: input.canInvite,
    scim_enabled: input.scimEnabled,
    allows_unverified_access: input.allowsUnverifiedAccess,
    redirect_uris: JSON.stringify(unique(input.redirectURIs)),
    post_logout_redirect_uris: JSON.stringify(unique(input.postLogoutRedirectURIs)),
    id_token_signing_alg: input.idTokenSignedResponseAlg,
    logo_id: logoId,
    token_endpoint_auth_method: input.tokenEndpointAuthMethod,
    jwks: input.tokenEndpointAuthMethod === 'private_key_jwt' ? (input.jwks ?? null) : null,
    jwks_uri: input.tokenEndpointAuthMethod === 'private_key_jwt' ? (input.jwksURI ?? null) : null,
    access_token_ttl: input.accessTokenLifetime,
    id_token_ttl: input.idTokenLifetime,
    refresh_token_ttl: input.refreshTokenLifetime,
    refresh_without_consent: input.refreshWithoutConsent,
    backchannel_logout_uri: input.backchannelLogoutURI ?? null,
    groups_claim: input.groupsClaim === undefined || input.groupsClaim === DEFAULT_GROUPS_CLAIM ? null : input.groupsClaim,
    groups_always: input.groupsAlways,
    roles_claim: input.rolesClaim === undefined || input.rolesClaim === DEFAULT_ROLES_CLAIM ? null : input.rolesClaim,
    roles_always: input.rolesAlways,
    require_par: input.requirePushedAuthorizationRequests,
    minimum_acr: input.minimumAcr ?? null,
  };
  // The sealed secret is kept only while the application signs assertions with it: choosing
  // client_secret_jwt asks for a new secret (needsNewSecret), choosing anything else forgets it.
  const sealed = input.tokenEndpointAuthMethod === 'client_secret_jwt' ? {} : { secret_sealed: null };
  // Turning SCIM off ends its token: turning it on again needs a new one.
  const scimToken = input.scimEnabled ? {} : { scim_token_hash: null, scim_token_created_at: null };
  await scope.transaction(async (inner) => {
    await updateClient(inner.db, id, { ...changes, ...scimToken, ...sealed, updated_at: ctx.clock.now() });
    const details = changedFields(existing, changes);
    if (Object.keys(details).length > 0)
      await emit(ctx, inner.db, inner, { type: 'application.updated', subject: { kind: 'application', id }, details });
  });
  if (existing.logo_id && existing.logo_id !== logoId) await removeAsset(ctx, organisationId, existing.logo_id);
  return getApplication(ctx, scope, id);
}

/** Deletes an application with everything issued to it, its access lists and its logo. */
export async function deleteApplication(ctx: AppContext, scope: Scope, id: string): Promise<void> {
  const organisationId = scope.organisation.id;
  const existing = await requireOidcClient(scope.db, id);
  await scope.transaction(async (inner) => {
    await deleteClient(inner.db, id);
    await emit(ctx, inner.db, inner, {
      type: 'application.deleted',
      subject: { kind: 'application', id },
      details: { name: existing.name },
    });
  });
  if (existing.logo_id) await removeAsset(ctx, organisationId, existing.logo_id);
}

/** Replaces the secret; the old one stops working at once. The new one is answered this once. */
export async function regenerateSecret(ctx: AppContext, scope: ActingScope, id: string): Promise<Application & { secret: string }> {
  const organisationId = scope.organisation.id;
  const client = await requireOidcClient(scope.db, id);
  assertScimChangeAllowed(scope.actor, client, false);
  const secret = newClientSecret();
  await scope.transaction(async (inner) => {
    await updateClient(inner.db, id, {
      ...secretColumns(ctx, organisationId, client, secret),
      updated_at: ctx.clock.now(),
    });
    await emit(ctx, inner.db, inner, { type: 'application.secret_regenerated', subject: { kind: 'application', id } });
  });
  return { ...(await getApplication(ctx, scope, id)), secret };
}

/**
 * Generates the application's SCIM token, replacing any previous one (which stops working at once).
 * The token is answered this once; only its hash is kept. SCIM must be enabled first.
 */
export async function generateScimToken(ctx: AppContext, scope: Scope, id: string): Promise<{ token: string; createdAt: string }> {
  const client = await requireOidcClient(scope.db, id);
  if (!client.scim_enabled) throw new AppError('STATUS_CONFLICT', { message: 'Enable user management via SCIM API and save first' });
  const token = newScimToken();
  const now = ctx.clock.now();
  await scope.transaction(async (inner) => {
    await updateClient(inner.db, id, {
      scim_token_hash: hashScimToken(token),
      scim_token_created_at: now,
      updated_at: now,
    });
    await emit(ctx, inner.db, inner, { type: 'application.scim_token_generated', subject: { kind: 'application', id } });
  });
  return { token, createdAt: new Date(now).toISOString() };
}

/** An application's logo by its asset id; 404 for anything else (another organisation's, or another kind of image). */
export async function loadClientLogo(ctx: AppContext, scope: Scope, assetId: string): Promise<AssetRow> {
  const asset = await loadAsset(ctx, scope.organisation.id, assetId);
  if (!asset || asset.kind !== 'clientlogo') throw new AppError('NOT_FOUND');
  return asset;
}

/**
 * Sets which applications an end user may sign in to, replacing the previous list. Refuses (400, on
 * field `clients`) any id that is not an application of the organisation; 404 for a user of another
 * organisation. The invitation and user-admin screens call it.
 */
export async function setUserClientAccess(
  ctx: AppContext,
  organisationId: string,
  userId: string,
  clientIds: readonly string[],
): Promise<void> {
  if (!(await findUserById(scoped(ctx.db.kysely, organisationId), userId))) throw new AppError('USER_NOT_FOUND');
  const ids = await checkedClientIds(ctx, organisationId, clientIds);
  await ctx.db.kysely.transaction().execute((trx) => replaceUserAccess(scoped(trx, organisationId), userId, ids, ctx.clock.now()));
}

/** The distinct ids, after refusing (400, on field `clients`) any that is not an application of the organisation. */
export async function checkedClientIds(ctx: AppContext, organisationId: string, clientIds: readonly string[]): Promise<string[]> {
  const ids = unique(clientIds);
  const known = new Set(await existingClientIds(scoped(ctx.db.kysely, organisationId), ids));
  if (ids.some((id) => !known.has(id))) throw fieldError('clients', 'Please choose applications of this organisation only');
  return ids;
}

/** Gives a user just created in `trx` access to applications already checked with `checkedClientIds`. */
export async function grantClientAccess(trx: ScopedTransaction, userId: string, checkedIds: readonly string[], now: number): Promise<void> {
  await replaceUserAccess(trx, userId, checkedIds, now);
}

/** The applications a user can open: all of them for admins, the assigned ones for end users. */
export async function userApplications(
  ctx: AppContext,
  organisationId: string,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<Pick<Account, 'accessibleClientIDs' | 'clients'>> {
  const rows = isAdminRole(user.role)
    ? await listClients(scoped(ctx.db.kysely, organisationId))
    : await listUserClients(scoped(ctx.db.kysely, organisationId), user.id);
  return { accessibleClientIDs: rows.map((r) => r.id), clients: rows.map(toClientSummary) };
}

/** Whether the user may use the application at all: admins may use every application. */
export function mayUseClient(
  ctx: AppContext,
  organisationId: string,
  user: Pick<UserRow, 'id' | 'role'>,
  clientId: string,
): Promise<boolean> {
  return isAdminRole(user.role) ? Promise.resolve(true) : hasUserAccess(scoped(ctx.db.kysely, organisationId), user.id, clientId);
}

/** What stands between the signed-in user and the application; 404 when it is no application of the organisation. */
export async function clientAuthSteps(ctx: AppContext, org: Organisation, user: UserRow, clientId: string): Promise<ClientAuthSteps> {
  const client = await requireClient(scoped(ctx.db.kysely, org.id), clientId);
  const [hasAccess, acceptedPolicy] = await Promise.all([
    mayUseClient(ctx, org.id, user, clientId),
    client.policy_url ? findPolicyAcceptance(scoped(ctx.db.kysely, org.id), user.id, clientId) : undefined,
  ]);
  return {
    clientID: client.id,
    clientName: client.name,
    hasAccess,
    policy: {
      requiresAppPolicyConsent: client.policy_url !== null && acceptedPolicy !== client.policy_url,
      policyURL: client.policy_url,
      orgName: org.displayName,
    },
    emailVerification: { requiresEmailVerification: !client.allows_unverified_access && user.email_verified_date === null },
  };
}

/** Records that the user accepted the application's current privacy policy. */
export async function acceptPolicy(ctx: AppContext, scope: Scope, user: UserRow, clientId: string): Promise<ClientAuthSteps> {
  const steps = await clientAuthSteps(ctx, scope.organisation, user, clientId);
  if (!steps.hasAccess) throw new AppError('FORBIDDEN');
  if (steps.policy.policyURL) {
    const policyURL = steps.policy.policyURL;
    await scope.transaction(async (inner) => {
      await upsertPolicyAcceptance(inner.db, {
        user_id: user.id,
        client_id: clientId,
        policy_url: policyURL,
        accepted_at: ctx.clock.now(),
      });
      await emit(ctx, inner.db, inner, {
        type: 'user.policy_accepted',
        subject: { kind: 'user', id: user.id },
        details: { application: clientId, policyURL },
      });
    });
  }
  return { ...steps, policy: { ...steps.policy, requiresAppPolicyConsent: false } };
}

/**
 * The user behind a token or sign-in for an application, in one query: only a SignedUp user of the
 * organisation who may use the application; undefined for anyone else.
 */
export async function userForClient(
  ctx: AppContext,
  organisationId: string,
  userId: string,
  clientId: string,
): Promise<AccountUser | undefined> {
  return accountFor(await findUserWithAccess(scoped(ctx.db.kysely, organisationId), userId, clientId));
}

/** The user, when a SignedUp user who has access to the application (or is an administrator); else undefined. */
export function accountFor(found: { user: AccountUser; hasAccess: boolean } | null | undefined): AccountUser | undefined {
  if (!found || found.user.status !== 'SignedUp') return undefined;
  return found.hasAccess || isAdminRole(found.user.role) ? found.user : undefined;
}
