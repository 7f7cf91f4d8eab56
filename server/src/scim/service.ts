/**
 * The SCIM /Users operations for one calling application: End users only (administrators are
 * invisible), creation and changes through the users domain's own services (so the audit log names
 * the application, and disabling or deleting ends the user's sessions and tokens at once), ETags
 * honoured through If-Match.
 */
import { isDeepStrictEqual } from 'node:util';

import { hashNewPassword, storePassword } from '../accounts/password.ts';
import { setProvisionedPassword } from '../accounts/profile.ts';
import { deleteUserAccount } from '../accounts/status.ts';
import { deleteThrottle, updateUser } from '../accounts/store.ts';
import type { AppContext } from '../context.ts';
import type { ClientRow, UserRow, UserUpdate } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError } from '../http/errors.ts';
import { resetTwoStep } from '../mfa/enrolment.ts';
import { mfaSummary } from '../mfa/summary.ts';
import type { Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { sendInvitationEmail } from '../tokens/emails.ts';
import { type ProvisionRefusal, provisionUser } from '../users/provision.ts';
import { applyUserChanges, setUserActive } from '../users/service.ts';
import { badRequest, notFound, ScimError } from './errors.ts';
import { parseFilter } from './filter.ts';
import { attribute, elements, readUser, type UserAttributes } from './input.ts';
import { applyPatch } from './patch.ts';
import { type ScimUser, toScimUser, versionOf } from './resource.ts';
import { findScimUser, queryScimUsers, SORTABLE } from './store.ts';

/** A user as the SCIM routes answer it. */
export type ScimUserRow = UserRow;

export interface ScimCaller {
  /** The call's scope: the organisation, the application as its actor, the request id. */
  scope: Scope;
  org: Organisation;
  client: ClientRow;
  /** `<organisation origin>/scim/v2` */
  baseUrl: string;
}

export const LIST_MAX = 200;

export interface ListQuery {
  filter?: string | undefined;
  startIndex?: string | undefined;
  count?: string | undefined;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
}

/** A paging parameter: an integer, or the fallback when not given. */
export function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw badRequest('invalidValue', `'${name}' must be an integer`);
  return Number(value);
}

export interface ListResult {
  rows: UserRow[];
  total: number;
  startIndex: number;
}

/** GET /Users: a page of End users by filter and sort (RFC 7644 3.4.2). */
export async function listScimUsers(ctx: AppContext, caller: ScimCaller, query: ListQuery): Promise<ListResult> {
  // Out-of-range values are taken as the nearest valid one (RFC 7644 3.4.2.4).
  const startIndex = Math.max(1, integer(query.startIndex, 'startIndex', 1));
  const count = Math.min(LIST_MAX, Math.max(0, integer(query.count, 'count', 100)));
  const filter = query.filter === undefined ? undefined : parseFilter(query.filter);
  let sortColumn = SORTABLE.get('username')!;
  if (query.sortBy !== undefined) {
    const column = SORTABLE.get(
      query.sortBy
        .trim()
        .toLowerCase()
        .replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, ''),
    );
    if (!column) throw badRequest('invalidValue', `'${query.sortBy}' cannot be sorted by`);
    sortColumn = column;
  }
  const sortOrder = (query.sortOrder ?? 'ascending').toLowerCase();
  if (sortOrder !== 'ascending' && sortOrder !== 'descending') throw badRequest('invalidValue', "'sortOrder' is ascending or descending");
  const { rows, total } = await queryScimUsers(ctx.db.kysely, ctx.db.dialect, {
    organisationId: caller.org.id,
    filter,
    sortColumn,
    descending: sortOrder === 'descending',
    offset: startIndex - 1,
    limit: count,
  });
  return { rows, total, startIndex };
}

export async function getScimUser(ctx: AppContext, caller: ScimCaller, id: string): Promise<UserRow> {
  const user = await findScimUser(scoped(ctx.db.kysely, caller.org.id), id);
  if (!user) throw notFound(`User ${id} not found`);
  return user;
}

