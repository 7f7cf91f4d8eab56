/**
 * How every user comes to be: an organisation's first admin, an invitation, a self sign-up and (with
 * SCIM) an application's provisioning all create the row here, in the caller's transaction, with the
 * applications it may use and the audit event that says how it came.
 */
import { randomUUID } from 'node:crypto';

import type { Role } from '@gatehouse/common/policy';
import type { Transaction } from 'kysely';

import { insertUser, insertUsers, newUserRow } from '../accounts/store.ts';
import { grantClientAccess } from '../applications/service.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { emit, emitAll } from '../events/events.ts';
import type { Scope } from '../scope/scope.ts';

export interface NewUser {
  email: string;
  role: Role;
  /** How the user came: the audit event says it. */
  via: 'organisation sign-up' | 'invitation' | 'sign-up' | 'provisioning' | 'connection' | 'import';
  firstName?: string | null;
  surname?: string | null;
  phoneNumber?: string | null;
  /** The person's own language (a supported tag), or none. */
  locale?: string | null;
  /** The provisioning client's id for the user (SCIM externalId). */
  externalId?: string | null;
  /** Signed up already (with a password) or Pending (an invitation, a sign-up still choosing one); Disabled as an import brings them. */
  status?: 'Pending' | 'SignedUp' | 'Disabled';
  passwordHash?: string | null;
  emailVerified?: boolean;
  termsAcceptedAt?: number | null;
  multiFactorAuthRequired?: boolean;
  /** When an import's person came to be and last signed in, in the system they come from. */
  createdAt?: number | undefined;
  lastSignIn?: number | undefined;
  /** Applications already checked with `checkedClientIds`. */
  clientIds?: readonly string[];
}

/** The user's row as every way in writes it. */
function rowOf(ctx: AppContext, id: string, user: NewUser) {
  const now = ctx.clock.now();
  return newUserRow({
    id,
    email: user.email,
    role: user.role,
    now,
    changes: {
      status: user.status ?? 'Pending',
      first_name: user.firstName ?? null,
      surname: user.surname ?? null,
      phone_number: user.phoneNumber ?? null,
      locale: user.locale ?? null,
      external_id: user.externalId ?? null,
      password_hash: user.passwordHash ?? null,
      password_set_date: user.passwordHash ? now : null,
      email_verified_date: user.emailVerified ? now : null,
      created_at: user.createdAt ?? now,
      last_sign_in: user.lastSignIn ?? null,
      terms_accepted_at: user.termsAcceptedAt ?? null,
      multi_factor_auth_required: user.multiFactorAuthRequired ?? false,
    },
  });
}

const createdEvent = (id: string, user: NewUser, clientIds: readonly string[]) => ({
  type: 'user.created' as const,
  subject: { kind: 'user' as const, id },
  details: { email: user.email, role: user.role, via: user.via, ...(clientIds.length > 0 ? { applications: clientIds } : {}) },
});

/** Inserts the user in `trx` and answers its id; a taken email surfaces as the database's unique violation. */
export async function createUser(ctx: AppContext, trx: Transaction<Database>, scope: Scope, user: NewUser): Promise<string> {
  const organisationId = scope.organisation.id;
  const id = randomUUID();
  const db = scoped(trx, organisationId);
  await insertUser(db, rowOf(ctx, id, user));
  const clientIds = user.clientIds ?? [];
  if (clientIds.length > 0) await grantClientAccess(db, id, clientIds, ctx.clock.now());
  await emit(ctx, trx, scope, createdEvent(id, user, clientIds));
  return id;
}

/**
 * Many users at once (an import's batch, no application access): one statement for the users and one
 * for their audit rows, so a database across the network pays two round trips, not two a person.
 * Answers their ids in order; a taken email fails the whole statement (the caller settles row by row).
 */
export async function createUsers(ctx: AppContext, trx: Transaction<Database>, scope: Scope, users: readonly NewUser[]): Promise<string[]> {
  if (users.length === 0) return [];
  const ids = users.map(() => randomUUID());
  await insertUsers(
    scoped(trx, scope.organisation.id),
    users.map((user, n) => rowOf(ctx, ids[n]!, user)),
  );
  await emitAll(
    ctx,
    trx,
    scope,
    users.map((user, n) => createdEvent(ids[n]!, user, [])),
  );
  return ids;
}
