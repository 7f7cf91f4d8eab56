/**
 * Whether people have MFA, and with which kinds of factor, for the management API (GET
 * /api/users/{id}/mfa) and SCIM's MFA extension (scim/resource.ts): one query for a whole page of users.
 */
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import { mfaMethodOf, type UserMfa } from '@gatehouse/common/schemas/user-mfa';

import { twoStepRequired } from '../accounts/model.ts';
import type { Executor, OrganisationRow, UserRow } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { countFactorsByKind } from './store.ts';

const KINDS = new Set<number>(Object.values(TWO_STEP_KINDS));

/** Each user's MFA, by id. */
export async function mfaSummaries(db: Executor, org: OrganisationRow, users: readonly UserRow[]): Promise<Map<string, UserMfa>> {
  const counts = await countFactorsByKind(
    scoped(db, org.id),
    users.filter((u) => u.has_second_factor).map((u) => u.id),
  );
  const summaries = new Map<string, UserMfa>(
    users.map((u) => [u.id, { enabled: u.has_second_factor, required: twoStepRequired(org, u), methods: [] }]),
  );
  for (const row of counts) {
    if (!KINDS.has(row.kind)) continue;
    summaries.get(row.user_id)?.methods.push({ kind: mfaMethodOf(row.kind as TwoStepKind), count: Number(row.count) });
  }
  return summaries;
}

export async function mfaSummary(db: Executor, org: OrganisationRow, user: UserRow): Promise<UserMfa> {
  return (await mfaSummaries(db, org, [user])).get(user.id)!;
}