/** If-Match (RFC 7644 3.14): 412 unless it names the current version (weak or strong) or is `*`. */
export function checkEtag(current: string, ifMatch: string | undefined): void {
  if (ifMatch === undefined || ifMatch.trim() === '*') return;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  if (!ifMatch.split(',').some((tag) => strip(tag) === strip(current))) {
    throw new ScimError(412, 'The resource changed since that version was read');
  }
}

const checkVersion = (user: UserRow, ifMatch: string | undefined) => checkEtag(versionOf(user), ifMatch);

/** The users domain's errors in SCIM's terms: a taken email is 409 uniqueness, a refused value 400 invalidValue. */
async function translated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === 'CONFLICT') throw new ScimError(409, 'A user with this userName already exists', 'uniqueness');
      if (error.code === 'USER_LIMIT_REACHED' || error.statusCode === 403) throw new ScimError(403, error.message);
      if (error.statusCode === 400) throw badRequest('invalidValue', error.message);
    }
    throw error;
  }
}

/** Refusals of the shared provisioning steps (users/provision.ts) in SCIM's terms. */
const PROVISION_REFUSALS: Record<ProvisionRefusal, () => ScimError> = {
  baseOrganisation: () => new ScimError(403, 'The base organisation has no provisioned users'),
  emailTaken: () => new ScimError(409, 'A user with this userName already exists', 'uniqueness'),
  limitReached: () => new ScimError(403, new AppError('USER_LIMIT_REACHED').message),
};

/** POST /Users: a Pending End user with access to the calling application, invited by email unless given a password. */
export async function createScimUser(ctx: AppContext, caller: ScimCaller, body: Record<string, unknown>): Promise<UserRow> {
  const wanted = readUser(body);
  return translated(async () => {
    let passwordHash = null as string | null;
    const outcome = await provisionUser(ctx, caller.scope, {
      email: wanted.email,
      prepare: async () => {
        // The password is checked against the organisation's policy before anything is written.
        passwordHash = wanted.password === undefined ? null : await hashNewPassword(ctx, caller.org, null, wanted.password);
        return {
          role: 'EndUser',
          via: 'provisioning',
          firstName: wanted.firstName,
          surname: wanted.surname,
          phoneNumber: wanted.phoneNumber,
          locale: wanted.locale,
          externalId: wanted.externalId,
          // The organisation's own identity provider vouches for the address (docs/scim.md).
          emailVerified: true,
          clientIds: [caller.client.id],
        };
      },
      withUser: async (trx, id) => {
        await updateUser(scoped(trx, caller.org.id), id, {
          scim_user_name: wanted.userName,
          scim_phone_primary: wanted.phoneNumber === null ? null : wanted.phonePrimary,
          scim_client_id: caller.client.id,
        });
        // A user given no password is invited, with their creation; one created inactive is invited when
        // the provider activates them (applyWanted).
        if (passwordHash === null && wanted.active) await sendInvitationEmail(ctx, caller.scope, { id, email: wanted.email }, trx);
      },
    });
    if (outcome.kind === 'refused') throw PROVISION_REFUSALS[outcome.reason]();
    let user = outcome.user;
    if (passwordHash)
      await storePassword(scoped(ctx.db.kysely, caller.org.id), user.id, passwordHash, ctx.clock.now(), { status: 'SignedUp' });
    if (!wanted.active) user = await setUserActive(ctx, caller.scope, user, false);
    return (await findScimUser(scoped(ctx.db.kysely, caller.org.id), user.id)) ?? user;
  });
}

