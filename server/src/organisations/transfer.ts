/**
 * Moving an organisation between installations (`gatehouse export-organisation` and
 * `import-organisation`): one JSON file holds everything the organisation owns, so that on the new
 * installation its users sign in with the same passwords, second steps and passkeys, and its
 * applications keep their client ids, secrets and the signing keys their tokens were checked with.
 *
 * Secrets sealed under KEY_ENCRYPTION_KEY (crypto/sealed-columns.ts) leave sealed under a key derived
 * from the operator's passphrase (scrypt), and are sealed under the new installation's key on import.
 * Passwords, client secrets and SCIM tokens are only ever hashes and move as they are. Recovery codes are
 * HMACs under a key derived from KEY_ENCRYPTION_KEY: they move only to an installation with the same key.
 * What lives for minutes or hours (sessions, tokens, emailed links, sign-ins in progress) stays behind.
 */

import { organisationName } from '@gatehouse/common/schemas/organisation';
import { sql } from 'kysely';
import { z } from 'zod';

import { keyEncryptionKeys, originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret, KeyEncryptionError } from '../crypto/key-encryption.ts';
import { newSealing, PASSPHRASE_MIN_LENGTH, passphraseSealing, sealingKey } from '../crypto/passphrase-sealing.ts';
import { SEALED_COLUMNS, type SealedColumn, untyped, untypedInScope } from '../crypto/sealed-columns.ts';
import { isUniqueViolation } from '../db/database.ts';
import { MIGRATION_NAMES } from '../db/migrations/index.ts';
import type { Executor } from '../db/schema.ts';
import { acrossOrganisations, scoped, ScopeViolation } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { recoveryCodeKeyId } from '../mfa/secrets.ts';
import type { Scope } from '../scope/scope.ts';
import { hostnameFor, type Organisation, toOrganisation } from '../tenancy/organisation.ts';
import { findOrganisationById, findOrganisationByName } from '../tenancy/store.ts';

export const TRANSFER_FORMAT = 'gatehouse-organisation-export';
export const TRANSFER_VERSION = 1;

/** What moves, in the order it is written: a row comes after the rows it refers to. */
export const MOVED_TABLES = [
  'users',
  'assets',
  'clients',
  'saml_applications',
  'saml_idp_secrets',
  'groups',
  'group_members',
  'apis',
  'api_grants',
  'roles',
  'role_permissions',
  'user_roles',
  'group_roles',
  'user_client_access',
  'client_policy_acceptances',
  'password_history',
  'mfa_recovery_codes',
  'webauthn_credentials',
  'credentials',
  'oidc_keys',
  'webhook_endpoints',
  'address_list_entries',
  'sign_in_connections',
  'saml_connections',
  'connection_links',
  'metric_counts',
  'audit_events',
] as const;
export type MovedTable = (typeof MOVED_TABLES)[number];

/** What an organisation owns that does not move, and why (a test fails for a tenant table in neither list). */
export const LEFT_BEHIND: Readonly<Record<string, string>> = {
  sessions: 'sign-ins end with the move: people sign in again on the new installation',
  oidc_artefacts: "the provider's sessions, grants, codes and tokens: applications sign their users in again",
  oidc_events: "the last day's protocol events behind the dashboard tiles",
  mail_outbox: 'messages already sent or being sent by this installation',
  email_tokens: 'emailed links (invitations, verifications, resets) stop working: send them again',
  recovery_flows: 'account recoveries in progress',
  sign_in_throttle: 'failed sign-ins of unknown emails, counted for minutes',
  mfa_enrolments: 'second steps being set up',
  mfa_remembered_devices: 'browsers that skip the code step: they are asked again once',
  known_browsers: 'browsers people signed in from: each is new once more (a first browser tells nothing)',
  sign_in_states: 'sign-ins waiting for their code',
  webauthn_challenges: 'passkey challenges, valid for minutes',
  webauthn_passwordless_challenges: 'passkey sign-in challenges, valid for minutes',
  connection_flows: 'sign-ins sent to an upstream identity provider, valid for minutes',
  saml_responses: "SAML answers waiting for their browser's next request, valid for two minutes",
  saml_assertions: 'accepted SAML assertion IDs, kept until the assertions expire (an assertion is only valid for its own installation)',
  saml_sign_in_flows: 'sign-ins asked for by SAML applications, valid for minutes',
  saml_request_ids: 'accepted SAML AuthnRequest IDs, kept for minutes against replays',
  saml_session_applications: 'the SAML applications each session signed in to: sessions end with the move',
  saml_logout_flows: 'sign-outs going from SAML application to application, valid for minutes',
  import_jobs: 'imports of people run by this installation, with their reports: the people they made move',
  import_sources: 'the files of those imports, kept while a job runs',
  import_refusals: "the refused rows of those imports' reports",
  user_counts: "the users per status: the new installation's database counts the users as they are imported",
};

