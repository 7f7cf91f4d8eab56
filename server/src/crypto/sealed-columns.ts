/**
 * Every column that holds a secret sealed under KEY_ENCRYPTION_KEY (crypto/key-encryption.ts), with the
 * row's key and the associated data its envelope is bound to. A rotation of the key-encryption key
 * (security/key-rotation.ts) and the move of an organisation between installations (organisations/transfer.ts)
 * both re-seal exactly these; a new sealed column is added here once.
 */
import type { Kysely } from 'kysely';

import type { Executor } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';

export interface SealedColumn {
  table: 'oidc_keys' | 'credentials' | 'mfa_enrolments' | 'webhook_endpoints' | 'clients' | 'sign_in_connections' | 'saml_idp_secrets';
  column: string;
  /** The columns that name one row within its organisation (the scoped store adds the organisation). */
  key: readonly string[];
  /** What the envelope is bound to, its organisation and row: a sealed value copied to another row does not open. */
  associatedData(organisationId: string, row: Record<string, unknown>): string;
}

export const SEALED_COLUMNS = {
  signingKeys: {
    table: 'oidc_keys',
    column: 'encrypted_jwk',
    key: ['kid'],
    associatedData: (organisationId, row) => `${organisationId}:${String(row.kid)}`,
  },
  authenticatorKeys: {
    table: 'credentials',
    column: 'secret',
    // The id names the row; the user is read too, as the envelope is bound to the user.
    key: ['id', 'user_id'],
    associatedData: (organisationId, row) => `mfa:${organisationId}:${String(row.user_id)}`,
  },
  enrolments: {
    table: 'mfa_enrolments',
    column: 'secret',
    key: ['user_id'],
    associatedData: (organisationId, row) => `mfa:${organisationId}:${String(row.user_id)}`,
  },
  webhookSecrets: {
    table: 'webhook_endpoints',
    column: 'secret_encrypted',
    key: ['id'],
    associatedData: (organisationId, row) => `webhook-secret:${organisationId}:${String(row.id)}`,
  },
  clientSecrets: {
    table: 'clients',
    column: 'secret_sealed',
    key: ['id'],
    associatedData: (organisationId, row) => `client-secret:${organisationId}:${String(row.id)}`,
  },
  connectionSecrets: {
    table: 'sign_in_connections',
    column: 'client_secret_sealed',
    key: ['id'],
    associatedData: (organisationId, row) => `connection-secret:${organisationId}:${String(row.id)}`,
  },
  connectionKeys: {
    table: 'sign_in_connections',
    column: 'private_key_sealed',
    key: ['id'],
    associatedData: (organisationId, row) => `connection-key:${organisationId}:${String(row.id)}`,
  },
  samlNameIdSecrets: {
    table: 'saml_idp_secrets',
    column: 'name_id_secret_sealed',
    // One row per organisation: the scoped store names it.
    key: [],
    associatedData: (organisationId) => `saml-name-id:${organisationId}`,
  },
} as const satisfies Record<string, SealedColumn>;

export type SealedColumnName = keyof typeof SEALED_COLUMNS;

/** Any table by name, for code that walks tables from a list (the table names come from our own lists, never from input). */
export type AnyTables = Record<string, Record<string, unknown>>;
export const untyped = (db: Executor): Kysely<AnyTables> => db as unknown as Kysely<AnyTables>;

/** One organisation's rows of any of these tables, through its scoped store (db/scoped.ts). */
export const untypedInScope = (db: ScopedExecutor): Kysely<AnyTables> => untyped(db as unknown as Executor);
