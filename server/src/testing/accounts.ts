/** Fixture helpers for account-lifecycle tests: policies, the outbox, links in mail, signing in. */
import type { MailOutboxRow, OrganisationUpdate } from '../db/schema.ts';
import { findOrganisationByName } from '../tenancy/store.ts';
import type { TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';

/** Changes an organisation's settings (the settings screen is another issue's) and drops the cached copy. */
export async function setPolicy(server: TestServer, name: string, changes: OrganisationUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await server.ctx.db.kysely.updateTable('organisations').set(changes).where('name', '=', name).execute();
  server.gatehouse.resolver.invalidate();
}

let organisations = 0;

/** A fresh organisation (admin@<name>.test) with the given policy, so counters never leak between tests. */
export async function newOrganisation(server: TestServer, policy: OrganisationUpdate = {}): Promise<string> {
  const name = `org${++organisations}`;
  await server.createOrganisation(name);
  await setPolicy(server, name, policy);
  return name;
}

export async function organisationId(server: TestServer, name: string): Promise<string> {
  return (await findOrganisationByName(server.ctx.db.kysely, name))!.id;
}

/** The messages kept for an address (the development outbox), newest first. */
export async function mailTo(server: TestServer, to: string): Promise<MailOutboxRow[]> {
  await server.settled();
  return server.ctx.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).orderBy('id', 'desc').execute();
}

export async function latestMailTo(server: TestServer, to: string): Promise<MailOutboxRow> {
  const [latest] = await mailTo(server, to);
  if (!latest) throw new Error(`No mail to ${to}`);
  return latest;
}

/** The first link of a message's text, as a URL. */
export function linkIn(text: string | null): URL {
  const match = /https?:\/\/\S+/.exec(text ?? '');
  if (!match) throw new Error(`No link in: ${text}`);
  return new URL(match[0]);
}

/** The recovery or sign-in code in a message's text (the indented line). */
export function codeIn(text: string | null): string {
  const match = /^ {4}([0-9A-Z]{4}-[0-9A-Z]{4}|\d{6})$/m.exec(text ?? '');
  if (!match) throw new Error(`No code in: ${text}`);
  return match[1]!;
}

export async function signIn(server: TestServer, org: string, email: string, password: string): Promise<TestClient> {
  const client = server.client(org);
  const res = await client.post('/api/authenticate', { form: { email, password } });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} at ${org} failed: ${res.status} ${res.text}`);
  return client;
}

/** Self sign-up through the emailed link: returns the signed-in browser. */
export async function signUp(server: TestServer, org: string, email: string, password: string): Promise<TestClient> {
  const client = server.client(org);
  const start = await client.post('/api/signup', { form: { email, consent: 'true' } });
  if (start.status !== 200) throw new Error(`Sign-up failed: ${start.text}`);
  const verificationID = linkIn((await latestMailTo(server, email)).body).searchParams.get('verificationID')!;
  const verify = await client.post('/api/verifyemail', { form: { verificationID } });
  if (verify.status !== 200) throw new Error(`Verification failed: ${verify.text}`);
  const complete = await client.post('/api/completesignup', { form: { password, confirmPassword: password } });
  if (complete.status !== 200) throw new Error(`Completing sign-up failed: ${complete.text}`);
  return client;
}

/** Inserts `count` signed-up end users into an organisation (`<prefix>-<i>`, `<prefix><i>@<domain>`), to fill a package's user limit. */
export async function insertFillerUsers(
  server: TestServer,
  organisationId: string,
  count: number,
  { prefix, domain }: { prefix: string; domain: string },
): Promise<void> {
  if (count <= 0) return;
  const now = server.ctx.clock.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    organisation_id: organisationId,
    email: `${prefix}${i}@${domain}`,
    role: 'EndUser' as const,
    status: 'SignedUp' as const,
    requires_new_password: false,
    failed_auth_count: 0,
    multi_factor_auth_required: false,
    created_at: now,
    updated_at: now,
  }));
  await server.ctx.db.kysely.insertInto('users').values(rows).execute();
}
