/** All schema migrations, in order. Each takes the dialect so the one schema is written for both databases. */
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';

import type { Db, Dialect } from '../database.ts';
import { foundation } from './0001-foundation.ts';
import { assetsAndJobs } from './0002-assets-and-jobs.ts';
import { oidc } from './0003-oidc.ts';
import { accountLifecycle } from './0004-account-lifecycle.ts';
import { rememberMeFractions } from './0005-remember-me-fractions.ts';
import { mfa } from './0006-mfa.ts';
import { baseSignUp } from './0008-base-signup.ts';
import { userSearch } from './0009-user-search.ts';
import { metrics } from './0010-metrics.ts';
import { webhooks } from './0070-webhooks.ts';
import { audit } from './0071-audit.ts';
import { scim } from './0080-scim.ts';
import { nextSigningKeys } from './0090-next-signing-keys.ts';
import { passkeys } from './0115-passkeys.ts';
import { passwordless } from './0116-passwordless.ts';
import { clientAuthentication } from './0117-client-authentication.ts';
import { backchannelLogout } from './0118-backchannel-logout.ts';
import { protectedApis } from './0119-protected-apis.ts';
import { passwordVisibility } from './0120-password-visibility.ts';
import { userCountsAndSearch } from './0121-user-counts.ts';
import { webhookCircuits } from './0122-webhook-circuits.ts';
import { scimInterop } from './0124-scim-interop.ts';
import { signInConnections } from './0125-sign-in-connections.ts';
import { credentials } from './0126-credentials.ts';
import { samlConnections } from './0127-saml-connections.ts';
import { connectionLeftovers } from './0128-connection-leftovers.ts';
import { samlResponseOwners } from './0131-saml-response-owners.ts';
import { samlApplications } from './0140-saml-applications.ts';
import { sessionDevices } from './0145-session-devices.ts';
import { providerSessionLink } from './0150-provider-session-link.ts';
import { newBrowserNotice } from './0151-new-browser-notice.ts';
import { samlSessions } from './0155-saml-sessions.ts';
import { languages } from './0160-languages.ts';
import { groups } from './0165-groups.ts';
import { importJobs } from './0170-import-jobs.ts';
import { samlLogoutAnswers } from './0175-saml-logout-answers.ts';
import { roles } from './0185-roles.ts';
import { addressLists } from './0190-address-lists.ts';
import { signUpChallenge } from './0203-sign-up-challenge.ts';
import { stepUp } from './0207-step-up.ts';

export type MigrationFactory = (dialect: Dialect) => Migration;

const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-foundation': foundation,
  '0002-assets-and-jobs': assetsAndJobs,
  '0003-oidc': oidc,
  '0004-account-lifecycle': accountLifecycle,
  '0005-remember-me-fractions': rememberMeFractions,
  '0006-mfa': mfa,
  '0008-base-signup': baseSignUp,
  '0009-user-search': userSearch,
  '0010-metrics': metrics,
  '0070-webhooks': webhooks,
  '0071-audit': audit,
  '0080-scim': scim,
  '0090-next-signing-keys': nextSigningKeys,
  '0115-passkeys': passkeys,
  '0116-passwordless': passwordless,
  '0117-client-authentication': clientAuthentication,
  '0118-backchannel-logout': backchannelLogout,
  '0119-protected-apis': protectedApis,
  '0120-password-visibility': passwordVisibility,
  '0121-user-counts': userCountsAndSearch,
  '0122-webhook-circuits': webhookCircuits,
  '0124-scim-interop': scimInterop,
  '0125-sign-in-connections': signInConnections,
  '0126-credentials': credentials,
  '0127-saml-connections': samlConnections,
  '0128-connection-leftovers': connectionLeftovers,
  '0131-saml-response-owners': samlResponseOwners,
  '0140-saml-applications': samlApplications,
  '0145-session-devices': sessionDevices,
  '0150-provider-session-link': providerSessionLink,
  '0151-new-browser-notice': newBrowserNotice,
  '0155-saml-sessions': samlSessions,
  '0160-languages': languages,
  '0165-groups': groups,
  '0170-import-jobs': importJobs,
  '0175-saml-logout-answers': samlLogoutAnswers,
  '0185-roles': roles,
  '0190-address-lists': addressLists,
  '0203-sign-up-challenge': signUpChallenge,
  '0207-step-up': stepUp,
};

/** The names of the migrations this version knows, in order (an organisation export records them). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/**
 * Brings the schema up to date (or, for tests of a later migration on existing rows, up to `target`);
 * safe when several processes start at once (Kysely takes a lock).
 */
export async function migrate(db: Db, target?: string): Promise<void> {
  const migrator = await migratorFor(db);
  const { error, results } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** What `gatehouse doctor` reports: migrations this version has not yet applied, and applied ones it does not know (a newer version ran). */
export async function migrationStatus(db: Db): Promise<{ applied: number; pending: string[]; unknown: string[] }> {
  const migrator = await migratorFor(db);
  const known = await migrator.getMigrations();
  const pending = known.filter((m) => m.executedAt === undefined).map((m) => m.name);
  const table = db.dialect === 'postgres' ? sql.table(`${await currentSchema(db)}.kysely_migration`) : sql.table('kysely_migration');
  const names = await sql<{ name: string }>`select name from ${table}`.execute(db.kysely).then(
    (r) => r.rows.map((row) => row.name),
    () => [] as string[],
  );
  const knownNames = new Set(known.map((m) => m.name));
  return { applied: names.length, pending, unknown: names.filter((name) => !knownNames.has(name)) };
}

async function migratorFor(db: Db): Promise<Migrator> {
  return new Migrator({
    db: db.kysely as unknown as Kysely<unknown>,
    // Kysely looks for its migration tables in every schema unless told which: another schema of the
    // same database (another install, or a parallel test run) would otherwise pass for this one.
    ...(db.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
    provider: {
      getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(db.dialect)])),
    },
  });
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]!.schema;
}
