/**
 * Every column that holds a secret sealed under KEY_ENCRYPTION_KEY (oidc/key-encryption.ts), with the
 * row's key and the associated data its envelope is bound to. A rotation of the key-encryption key
 * (key-rotation.ts) and the move of an organisation between installations (organisations/transfer.ts)
 * both re-seal exactly these; a new sealed column is added here once.
 */
import type { Kysely } from 'kysely';
import type { Executor } from '../db/schema.ts';

export interface SealedColumn {
  table: 'oidc_keys' | 'credentials' | 'mfa_enrolments' | 'webhook_endpoints' | 'clients' | 'sign_in_connections';
  column: string;
  /** The columns that name one row. */
  key: readonly string[];
  /** What the envelope is bound to: a sealed value copied to another row does not open. */
  associatedData(row: Record<string, unknown>): string;
}

export const SEALED_COLUMNS = {
  signingKeys: {
    table: 'oidc_keys',
    column: 'encrypted_jwk',
    key: ['organisation_id', 'kid'],
    associatedData: (row) => `${String(row.organisation_id)}:${String(row.kid)}`,
  },
  authenticatorKeys: {
    table: 'credentials',
    column: 'secret',
    // The id names the row; the user is read too, as the envelope is bound to organisation and user.
    key: ['organisation_id', 'id', 'user_id'],
    associatedData: (row) => `mfa:${String(row.organisation_id)}:${String(row.user_id)}`,
  },
  enrolments: {
    table: 'mfa_enrolments',
    column: 'secret',
    key: ['organisation_id', 'user_id'],
    associatedData: (row) => `mfa:${String(row.organisation_id)}:${String(row.user_id)}`,
  },
  webhookSecrets: {
    table: 'webhook_endpoints',
    column: 'secret_encrypted',
    key: ['organisation_id', 'id'],
    associatedData: (row) => `webhook-secret:${String(row.organisation_id)}:${String(row.id)}`,
  },
  clientSecrets: {
    table: 'clients',
    column: 'secret_sealed',
    key: ['organisation_id', 'id'],
    associatedData: (row) => `client-secret:${String(row.organisation_id)}:${String(row.id)}`,
  },
  connectionSecrets: {
    table: 'sign_in_connections',
    column: 'client_secret_sealed',
    key: ['organisation_id', 'id'],
    associatedData: (row) => `connection-secret:${String(row.organisation_id)}:${String(row.id)}`,
  },
  connectionKeys: {
    table: 'sign_in_connections',
    column: 'private_key_sealed',
    key: ['organisation_id', 'id'],
    associatedData: (row) => `connection-key:${String(row.organisation_id)}:${String(row.id)}`,
  },
} as const satisfies Record<string, SealedColumn>;

export type SealedColumnName = keyof typeof SEALED_COLUMNS;

/** Any table by name, for code that walks tables from a list (the table names come from our own lists, never from input). */
export type AnyTables = Record<string, Record<string, unknown>>;
export const untyped = (db: Executor): Kysely<AnyTables> => db as unknown as Kysely<AnyTables>;
