/**
 * The audit log (issue 14): each event kind is recorded once, with the right actor, subject, address,
 * user agent and request id, after the action that caused it; another organisation sees none of it;
 * filters, cursor paging, export and retention work; an endpoint subscribed to everything gets it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { AuditEvent, AuditPage } from '@gatehouse/common/schemas/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DAY, ManualClock } from '../clock.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { rotateOrganisationKeys } from '../oidc/keys.ts';
import { organisationId, setPolicy, signUp } from '../testing/accounts.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { saveSettings } from '../testing/organisations.ts';
import { webhookDelivery } from '../webhooks/delivery.ts';

const USER_AGENT = 'AuditTest/1.0';
const NEW_PASSWORD = 'a long and quiet river';

describe.each(testDialects())('audit log on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  let acmeId: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, config: { webhooksAllowPrivate: true } });
    await server.createOrganisation('acme');
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    adminId = (await admin.get('/api/account')).json<{ id: string }>().id;
    acmeId = await organisationId(server, 'acme');
  });
  afterAll(() => server?.close());

  async function page(client: TestClient, query = ''): Promise<AuditPage> {
    const res = await client.get(`/api/audit${query ? `?${query}` : ''}`);
    expect(res.status, res.text).toBe(200);
    return res.json<AuditPage>();
  }
  /** Events recorded since `after` (an event id), oldest first. */
  async function since(after: number): Promise<AuditEvent[]> {
    return (await page(admin, 'limit=200')).events.filter((e) => e.id > after).reverse();
  }
  async function lastId(): Promise<number> {
    return (await page(admin, 'limit=1')).events[0]?.id ?? 0;
  }

  it('records a user created by an admin, their update, disabling and enabling, with the admin as actor and what changed', async () => {
    const mark = await lastId();
    const invited = await admin.post('/api/users', {
      form: { firstName: 'Ada', email: 'ada@example.test' },
      headers: { 'user-agent': USER_AGENT },
    });
    expect(invited.status).toBe(201);
    const ada = invited.json<{ id: string }>().id;
    expect((await admin.put(`/api/users/${ada}`, { form: { firstName: 'Augusta', surname: 'King' } })).status).toBe(200);
    expect((await admin.post(`/api/users/${ada}/disable`)).status).toBe(200);
    expect((await admin.post(`/api/users/${ada}/enable`)).status).toBe(200);

    const events = await since(mark);
    expect(events.map((e) => e.type)).toEqual(['user.created', 'invitation.sent', 'user.updated', 'user.disabled', 'user.enabled']);
    for (const event of events) {
      expect(event.actor).toEqual({ kind: 'user', id: adminId, label: 'admin@acme.test' });
      expect(event.subject).toEqual({ kind: 'user', id: ada, label: 'ada@example.test' });
      expect(event.ip).toBe('127.0.0.1');
      expect(event.requestId).toMatch(/\S/);
    }
    expect(events[0]!.userAgent).toBe(USER_AGENT);
    expect(new Set(events.map((e) => e.requestId)).size).toBe(4);
    expect(events[2]!.details).toEqual({ firstName: { from: 'Ada', to: 'Augusta' }, surname: { from: null, to: 'King' } });
  });

  it('records sign-ins and failed sign-ins as the user’s own, with the reason and never the password', async () => {
    const bob = await createUser(server, acmeId, { email: 'bob@example.test' });
    const mark = await lastId();
    const wrong = 'Wrong-password-42';
    expect((await server.client('acme').post('/api/authenticate', { form: { email: bob.email, password: wrong } })).status).toBe(401);
    expect(
      (await server.client('acme').post('/api/authenticate', { form: { email: 'nobody@example.test', password: wrong } })).status,
    ).toBe(401);
    await signedIn(server, 'acme', bob.email);

    const events = await since(mark);
    expect(events.map((e) => [e.type, e.actor.kind, e.subject?.id ?? null])).toEqual([
      ['user.sign_in_failed', 'anonymous', bob.id],
      ['user.sign_in_failed', 'anonymous', null],
      ['user.signed_in', 'user', bob.id],
    ]);
    expect(events[0]!.details).toEqual({ reason: 'invalid_credentials', email: bob.email });
    expect(events[1]!.details).toEqual({ reason: 'invalid_credentials', email: 'nobody@example.test' });
    expect(events[2]!.details).toEqual({ method: 'password' });
    expect(JSON.stringify(await page(admin, 'limit=200'))).not.toContain(wrong);

    // The screen's filter: a user's failed sign-ins, by email or by id.
    const byEmail = await page(admin, `type=user.sign_in_failed&who=${encodeURIComponent(bob.email)}`);
    expect(byEmail.events.map((e) => e.id)).toEqual([events[0]!.id]);
    expect((await page(admin, `type=user.sign_in_failed&who=${bob.id}`)).events).toEqual(byEmail.events);
  });

  it('records applications, organisation settings with before and after, and key rotation', async () => {
    const mark = await lastId();
    const app = await createApplication(admin, { name: 'Wiki' });
    expect((await admin.post(`/api/clients/${app.id}/regeneratesecret`)).status).toBe(200);
    expect((await admin.delete(`/api/clients/${app.id}`)).status).toBe(204);
    const view = (await admin.get('/api/organisation')).json<{ failedSignInsBeforeLockout: number }>();
    const lockout = view.failedSignInsBeforeLockout === 7 ? 8 : 7;
    expect((await saveSettings(admin, { failedSignInsBeforeLockout: lockout })).status).toBe(200);

    const events = await since(mark);
    expect(events.map((e) => e.type)).toEqual([
      'application.created',
      'application.updated',
      'application.secret_regenerated',
      'application.deleted',
      'organisation.settings_changed',
    ]);
    expect(events.slice(0, 4).every((e) => e.subject?.id === app.id && e.actor.id === adminId)).toBe(true);
    expect(events[4]!.details).toEqual({ failedSignInsBeforeLockout: { from: view.failedSignInsBeforeLockout, to: lockout } });
    // No secret is ever in the log.
    expect(JSON.stringify(events)).not.toContain(app.secret);
  });

  it('records a self sign-up, a password change, a lockout and its clearing, and a key rotation by the operator', async () => {
    const mark = await lastId();
    const browser = await signUp(server, 'acme', 'newcomer@example.test', NEW_PASSWORD);
    const newcomer = (await browser.get('/api/account')).json<{ id: string }>().id;
    const changed = await browser.post('/api/changepassword', {
      form: { currentPassword: NEW_PASSWORD, password: `${NEW_PASSWORD} again`, confirmPassword: `${NEW_PASSWORD} again` },
    });
    expect(changed.status).toBe(200);
    const failedSignInsBeforeLockout = 3;
    await setPolicy(server, 'acme', { failed_sign_ins_before_cooldown: 0, failed_sign_ins_before_lockout: failedSignInsBeforeLockout });
    for (let i = 0; i < failedSignInsBeforeLockout; i++)
      await server.client('acme').post('/api/authenticate', { form: { email: 'newcomer@example.test', password: 'Not-the-password-1' } });
    expect((await admin.post(`/api/users/${newcomer}/clearlockout`)).status).toBe(200);
    await rotateOrganisationKeys(server.ctx, 'acme');

    const events = await since(mark);
    const failed = events.filter((e) => e.type === 'user.sign_in_failed');
    expect(failed).toHaveLength(failedSignInsBeforeLockout);
    expect(events.filter((e) => e.type !== 'user.sign_in_failed').map((e) => [e.type, e.actor.kind, e.actor.id, e.subject?.id])).toEqual([
      // The emailed link proves the address: the account is created verified.
      ['user.created', 'anonymous', null, newcomer],
      ['user.signed_up', 'user', newcomer, newcomer],
      ['user.signed_in', 'user', newcomer, newcomer],
      ['user.password_changed', 'user', newcomer, newcomer],
      ['user.locked_out', 'anonymous', null, newcomer],
      ['user.unlocked', 'user', adminId, newcomer],
      ['organisation.keys_rotated', 'operator', null, acmeId],
    ]);
  });

  it('keeps each organisation’s events to its Organisation Admins', async () => {
    const globex = await signedIn(server, 'globex', 'admin@globex.test');
    const theirs = await page(globex);
    const ours = await page(admin, 'limit=200');
    expect(theirs.events.length).toBeGreaterThan(0);
    const ourIds = new Set(ours.events.map((e) => e.id));
    expect(theirs.events.some((e) => ourIds.has(e.id))).toBe(false);
    expect(JSON.stringify(theirs)).not.toContain('acme');

    await createUser(server, acmeId, { email: 'useradmin@example.test', role: 'UserAdministrator' });
    await createUser(server, acmeId, { email: 'enduser@example.test' });
    expect((await (await signedIn(server, 'acme', 'useradmin@example.test')).get('/api/audit')).status).toBe(403);
    expect((await (await signedIn(server, 'acme', 'enduser@example.test')).get('/api/audit')).status).toBe(403);
    expect((await server.client('acme').get('/api/audit')).status).toBe(401);
    expect((await admin.get('/api/audit?type=user.exploded')).status).toBe(400);
  });

  it('pages newest first by cursor, filters by type and time, and exports CSV and JSON', async () => {
    const all = (await page(admin, 'limit=200')).events;
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const next: AuditPage = await page(admin, `limit=3${cursor ? `&before=${cursor}` : ''}`);
      expect(next.events.length).toBeLessThanOrEqual(3);
      seen.push(...next.events.map((e) => e.id));
      cursor = next.next;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((e) => e.id));

    const types = (await page(admin, 'type=user.disabled&type=user.enabled')).events.map((e) => e.type);
    expect(types).toEqual(['user.enabled', 'user.disabled']);
    const now = clock.now();
    expect((await page(admin, `from=${now + 1}`)).events).toEqual([]);
    expect((await page(admin, `to=${now + 1}`)).events.length).toBe(Math.min(all.length, 50));

    const csv = await admin.get('/api/audit/export?format=csv&type=user.updated');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-acme-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,type,actor,actor id,actor name,subject,subject id,subject name,ip,user agent,request id,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',user.updated,user,');
    const json = await admin.get('/api/audit/export?format=json');
    expect(json.json<AuditEvent[]>().map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('offers each event to the webhooks subscribed to it', async () => {
    const received: { type: string; data: { subject: { id: string } } }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(JSON.parse(body) as (typeof received)[number]);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      expect((await admin.post('/api/webhooks', { form: { url, eventTypes: ['user.created', 'user.deleted'] } })).status).toBe(201);
      const created = (await admin.post('/api/users', { form: { firstName: 'Hook', email: 'hook@example.test' } })).json<{ id: string }>();
      expect((await admin.delete(`/api/users/${created.id}`)).status).toBe(204);
      // Webhooks have their own delivery loop (issue 27): the job kicks it, and the test waits for it.
      await runJobOnce(
        server.ctx,
        JOBS.find((j) => j.name === 'deliver-webhooks')!,
        { force: true },
      );
      await webhookDelivery(server.ctx).idle();
      await server.settled();
      expect(received.map((e) => [e.type, e.data.subject.id])).toEqual([
        ['user.created', created.id],
        ['user.deleted', created.id],
      ]);
    } finally {
      receiver.close();
    }
  });

  // Issue 31, point 8: an admin's "Recent activity" lists what they did to others; each of those events
  // names its subject, also once that user is deleted (by the email their deletion recorded).
  it('names the subject of what an admin did to others, also after that user is deleted', async () => {
    const mark = await lastId();
    const cleo = (await admin.post('/api/users', { form: { firstName: 'Cleo', email: 'cleo@example.test' } })).json<{ id: string }>().id;
    expect((await admin.post(`/api/users/${cleo}/disable`)).status).toBe(200);
    expect((await admin.delete(`/api/users/${cleo}`)).status).toBe(204);

    const mine = (await page(admin, `who=${adminId}&limit=200`)).events.filter((e) => e.id > mark).reverse();
    expect(mine.map((e) => [e.type, e.subject])).toEqual([
      ['user.created', { kind: 'user', id: cleo, label: 'cleo@example.test' }],
      ['invitation.sent', { kind: 'user', id: cleo, label: 'cleo@example.test' }],
      ['user.disabled', { kind: 'user', id: cleo, label: 'cleo@example.test' }],
      ['user.deleted', { kind: 'user', id: cleo, label: 'cleo@example.test' }],
    ]);
  });

  // Issue 31, point 12: the user filter took only an exact email; the start of one finds that user's events too.
  it("filters by the start of a user's email, as well as by the whole email or the id", async () => {
    const dora = await createUser(server, acmeId, { email: 'dora.the.filtered@example.test' });
    expect((await admin.post(`/api/users/${dora.id}/disable`)).status).toBe(200);
    const byId = await page(admin, `who=${dora.id}`);
    expect(byId.events.length).toBeGreaterThan(0);
    expect((await page(admin, `who=${encodeURIComponent('dora.the.filtered@example.test')}`)).events).toEqual(byId.events);
    expect((await page(admin, 'who=Dora.the.fil')).events).toEqual(byId.events);
    expect((await page(admin, 'who=nobody.matches.this')).events).toEqual([]);
    // Another organisation's user of that address is not found.
    const globex = await signedIn(server, 'globex', 'admin@globex.test');
    expect((await page(globex, 'who=dora.the')).events).toEqual([]);
  });

  it('deletes events older than the retention, and only those', async () => {
    const before = (await page(admin, 'limit=200')).events.length;
    expect(before).toBeGreaterThan(0);
    clock.advance(server.ctx.config.auditRetentionDays * DAY - 1000);
    const later = await signedIn(server, 'acme', 'admin@acme.test');
    clock.advance(2000);
    await runJobOnce(
      server.ctx,
      JOBS.find((j) => j.name === 'audit-retention')!,
      { force: true },
    );
    const left = (await page(later, 'limit=200')).events;
    // What happened within the retention stays: the last sign-in.
    expect(left.map((e) => e.type)).toEqual(['user.signed_in']);
  });
});
