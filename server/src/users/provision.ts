/**
 * The one step list by which a user comes into an organisation through a surface: an admin's invitation
 * (users/service.ts), a self sign-up (signup/service.ts) and an application's SCIM provisioning
 * (scim/service.ts). The steps run in one order for all three and answer an outcome; each surface maps a
 * refusal to its own answer (a field error, a SCIM error), so its texts stay its own.
 *
 *   1. the organisation takes users (not the base organisation);
 *   2. the surface's own checks of its input (an inviter's rank, the applications, a password's policy),
 *      which answer the user to create;
 *   3. one account per address;
 *   4. within the tier's user limit, under the organisation's lock: the user (users/create.ts) and what
 *      the surface writes with it, in one transaction (its events, the invitation mail, included);
 *   5. the address's failed sign-ins from before it had an account are forgotten;
 *   6. the user as stored.
 */
import type { Transaction } from 'kysely';

import { deleteThrottle, findUserByEmail, findUserById } from '../accounts/store.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { createUser, type NewUser } from './create.ts';
import { assertRoomForUsers } from './limits.ts';

/** Why a user was not provisioned: the base organisation, an address with an account, the tier's limit. */
export type ProvisionRefusal = 'baseOrganisation' | 'emailTaken' | 'limitReached';

export type ProvisionOutcome = { kind: 'created'; user: UserRow } | { kind: 'refused'; reason: ProvisionRefusal };

export interface Provisioning {
  email: string;
  /** Step 2: the surface's checks of its input (they throw its own errors); answers the user to create. */
  prepare: () => Promise<Omit<NewUser, 'email'>> | Omit<NewUser, 'email'>;
  /** Written with the user, in its transaction: a surface's own columns, the invitation. */
  withUser?: (trx: Transaction<Database>, id: string) => Promise<void>;
}

const refused = (reason: ProvisionRefusal): ProvisionOutcome => ({ kind: 'refused', reason });

export async function provisionUser(ctx: AppContext, scope: Scope, provisioning: Provisioning): Promise<ProvisionOutcome> {
  const org = scope.organisation;
  const { email } = provisioning;
  if (org.isBase) return refused('baseOrganisation');
  const user: NewUser = { ...(await provisioning.prepare()), email };
  if (await findUserByEmail(scope.db, email)) return refused('emailTaken');
  let id = '';
  try {
    await assertRoomForUsers(ctx, org, async (trx) => {
      id = await createUser(ctx, trx, scope, user);
      await provisioning.withUser?.(trx, id);
    });
  } catch (error) {
    // An address taken between the check and the insert (a concurrent creation) is the same refusal.
    if (isUniqueViolation(error)) return refused('emailTaken');
    if (error instanceof AppError && error.code === 'USER_LIMIT_REACHED') return refused('limitReached');
    throw error;
  }
  await deleteThrottle(scope.db, email);
  return { kind: 'created', user: (await findUserById(scope.db, id))! };
}
