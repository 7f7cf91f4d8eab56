import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { MigrationFactory } from './index.ts';

/** Kinds of a credentials row: the second-step methods' numbers (common/src/policy.ts) and the recovery-code set. */
const PASSKEY = 3;
const RECOVERY_CODES = 4;

interface OldUserMfa {
  organisation_id: string;
  user_id: string;
  two_step_kind: number | null;
  secret: string | null;
  phone_number: string | null;
  last_step: number | string | null;
  failed_code_count: number;
  created_at: number | string;
}

interface CredentialInsert {
  id: string;
  organisation_id: string;
  user_id: string;
  kind: number;
  name: string | null;
  secret: string | null;
  phone_number: string | null;
  passkey_id: string | null;
  last_step: number | null;
  is_default: boolean;
  created_at: number;
  last_used_at: number | null;
}

/**
 * Several second factors per person: one `credentials` row per factor (each authenticator
 * app, email codes, SMS codes with their phone, each passkey as a link to its webauthn_credentials row,
 * and the recovery-code set), replacing `users.two_step_kind` and the one `user_mfa` row per user. Every
 * existing factor moves with its sealed key (the envelope stays bound to organisation and user, so it
 * opens as before), its last accepted time step and its failed-code count; the user's method becomes
 * their default factor (for a passkey-only user, their first passkey). `users.has_second_factor` is the
 * answer the per-request checks read, kept by mfa/store.ts (syncSecondFactor) in the transaction of every change.
 */
export const credentials: MigrationFactory = () => ({
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema of this moment, not today's
    await db.schema
      .createTable('credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'integer', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('secret', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('passkey_id', 'text', (c) => c.references('webauthn_credentials.id').onDelete('cascade'))
      .addColumn('last_step', 'bigint')
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('credentials_user').on('credentials').columns(['organisation_id', 'user_id']).execute();
    await db.schema.createIndex('credentials_passkey').on('credentials').column('passkey_id').unique().execute();
    await db.schema
      .alterTable('users')
      .addColumn('has_second_factor', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('failed_code_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    const rows: CredentialInsert[] = [];
    const base = (organisation_id: string, user_id: string) => ({
      id: randomUUID(),
      organisation_id,
      user_id,
      name: null,
      secret: null,
      phone_number: null,
      passkey_id: null,
      last_step: null,
      last_used_at: null,
    });

    const methods: OldUserMfa[] = await db
      .selectFrom('user_mfa as m')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'm.user_id').onRef('u.organisation_id', '=', 'm.organisation_id'))
      .select([
        'm.organisation_id',
        'm.user_id',
        'u.two_step_kind',
        'm.secret',
        'm.phone_number',
        'm.last_step',
        'm.failed_code_count',
        'm.created_at',
      ])
      .execute();
    const defaultPasskeyOf = new Set<string>();
    for (const m of methods) {
      if (m.failed_code_count > 0)
        await db
          .updateTable('users')
          .set({ failed_code_count: m.failed_code_count })
          .where('organisation_id', '=', m.organisation_id)
          .where('id', '=', m.user_id)
          .execute();
      if (m.two_step_kind === null) continue;
      if (m.two_step_kind === PASSKEY) {
        defaultPasskeyOf.add(`${m.organisation_id}:${m.user_id}`);
        continue;
      }
      rows.push({
        ...base(m.organisation_id, m.user_id),
        kind: m.two_step_kind,
        secret: m.secret,
        phone_number: m.phone_number,
        last_step: m.last_step === null ? null : Number(m.last_step),
        is_default: true,
        created_at: Number(m.created_at),
      });
    }

    const passkeys: {
      id: string;
      organisation_id: string;
      user_id: string;
      created_at: number | string;
      last_used_at: number | string | null;
    }[] = await db
      .selectFrom('webauthn_credentials')
      .select(['id', 'organisation_id', 'user_id', 'created_at', 'last_used_at'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const p of passkeys) {
      const owner = `${p.organisation_id}:${p.user_id}`;
      const isDefault = defaultPasskeyOf.delete(owner);
      rows.push({
        ...base(p.organisation_id, p.user_id),
        kind: PASSKEY,
        passkey_id: p.id,
        is_default: isDefault,
        created_at: Number(p.created_at),
        last_used_at: p.last_used_at === null ? null : Number(p.last_used_at),
      });
    }

    const sets = (await db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => ['organisation_id', 'user_id', eb.fn.min('created_at').as('created_at'), eb.fn.max('used_at').as('last_used_at')])
      .groupBy(['organisation_id', 'user_id'])
      .execute()) as { organisation_id: string; user_id: string; created_at: number | string; last_used_at: number | string | null }[];
    for (const s of sets) {
      rows.push({
        ...base(s.organisation_id, s.user_id),
        kind: RECOVERY_CODES,
        is_default: false,
        created_at: Number(s.created_at),
        last_used_at: s.last_used_at === null ? null : Number(s.last_used_at),
      });
    }

    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('credentials')
        .values(rows.slice(i, i + 200))
        .execute();
    await db
      .updateTable('users')
      .set({ has_second_factor: true })
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('credentials as c')
            .select('c.id')
            .whereRef('c.organisation_id', '=', 'users.organisation_id')
            .whereRef('c.user_id', '=', 'users.id')
            .where('c.kind', '<>', RECOVERY_CODES),
        ),
      )
      .execute();

    await db.schema.dropTable('user_mfa').execute();
    await db.schema.alterTable('users').dropColumn('two_step_kind').execute();
  },
});
