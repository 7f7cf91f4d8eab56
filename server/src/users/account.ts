/**
 * The account as the API answers it: the user, their second step and the applications they can open.
 * It reads the applications and the factors, which sit above accounts/, so it lives here, above both;
 * the surfaces compose it (a sign-in's session is started by accounts/session.ts, which answers less).
 */
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import type { Account, SignInResult } from '@gatehouse/common/schemas/account';

import { toAccount } from '../accounts/model.ts';
import type { SessionStarted } from '../accounts/session.ts';
import { userApplications } from '../applications/service.ts';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { listFactors } from '../mfa/store.ts';
import type { Organisation } from '../tenancy/organisation.ts';

/** The user as the API shows them, with the applications they can open. */
export async function accountOf(ctx: AppContext, org: Organisation, user: UserRow): Promise<Account> {
  const factors = user.has_second_factor ? await listFactors(scoped(ctx.db.kysely, org.id), user.id) : [];
  const passkeys = factors.filter((f) => f.kind === TWO_STEP_KINDS.passkey).length;
  const kind = (factors[0]?.kind ?? null) as TwoStepKind | null;
  return toAccount(org.row, user, ctx.clock.now(), await userApplications(ctx, org.id, user), { passkeys, kind });
}

/** A sign-in's answer: the session started, with the account it signed in to. */
export async function signInAnswer(ctx: AppContext, org: Organisation, started: SessionStarted): Promise<SignInResult> {
  return { ...started, user: await accountOf(ctx, org, started.user) };
}
