/**
 * The tenant tables: every table of db/schema.ts that carries organisation_id. The scoped store
 * (db/scoped.ts) stamps that column on each of them; the type below makes this list follow the schema
 * (a new tenant table that is not listed, or a listed table without the column, fails the typecheck),
 * and db/scoped.int.test.ts checks it against the migrated database on both dialects.
 */
import type { Database } from './schema.ts';

export type TenantTable = { [T in keyof Database]: 'organisation_id' extends keyof Database[T] ? T : never }[keyof Database];

const TENANT: Record<TenantTable, true> = {
  users: true,
  sessions: true,
  assets: true,
  mail_outbox: true,
  webhook_endpoints: true,
  audit_events: true,
  email_tokens: true,
  recovery_flows: true,
  password_history: true,
  sign_in_throttle: true,
  clients: true,
  apis: true,
  api_grants: true,
  user_client_access: true,
  client_policy_acceptances: true,
  oidc_keys: true,
  oidc_artefacts: true,
  oidc_events: true,
  credentials: true,
  mfa_enrolments: true,
  mfa_recovery_codes: true,
  mfa_remembered_devices: true,
  sign_in_states: true,
  webauthn_credentials: true,
  webauthn_challenges: true,
  webauthn_passwordless_challenges: true,
  metric_counts: true,
  user_counts: true,
  sign_in_connections: true,
  connection_links: true,
  connection_flows: true,
  saml_connections: true,
  saml_responses: true,
  saml_assertions: true,
};

export const TENANT_TABLES: ReadonlySet<string> = new Set(Object.keys(TENANT));

/** The column that names a row's organisation: organisation_id, and the organisation's own id on `organisations`. */
export function organisationColumnOf(table: string): 'organisation_id' | 'id' | undefined {
  if (TENANT_TABLES.has(table)) return 'organisation_id';
  return table === 'organisations' ? 'id' : undefined;
}