/** Applies what a PUT or PATCH asks: columns, then the password, then active (which may end sessions). */
async function applyWanted(ctx: AppContext, caller: ScimCaller, user: UserRow, wanted: UserAttributes): Promise<UserRow> {
  return translated(async () => {
    const changes: UserUpdate = {};
    if (wanted.email !== user.email) {
      changes.email = wanted.email;
      // The organisation's identity provider vouches for the new address, as for the first (docs/scim.md).
      changes.email_verified_date = ctx.clock.now();
    }
    if (wanted.userName !== user.scim_user_name) changes.scim_user_name = wanted.userName;
    const phonePrimary = wanted.phoneNumber === null ? null : wanted.phonePrimary;
    if (phonePrimary !== user.scim_phone_primary) changes.scim_phone_primary = phonePrimary;
    // The application that writes the user provisions them from now on.
    if (user.scim_client_id !== caller.client.id) changes.scim_client_id = caller.client.id;
    if (wanted.firstName !== user.first_name) changes.first_name = wanted.firstName;
    if (wanted.surname !== user.surname) changes.surname = wanted.surname;
    if (wanted.phoneNumber !== user.phone_number) changes.phone_number = wanted.phoneNumber;
    if (wanted.externalId !== user.external_id) changes.external_id = wanted.externalId;
    if (wanted.locale !== user.locale) changes.locale = wanted.locale;
    let current = user;
    if (Object.keys(changes).length > 0) {
      current = await applyUserChanges(ctx, caller.scope, user, changes);
      if (changes.email) await deleteThrottle(scoped(ctx.db.kysely, caller.org.id), user.email);
    }
    if (wanted.password !== undefined) {
      await setProvisionedPassword(ctx, caller.scope, current, wanted.password);
      current = (await findScimUser(scoped(ctx.db.kysely, caller.org.id), current.id)) ?? current;
    }
    // The MFA extension's `enabled` is written to reset (false); true is no value a provider may give a
    // user without a factor (nobody but the user sets one up): invalidValue, as /Schemas declares it readWrite.
    if (wanted.mfaEnabled === true && !current.has_second_factor)
      throw new ScimError(
        400,
        "Multi-factor authentication is set up by the user, not enabled by the provider: 'enabled' can only be written false (a reset)",
        'invalidValue',
      );
    if (wanted.mfaEnabled === false && current.has_second_factor) {
      await resetTwoStep(ctx, caller.scope, current.id);
      current = (await findScimUser(scoped(ctx.db.kysely, caller.org.id), current.id)) ?? current;
    }
    if (wanted.active !== (current.status !== 'Disabled')) {
      current = await setUserActive(ctx, caller.scope, current, wanted.active);
      // Activated without a password: the invitation is how they sign in (a user created inactive had none).
      if (wanted.active && current.status === 'Pending') await sendInvitationEmail(ctx, caller.scope, current);
    }
    return current;
  });
}

/** PUT /Users/{id}: the user becomes what the body says (attributes left out are cleared; the password is kept). */
export async function replaceScimUser(
  ctx: AppContext,
  caller: ScimCaller,
  id: string,
  body: Record<string, unknown>,
  ifMatch: string | undefined,
): Promise<UserRow> {
  const user = await getScimUser(ctx, caller, id);
  checkVersion(user, ifMatch);
  const bodyId = body.id;
  if (bodyId !== undefined && bodyId !== id) throw new ScimError(400, "'id' cannot be changed", 'mutability');
  return applyWanted(ctx, caller, user, readUser(body));
}

/** PATCH /Users/{id}: the operations applied to the current resource, then stored like a PUT. */
export async function patchScimUser(
  ctx: AppContext,
  caller: ScimCaller,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<UserRow> {
  const user = await getScimUser(ctx, caller, id);
  checkVersion(user, ifMatch);
  const current: ScimUser = toScimUser(user, caller.baseUrl, await mfaSummary(ctx.db.kysely, caller.org.row, user));
  const patched = applyPatch(current, body);
  if (!elements(attribute(patched, 'emails')).some((e) => typeof attribute(e, 'value') === 'string' && attribute(e, 'value') !== ''))
    throw new ScimError(400, "The user's email is their userName and cannot be removed", 'mutability');
  // The result is read as a PUT body is, so an email that is not the userName is refused alike. The
  // emails we answered only copy the userName: left untouched by the operations, they follow it.
  const { emails, ...rest } = patched;
  return applyWanted(ctx, caller, user, readUser(isDeepStrictEqual(emails, current.emails) ? rest : patched));
}

/** DELETE /Users/{id}: the user is removed, with their sessions and tokens. */
export async function deleteScimUser(ctx: AppContext, caller: ScimCaller, id: string, ifMatch: string | undefined): Promise<void> {
  const user = await getScimUser(ctx, caller, id);
  checkVersion(user, ifMatch);
  await deleteUserAccount(ctx, caller.scope, user.id, user.email);
  await deleteThrottle(scoped(ctx.db.kysely, caller.org.id), user.email);
}
