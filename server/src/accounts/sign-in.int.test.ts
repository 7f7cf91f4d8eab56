import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { findUserByEmail } from './store.ts';

describe.each(testDialects())('sign-in and sessions on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  const queries: string[] = [];
  const statements: { sql: string; named: boolean }[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { queries, statements });
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
  });
  afterAll(() => server?.close());

  const signIn = (org: string, email: string, password: string) => {
    const client = server.client(org);
    return { client, response: client.post('/api/authenticate', { form: { email, password } }) };
  };

  it('signs the CLI-made admin in with a host-only, HttpOnly, SameSite session cookie and answers the account', async () => {
    const { client, response } = signIn('acme', 'Admin@Acme.test', DEFAULT_PASSWORD);
    const res = await response;
    expect(res.status).toBe(200);
    const body = res.json<{ user: { email: string; role: string; emailVerifiedDate: string | null }; orgRedirectURL: null }>();
    expect(body.user.email).toBe('admin@acme.test');
    expect(body.user.role).toBe('OrganisationAdministrator');
    expect(body.user.emailVerifiedDate).not.toBeNull();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^gatehouse_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Domain=/i);

    const account = await client.get('/api/account');
    expect(account.status).toBe(200);
    expect(account.json<{ email: string; lastSignIn: string }>().email).toBe('admin@acme.test');
  });

  it('reads the user once for a password sign-in: the sign-in answers the updated user itself', async () => {
    await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    queries.length = 0;
    const res = await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    expect(res.status).toBe(200);
    expect(queries.filter((sql) => /^\s*select\b.*\bfrom "users"/is.test(sql))).toHaveLength(1);
  });

  // Pinned so the statements of the hottest write cannot grow unseen (bench/README.md, "The statements of
  // one password sign-in"): on PostgreSQL each is a round trip, and its parse and plan share the cores
  // with argon2id, so every one but BEGIN and COMMIT runs as a named statement, planned once per connection.
  it('runs twelve statements for a password sign-in from a browser without a session, named on PostgreSQL', async () => {
    await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    await server.settled();
    statements.length = 0;
    expect((await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response).status).toBe(200);
    await server.settled();
    const label = (sql: string) => {
      const [, verb, table] = /^(begin|commit|select|insert into|update|delete from)\b(?:.*?\bfrom)? ?"?(\w*)/is.exec(sql) ?? [];
      return `${verb} ${table}`.trim();
    };
    expect(statements.map((statement) => label(statement.sql))).toEqual([
      'select sign_in_connections',
      'select users',
      'update users',
      'begin',
      'update users',
      'insert into known_browsers',
      'insert into audit_events',
      'select webhook_endpoints',
      'insert into metric_counts',
      'insert into sessions',
      'commit',
      'select clients',
    ]);
    const unnamed = statements.filter((statement) => !statement.named).map((statement) => statement.sql);
    expect(unnamed).toEqual(dialect === 'postgres' ? ['begin', 'commit'] : statements.map((statement) => statement.sql));
  });

  // The unknown email's count was built by Kysely at every call, and helmet's options parsed at every
  // request (bench/README.md, "The server's own CPU around the hash"): both now built once, same answers.
  it("counts an unknown email with prepared statements and answers it with helmet's security headers", async () => {
    await signIn('acme', 'nobody@acme.test', 'wrong password').response;
    statements.length = 0;
    const res = await signIn('acme', 'nobody@acme.test', 'wrong password').response;
    expect(res.status).toBe(401);
    const throttle = statements.filter((statement) => /"sign_in_throttle"/.test(statement.sql));
    expect(throttle.map((statement) => /^\w+/.exec(statement.sql)![0].toLowerCase())).toEqual(['insert', 'update']);
    expect(throttle.every((statement) => statement.named)).toBe(dialect === 'postgres');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self';form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self'",
    );
    expect(res.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(res.headers['x-correlation-id']).toMatch(/^[1-9A-Z]{12}$/);
  });

  it('finishes a password sign-in in one transaction: the record, the event and the session between one begin and its commit', async () => {
    await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    queries.length = 0;
    expect((await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response).status).toBe(200);
    await server.settled();
    const at = (pattern: RegExp) => queries.findIndex((q) => pattern.test(q));
    const begin = at(/^begin/i);
    const commit = at(/^commit/i);
    expect(queries.filter((q) => /^commit/i.test(q))).toHaveLength(1);
    for (const statement of [/^update "users" set "previous_sign_in"/, /^insert into "audit_events"/, /^insert into "sessions"/]) {
      expect(at(statement)).toBeGreaterThan(begin);
      expect(at(statement)).toBeLessThan(commit);
    }
  });

  // The end of a sign-in was three commits (the user's record, the event, the session): a session that
  // could not be started left a sign-in recorded and audited that never happened.
  it('records a sign-in with its event and its session, or none of them (one transaction)', async () => {
    const db = server.ctx.db.kysely;
    const signedInEvents = async () =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from audit_events where type = 'user.signed_in'`.execute(db)).rows[0]!.n,
      );
    await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    const before = { user: await findUserByEmail(scoped(db, acmeId), 'admin@acme.test'), events: await signedInEvents() };
    if (dialect === 'sqlite')
      await sql`create trigger refuse_sessions before insert on sessions begin select raise(abort, 'refused'); end`.execute(db);
    else {
      await sql`create function refuse_sessions() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_sessions before insert on sessions for each row execute function refuse_sessions()`.execute(db);
    }
    try {
      const refused = await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
      expect(refused.status).toBe(500);
      expect(refused.headers['set-cookie']).toBeUndefined();
      const after = await findUserByEmail(scoped(db, acmeId), 'admin@acme.test');
      expect(after!.last_sign_in).toBe(before.user!.last_sign_in);
      expect(await signedInEvents()).toBe(before.events);
    } finally {
      await sql`drop trigger refuse_sessions${dialect === 'sqlite' ? sql`` : sql` on sessions`}`.execute(db);
    }
    const again = await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    expect(again.status).toBe(200);
    expect(await signedInEvents()).toBe(before.events + 1);
  });

  it('records the previous sign-in when signing in again', async () => {
    const first = await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    const second = await signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD).response;
    const a = first.json<{ user: { lastSignIn: string } }>().user;
    const b = second.json<{ user: { previousSignIn: string; lastSignIn: string } }>().user;
    expect(b.previousSignIn).toBe(a.lastSignIn);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await signIn('acme', 'admin@acme.test', 'not the password at all').response;
    const unknown = await signIn('acme', 'nobody@acme.test', 'not the password at all').response;
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, correlationId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      message: 'The email address or password is incorrect',
      validation: { errors: {} },
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('counts a failed sign-in against the user', async () => {
    const before = await findUserByEmail(scoped(server.ctx.db.kysely, (await orgId('globex'))!), 'admin@globex.test');
    await signIn('globex', 'admin@globex.test', 'wrong wrong wrong').response;
    const after = await findUserByEmail(scoped(server.ctx.db.kysely, (await orgId('globex'))!), 'admin@globex.test');
    expect(after!.failed_auth_count).toBe(before!.failed_auth_count + 1);
    expect(after!.last_failed_sign_in).not.toBeNull();
  });

  it('answers missing fields with messages keyed by field', async () => {
    const res = await server.client('acme').post('/api/authenticate', { form: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    const body = res.json<{ validation: { errors: Record<string, { message: string }> } }>();
    expect(body.validation.errors.email?.message).toBe('Please enter a valid email address');
    expect(body.validation.errors.password?.message).toBe('This field is required');
  });

  it('refuses a password over 1,024 characters before hashing it', async () => {
    const res = await signIn('acme', 'admin@acme.test', 'x'.repeat(1025)).response;
    expect(res.status).toBe(400);
  });

  it('is 401 for the account when signed out, and after signing out', async () => {
    const { client, response } = signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD);
    await response;
    expect((await client.get('/api/account')).status).toBe(200);
    const token = client.cookies.get('gatehouse_session')!;
    const out = await client.post('/api/signout');
    expect(out.status).toBe(200);
    // No SAML application to tell: the SPA goes straight to the sign-in page.
    expect(out.json()).toEqual({ samlLogout: null });
    expect((await client.get('/api/account')).status).toBe(401);
    // The old token is dead on the server, not merely forgotten by the browser.
    const replay = server.client('acme');
    replay.cookies.set('gatehouse_session', token);
    expect((await replay.get('/api/account')).status).toBe(401);
  });

  it("never honours one organisation's session on another organisation's host", async () => {
    const { client, response } = signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD);
    await response;
    const elsewhere = server.client('globex');
    elsewhere.cookies.set('gatehouse_session', client.cookies.get('gatehouse_session')!);
    expect((await elsewhere.get('/api/account')).status).toBe(401);
    const base = server.client('');
    base.cookies.set('gatehouse_session', client.cookies.get('gatehouse_session')!);
    expect((await base.get('/api/account')).status).toBe(401);
  });

  it('rejects a tampered session cookie', async () => {
    const { client, response } = signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD);
    await response;
    const [token, signature] = client.cookies.get('gatehouse_session')!.split('.');
    client.cookies.set('gatehouse_session', `${token!.slice(0, -2)}AA.${signature}`);
    expect((await client.get('/api/account')).status).toBe(401);
  });

  it('gives a fresh session id at every sign-in', async () => {
    const client = server.client('acme');
    await client.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    const first = client.cookies.get('gatehouse_session');
    await client.post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    const second = client.cookies.get('gatehouse_session');
    expect(second).not.toBe(first);
    const old = server.client('acme');
    old.cookies.set('gatehouse_session', first!);
    expect((await old.get('/api/account')).status).toBe(401);
  });

  it('refuses sign-in at the base organisation', async () => {
    const res = await server.client('').post('/api/authenticate', { form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(403);
  });

  it('refuses a cross-site state-changing call (CSRF) but lets same-origin and non-browser clients through', async () => {
    const client = server.client('acme');
    const crossSite = await client.post('/api/authenticate', {
      form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD },
      headers: { origin: 'http://evil.test' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const sibling = await client.post('/api/signout', { headers: { origin: `http://globex.localhost:${server.port}` } });
    expect(sibling.status).toBe(403);
    const fetchMetadata = await client.post('/api/signout', { noOrigin: true, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchMetadata.status).toBe(403);
    const nonBrowser = await client.post('/api/authenticate', {
      noOrigin: true,
      form: { email: 'admin@acme.test', password: DEFAULT_PASSWORD },
    });
    expect(nonBrowser.status).toBe(200);
  });

  it('ends an idle session after the inactivity period', async () => {
    const { client, response } = signIn('acme', 'admin@acme.test', DEFAULT_PASSWORD);
    await response;
    await server.ctx.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - 21 * 60_000 })
      .execute();
    expect((await client.get('/api/account')).status).toBe(401);
  });

  async function orgId(name: string) {
    const row = await server.ctx.db.kysely.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
    return row?.id;
  }
});