/** Tables whose rows the database numbers: the numbers are not moved, their order is. */
const NUMBERED: Partial<Record<MovedTable, string>> = { password_history: 'id', audit_events: 'id' };
/** Where a row names another row of the organisation, which must be in the file too. */
const REFERENCES = { user_id: 'users', client_id: 'clients' } as const;
/** Rows that name users or applications only as a record of the past. */
const HISTORY: readonly MovedTable[] = ['audit_events', 'metric_counts'];

const SEALED: readonly SealedColumn[] = Object.values(SEALED_COLUMNS).filter((sealed) =>
  (MOVED_TABLES as readonly string[]).includes(sealed.table),
);
const CHECK_TEXT = 'gatehouse organisation export';

export class TransferRefused extends Error {}

const cell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.object({ base64: z.string() }).strict()]);
type Cell = z.infer<typeof cell>;
const row = z.record(z.string().regex(/^[a-z][a-z0-9_]*$/), cell);
type Row = z.infer<typeof row>;

export const organisationExport = z
  .object({
    format: z.literal(TRANSFER_FORMAT),
    version: z.literal(TRANSFER_VERSION),
    exportedAt: z.iso.datetime(),
    /** Where the organisation was served: passkeys are bound to this host. */
    hostname: z.string(),
    /** The schema the rows are in: an installation that lacks one of these migrations cannot take them. */
    migrations: z.array(z.string()),
    sealing: passphraseSealing
      .extend({
        /** A known text sealed with the passphrase's key: a wrong passphrase is told at once. */
        check: z.string(),
      })
      .strict(),
    recoveryCodeKeyId: z.string(),
    organisation: row,
    tables: z.partialRecord(z.enum(MOVED_TABLES), z.array(row)),
  })
  .strict();
export type OrganisationExport = z.infer<typeof organisationExport>;

function checkPassphrase(passphrase: string): void {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH)
    throw new TransferRefused(`The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters long.`);
}

function encodeCell(value: unknown): Cell {
  if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new Error(`A value of type ${typeof value} cannot be exported.`);
}
const decodeCell = (value: Cell): unknown => (value !== null && typeof value === 'object' ? Buffer.from(value.base64, 'base64') : value);

/** Re-seals the table's sealed columns of one of the organisation's rows with `reseal(envelope, associatedData)`. */
function resealRow<T extends Record<string, unknown>>(
  organisationId: string,
  table: string,
  row: T,
  reseal: (envelope: string, associatedData: string) => string,
): T {
  const out: Record<string, unknown> = { ...row };
  for (const sealed of SEALED) {
    const envelope = out[sealed.column];
    if (sealed.table === table && typeof envelope === 'string')
      out[sealed.column] = reseal(envelope, sealed.associatedData(organisationId, row));
  }
  return out as T;
}

/** The scope the transfer is audited in, once its organisation is known (the CLI: the operator's). */
type ScopeFor = (organisation: Organisation) => Scope;

export interface ExportOptions {
  scopeFor: ScopeFor;
  passphrase: string;
  /** Whether the audit log goes too (it may be large, and the old installation keeps it). */
  withAudit: boolean;
}

