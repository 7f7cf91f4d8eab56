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
  known_browsers: true,
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
  saml_applications: true,
  saml_sign_in_flows: true,
  saml_request_ids: true,
  saml_idp_secrets: true,
  saml_session_applications: true,
  saml_logout_flows: true,
  groups: true,
  group_members: true,
  roles: true,
  role_permissions: true,
  user_roles: true,
  group_roles: true,
  import_jobs: true,
  import_refusals: true,
  import_sources: true,
  address_list_entries: true,
};

export const TENANT_TABLES: ReadonlySet<string> = new Set(Object.keys(TENANT));

/** The column that names a row's organisation: organisation_id, and the organisation's own id on `organisations`. */
export function organisationColumnOf(table: string): 'organisation_id' | 'id' | undefined {
  if (TENANT_TABLES.has(table)) return 'organisation_id';
  return table === 'organisations' ? 'id' : undefined;
}

/**
 * The unique keys of tenant tables that include the organisation, each written without it: an upsert
 * through the scoped store names the rest (`oc.columns(['email'])`) and the store puts organisation_id
 * first in its ON CONFLICT target. A key without the organisation (a row's own id) stays as written.
 * db/scoped.int.test.ts checks this list against the migrated database on both dialects.
 */
export const ORGANISATION_KEYS: Partial<Record<TenantTable, readonly (readonly string[])[]>> = {
  users: [['email']],
  apis: [['identifier']],
  user_client_access: [['user_id', 'client_id']],
  known_browsers: [['user_id', 'id']],
  client_policy_acceptances: [['user_id', 'client_id']],
  oidc_keys: [['kid']],
  oidc_artefacts: [['model', 'id']],
  oidc_events: [['kind', 'subject']],
  sign_in_throttle: [['email']],
  mfa_enrolments: [['user_id']],
  mfa_recovery_codes: [['user_id', 'code_hash']],
  metric_counts: [['metric', 'bucket_start']],
  user_counts: [['status']],
  webauthn_credentials: [['credential_id']],
  connection_links: [['connection_id', 'subject']],
  saml_connections: [['connection_id']],
  saml_assertions: [['assertion_id']],
  saml_applications: [['client_id'], ['entity_id']],
  saml_request_ids: [['client_id', 'request_id']],
  saml_session_applications: [['session_id', 'client_id']],
  // One row per organisation: an upsert with no target is completed to ON CONFLICT (organisation_id).
  saml_idp_secrets: [[]],
  groups: [['name_key']],
  group_members: [['group_id', 'user_id']],
  roles: [['name_key']],
  role_permissions: [['role_id', 'api_id', 'scope']],
  user_roles: [['role_id', 'user_id']],
  group_roles: [['role_id', 'group_id']],
  import_refusals: [['job_id', 'row']],
  import_sources: [['job_id']],
  address_list_entries: [['list', 'range']],
};

/** Whether `columns` are one of the table's organisation keys less the organisation (ON CONFLICT targets to complete). */
export function completesOrganisationKey(table: string, columns: readonly string[]): boolean {
  if (columns.includes('organisation_id')) return false;
  const keys = ORGANISATION_KEYS[table as TenantTable] ?? [];
  return keys.some((key) => key.length === columns.length && key.every((column) => columns.includes(column)));
}
