/** Creating organisations: the base organisation at first start, and named ones with their first admin. */
import { randomUUID } from 'node:crypto';

import { email as emailSchema } from '@gatehouse/common/schemas/fields';
import { ORGANISATION_NAME_MESSAGES, organisationName } from '@gatehouse/common/schemas/organisation';
import type { Transaction } from 'kysely';

import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { AppError, fieldError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { ensureOrganisationKeys, insertOrganisationKeys, newKeyRows } from '../oidc/keys.ts';
import { hashPassword } from '../passwords/hash.ts';
import { passwordPolicyFailures } from '../passwords/policy.ts';
import type { Scope } from '../scope/scope.ts';
import { type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findBaseOrganisation, findOrganisationById, findOrganisationByName } from '../tenancy/store.ts';
import { createUser } from '../users/create.ts';
import { insertOrganisation, newOrganisationRow } from './store.ts';

export const BASE_ORGANISATION_NAME = 'base';

/** Creates the base organisation unless it exists; safe when several processes start together. */
export async function ensureBaseOrganisation(ctx: AppContext, displayName = 'Gatehouse'): Promise<Organisation> {
  const existing = await findBaseOrganisation(ctx.db.kysely);
  if (existing) return toOrganisation(ctx.config, existing);
  try {
    await insertOrganisation(
      ctx.db.kysely,
      newOrganisationRow({ id: randomUUID(), name: BASE_ORGANISATION_NAME, displayName, isBase: true, now: ctx.clock.now() }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const base = toOrganisation(ctx.config, (await findBaseOrganisation(ctx.db.kysely))!);
  await ensureOrganisationKeys(ctx, base.id);
  return base;
}

export interface NewOrganisation {
  /** The scope the creation is done in once the organisation exists: the operator's, a base sign-up's request. */
  creator: (organisation: Organisation) => Scope;
  name: string;
  displayName?: string | undefined;
  adminEmail: string;
  /** Without one the admin has no password yet (a base sign-up signs them in and they choose one). */
  adminPassword?: string | undefined;
  /** A demo organisation, deleted by the demo-cleanup job at this time. */
  demoExpiresAt?: number | undefined;
  /** When the admin accepted the terms and privacy policy (a base sign-up's consent). */
  termsAcceptedAt?: number | undefined;
  /** More work in the creating transaction (a base sign-up uses its id up there): a throw creates nothing. */
  withinTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * Creates an organisation with an Organisation Admin whose email counts as verified, in one
 * transaction: either both exist afterwards or neither does.
 */
export async function createOrganisationWithAdmin(ctx: AppContext, input: NewOrganisation): Promise<Organisation> {
  const name = parse(organisationName, input.name);
  const email = parse(emailSchema, input.adminEmail);
  const now = ctx.clock.now();
  const row = newOrganisationRow({
    id: randomUUID(),
    name,
    displayName: input.displayName?.trim() || name,
    isDemo: input.demoExpiresAt !== undefined,
    demoExpiresAt: input.demoExpiresAt ?? null,
    now,
  });
  const failures = input.adminPassword === undefined ? [] : passwordPolicyFailures(input.adminPassword, row);
  if (failures.length) throw fieldError('password', `The password is too weak: ${failures.join('; ')}.`);
  if (await findOrganisationByName(ctx.db.kysely, name)) throw fieldError('organisationName', ORGANISATION_NAME_MESSAGES.taken, 'CONFLICT');
  const [passwordHash, signingKeys] = await Promise.all([
    input.adminPassword === undefined ? null : hashPassword(input.adminPassword),
    newKeyRows(ctx, row.id),
  ]);
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await input.withinTransaction?.(trx);
      await insertOrganisation(trx, row);
      await insertOrganisationKeys(scoped(trx, row.id), signingKeys);
      const organisation = toOrganisation(ctx.config, (await findOrganisationById(trx, row.id))!);
      await createUser(ctx, trx, input.creator(organisation), {
        email,
        role: 'OrganisationAdministrator',
        via: 'organisation sign-up',
        status: 'SignedUp',
        passwordHash,
        emailVerified: true,
        termsAcceptedAt: input.termsAcceptedAt ?? null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('organisationName', ORGANISATION_NAME_MESSAGES.taken, 'CONFLICT');
    throw error;
  }
  const created = await findOrganisationByName(ctx.db.kysely, name);
  if (!created) throw new AppError('INTERNAL');
  return toOrganisation(ctx.config, created);
}