/** Everything organisation `name` owns, as one document; its secrets sealed under the passphrase. */
export async function exportOrganisation(ctx: AppContext, name: string, options: ExportOptions): Promise<OrganisationExport> {
  checkPassphrase(options.passphrase);
  const sealing = newSealing();
  const key = sealingKey(options.passphrase, sealing);
  const installationKeys = keyEncryptionKeys(ctx.config);
  const toFile = (envelope: string, associatedData: string) =>
    encryptSecret(key, decryptSecret(installationKeys, envelope, associatedData), associatedData);

  // One snapshot: rows written meanwhile are either all in the file or all not.
  const transaction =
    ctx.db.dialect === 'postgres' ? ctx.db.kysely.transaction().setIsolationLevel('repeatable read') : ctx.db.kysely.transaction();
  const { document, scope } = await transaction.execute(async (trx) => {
    const organisation = await findOrganisationByName(trx, name.toLowerCase());
    // The base organisation is not found by name: it belongs to the installation (gatehouse backup copies it).
    if (!organisation) throw new TransferRefused(`There is no organisation named "${name}".`);
    const tables: OrganisationExport['tables'] = {};
    for (const table of MOVED_TABLES) {
      if (table === 'audit_events' && !options.withAudit) continue;
      const numbered = NUMBERED[table];
      let query = untypedInScope(scoped(trx, organisation.id)).selectFrom(table).selectAll();
      if (numbered) query = query.orderBy(numbered);
      const rows = await query.execute();
      tables[table] = rows.map((stored) => {
        const sealed = resealRow(organisation.id, table, stored, toFile);
        return Object.fromEntries(
          Object.entries(sealed)
            .filter(([column]) => column !== numbered)
            .map(([column, value]) => [column, encodeCell(value)]),
        );
      });
    }
    const exported = {
      format: TRANSFER_FORMAT,
      version: TRANSFER_VERSION,
      exportedAt: new Date(ctx.clock.now()).toISOString(),
      hostname: hostnameFor(ctx.config, organisation.name, false),
      migrations: [...MIGRATION_NAMES],
      sealing: { ...sealing, check: encryptSecret(key, CHECK_TEXT, CHECK_TEXT) },
      recoveryCodeKeyId: recoveryCodeKeyId(ctx.config.keyEncryptionKey),
      organisation: Object.fromEntries(Object.entries(organisation).map(([column, value]) => [column, encodeCell(value)])),
      tables,
    } satisfies OrganisationExport;
    return { document: exported, scope: options.scopeFor(toOrganisation(ctx.config, organisation)) };
  });
  const id = String(document.organisation.id);
  await emit(ctx, ctx.db.kysely, scope, {
    type: 'organisation.exported',
    subject: { kind: 'organisation', id },
    details: { users: document.tables.users?.length ?? 0, applications: document.tables.clients?.length ?? 0, auditLog: options.withAudit },
  });
  return document;
}

export interface ImportOptions {
  scopeFor: ScopeFor;
  passphrase: string;
  /** Import under another name (and so another host) than the exported one. */
  name?: string | undefined;
}

export interface ImportReport {
  name: string;
  origin: string;
  counts: Partial<Record<MovedTable, number>>;
  /** Recovery codes that could not move (the installations' KEY_ENCRYPTION_KEY differ). */
  recoveryCodesLeft: number;
  warnings: string[];
}

/** The columns of each table of the connected database's schema. */
export async function tableColumns(db: Executor, dialect: 'sqlite' | 'postgres'): Promise<Map<string, Set<string>>> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
          where table_schema = current_schema()`.execute(db)
      : await sql<{ table_name: string; column_name: string }>`select m.name as table_name, p.name as column_name
          from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(db);
  const tables = new Map<string, Set<string>>();
  for (const { table_name, column_name } of rows) {
    if (!tables.has(table_name)) tables.set(table_name, new Set());
    tables.get(table_name)!.add(column_name);
  }
  return tables;
}

function refuseUnknownColumns(columns: Map<string, Set<string>>, table: string, rows: readonly Row[]): void {
  const known = columns.get(table);
  for (const stored of rows) {
    const unknown = Object.keys(stored).filter((column) => !known?.has(column));
    if (unknown.length)
      throw new TransferRefused(`The file's ${table} have columns this installation does not know: ${unknown.join(', ')}.`);
  }
}

/** Checks the document (shape, schema, passphrase, references) before anything is written. */
function readDocument(input: unknown, passphrase: string): { document: OrganisationExport; key: string } {
  const parsed = organisationExport.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TransferRefused(`This is not a Gatehouse organisation export (${issue.path.join('.') || 'file'}: ${issue.message}).`);
  }
  const document = parsed.data;
  const newer = document.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (newer.length)
    throw new TransferRefused(`The export was made by a newer Gatehouse (schema ${newer.join(', ')}): upgrade this installation first.`);
  const key = sealingKey(passphrase, document.sealing);
  try {
    decryptSecret(key, document.sealing.check, CHECK_TEXT);
  } catch (error) {
    if (error instanceof KeyEncryptionError) throw new TransferRefused('The passphrase does not open this export.');
    throw error;
  }
  const organisationId = document.organisation.id;
  if (typeof organisationId !== 'string' || !organisationId) throw new TransferRefused("The file's organisation has no id.");
  if (document.organisation.is_base !== false) throw new TransferRefused('The file holds a base organisation, which does not move.');
  const ids = {
    users: new Set(document.tables.users?.map((user) => user.id)),
    clients: new Set(document.tables.clients?.map((client) => client.id)),
  };
  for (const table of MOVED_TABLES) {
    if (HISTORY.includes(table)) continue;
    for (const stored of document.tables[table] ?? []) {
      for (const [column, target] of Object.entries(REFERENCES)) {
        const value = stored[column];
        if (value !== undefined && value !== null && !ids[target].has(value))
          throw new TransferRefused(`A row of ${table} names ${column} ${String(value)}, which is not in the file.`);
      }
    }
  }
  return { document, key };
}

/** Recreates an exported organisation here, in one transaction: all of it or nothing. */
export async function importOrganisation(ctx: AppContext, input: unknown, options: ImportOptions): Promise<ImportReport> {
  checkPassphrase(options.passphrase);
  const { document, key } = readDocument(input, options.passphrase);
  const exportedName = String(document.organisation.name);
  const named = organisationName.safeParse(options.name ?? exportedName);
  if (!named.success)
    throw new TransferRefused(`"${options.name ?? exportedName}" cannot be an organisation name: ${named.error.issues[0]!.message}`);
  const name = named.data;
  const organisationId = String(document.organisation.id);

  const recoveryCodesMove = keyEncryptionKeys(ctx.config).some((secret) => recoveryCodeKeyId(secret) === document.recoveryCodeKeyId);
  const recoveryCodesLeft = recoveryCodesMove ? 0 : (document.tables.mfa_recovery_codes?.length ?? 0);
  const fromFile = (envelope: string, associatedData: string) =>
    encryptSecret(ctx.config.keyEncryptionKey, decryptSecret(key, envelope, associatedData), associatedData);
  const counts: ImportReport['counts'] = {};

  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const columns = await tableColumns(trx, ctx.db.dialect);
      refuseUnknownColumns(columns, 'organisations', [document.organisation]);
      if (await findOrganisationByName(trx, name))
        throw new TransferRefused(`An organisation named "${name}" already exists here: import it under another name with --name.`);
      const existing = await findOrganisationById(trx, organisationId);
      if (existing) throw new TransferRefused(`This installation already holds this organisation (as "${existing.name}").`);

      const organisation = Object.fromEntries(Object.entries(document.organisation).map(([column, value]) => [column, decodeCell(value)]));
      await untyped(acrossOrganisations(trx, 'operator'))
        .insertInto('organisations')
        .values({ ...organisation, name })
        .execute();
      for (const table of MOVED_TABLES) {
        if (table === 'mfa_recovery_codes' && !recoveryCodesMove) continue;
        const rows = document.tables[table] ?? [];
        refuseUnknownColumns(columns, table, rows);
        const numbered = NUMBERED[table];
        const values = rows.map((stored) =>
          resealRow(
            organisationId,
            table,
            Object.fromEntries(
              Object.entries(stored)
                .filter(([column]) => column !== numbered)
                .map(([column, value]) => [column, decodeCell(value)]),
            ),
            fromFile,
          ),
        );
        // Batches stay well under both databases' limits on bound parameters. Through the organisation's
        // scoped store: a row that names another organisation is refused, and nothing is written.
        for (let start = 0; start < values.length; start += 100)
          await untypedInScope(scoped(trx, organisationId))
            .insertInto(table)
            .values(values.slice(start, start + 100))
            .execute()
            .catch((error: unknown) => {
              if (error instanceof ScopeViolation) throw new TransferRefused(`A row of ${table} belongs to another organisation.`);
              throw error;
            });
        counts[table] = values.length;
      }
      const imported = toOrganisation(ctx.config, (await findOrganisationById(trx, organisationId))!);
      await emit(ctx, trx, options.scopeFor(imported), {
        type: 'organisation.imported',
        subject: { kind: 'organisation', id: organisationId },
        details: {
          from: exportedName,
          exportedAt: document.exportedAt,
          users: counts.users ?? 0,
          applications: counts.clients ?? 0,
          recoveryCodesLeft,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new TransferRefused(
        "Some of the file's users, applications or images already exist on this installation: was it imported here before?",
      );
    throw error;
  }

  const hostname = hostnameFor(ctx.config, name, false);
  const origin = originFor(ctx.config, hostname);
  const warnings: string[] = [];
  if (hostname !== document.hostname) {
    warnings.push(
      `The organisation is now served at ${hostname}, not ${document.hostname}: its applications must use the issuer ${origin}, and passkeys, which are bound to ${document.hostname}, do not work here (people sign in with their password and add them again).`,
    );
  }
  if (recoveryCodesLeft)
    warnings.push(
      `${recoveryCodesLeft} recovery codes did not move: this installation's KEY_ENCRYPTION_KEY differs from the exporting one. People keep their second step and can make new codes on /twostep.`,
    );
  return { name, origin, counts, recoveryCodesLeft, warnings };
}
