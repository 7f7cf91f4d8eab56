/**
 * User administration (issue 6): the /users list and search, reading, editing and deleting a user, the
 * role and self-edit rules of spec section 6, and other organisations' users answering 404 on every route.
 */
import { randomUUID } from 'node:crypto';

import { pathOf } from '@gatehouse/common/api/address';
import { usersApi } from '@gatehouse/common/api/users';
import { LIMITS } from '@gatehouse/common/policy';
import { USER_ACTIONS, type UserAction } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import type { UserActionResult, UserListPage } from '@gatehouse/common/schemas/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { latestMailTo, linkIn, newOrganisation, organisationId, setPolicy } from '../testing/accounts.ts';
import { createApplication, createUser, signedIn } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { SEARCH_COUNT_CAP, SEARCH_DISTINCT_NAMES } from './store.ts';

const actionPath = (id: string, action: UserAction) => pathOf(usersApi.actions[action], { id });

describe.each(testDialects())('user administration on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server?.close());

  /** A fresh organisation without the Starter limit, its signed-in Organisation Admin and a signed-in User Admin. */
  async function organisation() {
    const name = await newOrganisation(server, { tier: 'free' });
    const id = await organisationId(server, name);
    const admin = await signedIn(server, name, `admin@${name}.test`);
    const userAdmin = await createUser(server, id, { email: `useradmin@${name}.test`, role: 'UserAdministrator' });
    const adminId = (await admin.get('/api/account')).json<Account>().id;
    return { name, id, admin, adminId, userAdmin, userAdminClient: await signedIn(server, name, userAdmin.email) };
  }

  const list = async (by: TestClient, query = '') => {
    const res = await by.get(`/api/users${query}`);
    expect(res.status).toBe(200);
    return res.json<UserListPage>();
  };

  describe('the list and search', () => {
    it('pages through every user in email order with the page size of common/policy', async () => {
      const org = await organisation();
      for (let i = 0; i < LIMITS.usersPageSize + 3; i++) {
        await createUser(server, org.id, { email: `member${String(i).padStart(3, '0')}@example.test` });
      }
      const total = LIMITS.usersPageSize + 3 + 2;
      const first = await list(org.admin);
      expect(first).toMatchObject({ page: 1, total, totalPages: 2 });
      expect(first.items).toHaveLength(LIMITS.usersPageSize);
      const second = await list(org.admin, '?page=2');
      expect(second.items).toHaveLength(total - LIMITS.usersPageSize);
      const emails = [...first.items, ...second.items].map((u) => u.email);
      expect(emails).toEqual(emails.toSorted());
      expect(new Set(emails).size).toBe(total);
      expect(first.items[0]).toEqual({
        id: expect.any(String),
        email: `admin@${org.name}.test`,
        firstName: null,
        surname: null,
        role: 'OrganisationAdministrator',
        status: 'SignedUp',
        managedBy: null,
      });
      expect((await list(org.admin, '?page=3')).items).toEqual([]);
      // The spec's call: POST /users/search with page and search in the body answers the same.
      const posted = await org.admin.post('/api/users/search', { form: { page: '2' } });
      expect(posted.json()).toEqual(second);
    });

    it('finds users by a case-insensitive prefix of their email, first name or surname, and only them', async () => {
      const org = await organisation();
      const other = await organisation();
      await createUser(server, org.id, { email: 'grace@navy.test', firstName: 'Grace', surname: 'Hopper' });
      await createUser(server, org.id, { email: 'ada@example.test', firstName: 'Ada', surname: 'Lovelace' });
      await createUser(server, org.id, { email: 'zed@example.test', firstName: 'Élodie', surname: 'Graham' });
      await createUser(server, other.id, { email: 'gregory@example.test', firstName: 'Gregory' });
      const emails = async (search: string) => (await list(org.admin, `?search=${encodeURIComponent(search)}`)).items.map((u) => u.email);
      expect(await emails('GR')).toEqual(['grace@navy.test', 'zed@example.test']);
      expect(await emails('hop')).toEqual(['grace@navy.test']);
      expect(await emails('ada@')).toEqual(['ada@example.test']);
      expect(await emails('élo')).toEqual(['zed@example.test']);
      expect(await emails('ÉLO')).toEqual(['zed@example.test']);
      expect(await emails('lovelace x')).toEqual([]);
      expect(await emails('%')).toEqual([]);
      expect(await emails('  ')).toHaveLength(5);
      expect(await list(org.admin, '?search=nobody')).toEqual({
        items: [],
        page: 1,
        totalPages: 0,
        total: 0,
        totalExact: true,
        next: null,
      });
      const posted = await org.admin.post('/api/users/search', { form: { search: 'Lov' } });
      expect(posted.json<UserListPage>().items.map((u) => u.email)).toEqual(['ada@example.test']);
    });

    /** Every page by cursor from the first: what the infinite scroll does. */
    const scroll = async (by: TestClient, search = '') => {
      const pages: UserListPage[] = [await list(by, search ? `?search=${search}` : '')];
      while (pages.at(-1)!.next !== null) {
        const last = pages.at(-1)!;
        const query = new URLSearchParams({ page: String(last.page + 1), after: last.next!, ...(search ? { search } : {}) });
        pages.push(await list(by, `?${query}`));
      }
      return pages;
    };

    it('pages by cursor: each page names the next (its last email), and the pages after it hold the users that follow', async () => {
      const org = await organisation();
      for (let i = 0; i < 2 * LIMITS.usersPageSize + 5; i++) {
        await createUser(server, org.id, { email: `member${String(i).padStart(3, '0')}@example.test`, surname: i % 2 ? 'Odd' : 'Even' });
      }
      const total = 2 * LIMITS.usersPageSize + 5 + 2;
      const pages = await scroll(org.admin);
      expect(pages.map((p) => [p.page, p.items.length, p.total, p.totalPages, p.totalExact])).toEqual([
        [1, LIMITS.usersPageSize, total, 3, true],
        [2, LIMITS.usersPageSize, total, 3, true],
        [3, total - 2 * LIMITS.usersPageSize, total, 3, true],
      ]);
      for (const page of pages.slice(0, -1)) expect(page.next).toBe(page.items.at(-1)!.email);
      const emails = pages.flatMap((p) => p.items.map((u) => u.email));
      expect(emails).toEqual(emails.toSorted());
      expect(new Set(emails).size).toBe(total);
      // The same pages by offset.
      expect((await list(org.admin, '?page=2')).items).toEqual(pages[1]!.items);
      // A narrow search pages the same way, and counts its matches exactly.
      const odd = await scroll(org.admin, 'odd');
      expect(odd.map((p) => [p.items.length, p.total, p.totalExact])).toEqual([
        [LIMITS.usersPageSize, LIMITS.usersPageSize + 2, true],
        [2, LIMITS.usersPageSize + 2, true],
      ]);
      const oddEmails = odd.flatMap((p) => p.items.map((u) => u.email));
      expect(oddEmails).toEqual(emails.filter((e) => /^member\d+@/.test(e) && Number(e.slice(6, 9)) % 2 === 1));
      // The cursor is any email: the users after it, in the spec's form call too.
      const posted = await org.admin.post('/api/users/search', { form: { page: '2', after: 'member049@example.test', search: 'member' } });
      expect(posted.json<UserListPage>().items.map((u) => u.email)[0]).toBe('member050@example.test');
      expect((await list(org.admin, '?after=zzz')).items).toEqual([]);
      expect((await list(org.admin, '?after=zzz')).next).toBeNull();
    });

    it('pages a broad search by merging the first pages of its names, with a lower bound for its total', async () => {
      const org = await organisation();
      const other = await organisation();
      // Over SEARCH_COUNT_CAP users of one first name (Bulk or Other), and a third of them with one of more
      // than SEARCH_DISTINCT_NAMES surnames starting Bulk, between each other in email order.
      const now = Date.now();
      const rows = Array.from({ length: 4 * SEARCH_COUNT_CAP + 100 }, (_, i) => {
        const name = i % 2 === 0 ? 'Bulk' : 'Other';
        const surname = i % 3 === 0 ? `Bulk${i % (SEARCH_DISTINCT_NAMES + 20)}` : null;
        return {
          id: randomUUID(),
          organisation_id: org.id,
          email: `u${String(i).padStart(5, '0')}@example.test`,
          first_name: name,
          surname,
          first_name_search: name.toLowerCase(),
          surname_search: surname?.toLowerCase() ?? null,
          role: 'EndUser' as const,
          status: 'SignedUp' as const,
          requires_new_password: false,
          failed_auth_count: 0,
          multi_factor_auth_required: false,
          created_at: now,
          updated_at: now,
        };
      });
      for (let i = 0; i < rows.length; i += 500)
        await server.ctx.db.kysely
          .insertInto('users')
          .values(rows.slice(i, i + 500))
          .execute();
      await createUser(server, org.id, { email: 'bulkhead@example.test' });
      await createUser(server, org.id, { email: 'zed@example.test', surname: 'Bulkeley' });
      await createUser(server, other.id, { email: 'bulk@other.test', firstName: 'Bulk' });
      const lowerBound = {
        total: SEARCH_COUNT_CAP + 1,
        totalExact: false,
        totalPages: Math.ceil((SEARCH_COUNT_CAP + 1) / LIMITS.usersPageSize),
      };
      const emails = (pages: UserListPage[]) => pages.flatMap((p) => p.items.map((u) => u.email));

      const bulk = await scroll(org.admin, 'bulk');
      const expected = [
        'bulkhead@example.test',
        ...rows.filter((r) => r.first_name === 'Bulk' || r.surname).map((r) => r.email),
        'zed@example.test',
      ];
      expect(bulk[0]).toMatchObject(lowerBound);
      expect(emails(bulk)).toEqual(expected);
      expect(bulk.at(-1)!.page).toBe(Math.ceil(expected.length / LIMITS.usersPageSize));
      // By offset, the same pages.
      expect((await list(org.admin, '?search=bulk&page=3')).items).toEqual(bulk[2]!.items);

      const others = await scroll(org.admin, 'oth');
      expect(others[0]).toMatchObject(lowerBound);
      expect(emails(others)).toEqual(rows.filter((r) => r.first_name === 'Other').map((r) => r.email));
      expect((await list(org.admin, '?search=oth&page=4')).items).toEqual(others[3]!.items);
      // The whole list's total is still exact (the organisation's counters).
      expect(await list(org.admin)).toMatchObject({ total: rows.length + 4, totalExact: true });
    });

    it('refuses a search term longer than an email address, and reads a bad page number as the first page', async () => {
      const org = await organisation();
      const res = await org.admin.get(`/api/users?search=${'a'.repeat(LIMITS.userSearchMax + 1)}`);
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({ validation: { errors: { search: { message: expect.any(String) } } } });
      expect((await list(org.admin, '?page=banana')).page).toBe(1);
      expect((await list(org.admin, '?page=-3')).page).toBe(1);
    });

    it('finds a user by a name given after the invitation', async () => {
      const org = await organisation();
      const user = await createUser(server, org.id, { email: 'quiet@example.test' });
      expect((await list(org.admin, '?search=babb')).items).toEqual([]);
      const res = await org.admin.put(`/api/users/${user.id}`, { form: { firstName: 'Charles', surname: 'Babbage' } });
      expect(res.status).toBe(200);
      expect((await list(org.admin, '?search=babb')).items.map((u) => u.email)).toEqual(['quiet@example.test']);
      expect((await list(org.admin, '?search=char')).items.map((u) => u.email)).toEqual(['quiet@example.test']);
    });

    it('is for Organisation Admins and User Admins only', async () => {
      const org = await organisation();
      await createUser(server, org.id, { email: 'end@example.test' });
      const endUser = await signedIn(server, org.name, 'end@example.test');
      expect((await endUser.get('/api/users')).status).toBe(403);
      expect((await endUser.post('/api/users/search', { form: {} })).status).toBe(403);
      expect((await server.client(org.name).get('/api/users')).status).toBe(401);
      expect((await list(org.userAdminClient)).total).toBe(3);
    });
  });

  describe('reading and editing a user', () => {
    it('answers the user with their applications, and saves names, phone, role, MFA enforcement and access', async () => {
      const org = await organisation();
      const wiki = await createApplication(org.admin, { name: 'Wiki' });
      const payroll = await createApplication(org.admin, { name: 'Payroll' });
      const user = await createUser(server, org.id, { email: 'ed@example.test', firstName: 'Ed' });
      const read = await org.admin.get(`/api/users/${user.id}`);
      expect(read.status).toBe(200);
      expect(read.json()).toMatchObject({ id: user.id, email: 'ed@example.test', firstName: 'Ed', accessibleClientIDs: [] });

      const res = await org.admin.put(`/api/users/${user.id}`, {
        form: {
          firstName: 'Edward',
          surname: 'Teach',
          phoneNumber: '+44 20 7946 0000',
          role: 'EndUser',
          multiFactorAuthRequired: 'true',
          clients: [wiki.id, payroll.id],
          returnurl: '/users',
        },
      });
      expect(res.status).toBe(200);
      const result = res.json<UserActionResult>();
      expect(result.message).toBe('User details updated');
      expect(result.user).toMatchObject({
        firstName: 'Edward',
        surname: 'Teach',
        phoneNumber: '+44 20 7946 0000',
        multiFactorAuthRequired: true,
      });
      expect(result.user.accessibleClientIDs.toSorted()).toEqual([wiki.id, payroll.id].toSorted());

      // A later save without applications takes them all away; without the MFA field keeps it.
      const again = await org.admin.put(`/api/users/${user.id}`, { form: { firstName: 'Edward', role: 'UserAdministrator' } });
      expect(again.json<UserActionResult>().user).toMatchObject({
        role: 'UserAdministrator',
        multiFactorAuthRequired: true,
        surname: null,
      });
      expect((await org.admin.get(`/api/users/${user.id}`)).json<Account>().role).toBe('UserAdministrator');
    });

    it('validates with the shared schema: first name at most 50 characters, a real phone number, a known role and applications', async () => {
      const org = await organisation();
      const user = await createUser(server, org.id, { email: 'val@example.test' });
      const put = (form: Record<string, string | string[]>) => org.admin.put(`/api/users/${user.id}`, { form });
      const long = await put({ firstName: 'x'.repeat(LIMITS.firstNameMax + 1) });
      expect(long.status).toBe(400);
      expect(long.json()).toMatchObject({ validation: { errors: { firstName: { message: 'Please use 50 characters or fewer' } } } });
      expect((await put({ phoneNumber: 'call me' })).status).toBe(400);
      expect((await put({ role: 'Emperor' })).status).toBe(400);
      const foreign = await put({ clients: ['no-such-app'] });
      expect(foreign.json()).toMatchObject({ validation: { errors: { clients: expect.anything() } } });
      expect((await org.admin.get(`/api/users/${user.id}`)).json<Account>()).toMatchObject({ firstName: null, phoneNumber: null });
    });

    it('never lets a caller raise a role above their own, nor change a user ranked above them', async () => {
      const org = await organisation();
      const user = await createUser(server, org.id, { email: 'climber@example.test' });
      const raise = await org.userAdminClient.put(`/api/users/${user.id}`, { form: { role: 'OrganisationAdministrator' } });
      expect(raise.status).toBe(403);
      expect(raise.json()).toMatchObject({ validation: { errors: { role: { message: 'You cannot give a user a role above your own' } } } });
      const toUserAdmin = await org.userAdminClient.put(`/api/users/${user.id}`, { form: { role: 'UserAdministrator' } });
      expect(toUserAdmin.status).toBe(200);

      // The Organisation Admin is above a User Admin: readable, but not changed, deleted or acted on.
      expect((await org.userAdminClient.get(`/api/users/${org.adminId}`)).status).toBe(200);
      expect((await org.userAdminClient.put(`/api/users/${org.adminId}`, { form: { firstName: 'Demoted', role: 'EndUser' } })).status).toBe(
        403,
      );
      expect((await org.userAdminClient.delete(`/api/users/${org.adminId}`)).status).toBe(403);
      expect((await org.userAdminClient.post(actionPath(org.adminId, 'disable'))).status).toBe(403);
      expect((await org.admin.get('/api/account')).json<Account>()).toMatchObject({ role: 'OrganisationAdministrator', firstName: null });

      // An Organisation Admin may make another Organisation Admin.
      const promoted = await org.admin.put(`/api/users/${user.id}`, { form: { role: 'OrganisationAdministrator' } });
      expect(promoted.json<UserActionResult>().user.role).toBe('OrganisationAdministrator');
    });

    it('on oneself saves the names but ignores role, MFA enforcement and applications, and refuses status changes and deletion', async () => {
      const org = await organisation();
      const app = await createApplication(org.admin, { name: 'Wiki' });
      const self = org.userAdmin.id;
      const res = await org.userAdminClient.put(`/api/users/${self}`, {
        form: { firstName: 'Me', role: 'EndUser', multiFactorAuthRequired: 'true', clients: [app.id] },
      });
      expect(res.status).toBe(200);
      expect(res.json<UserActionResult>().user).toMatchObject({
        firstName: 'Me',
        role: 'UserAdministrator',
        multiFactorAuthRequired: false,
      });
      const access = await server.ctx.db.kysely.selectFrom('user_client_access').select('client_id').where('user_id', '=', self).execute();
      expect(access).toEqual([]);

      for (const action of ['enable', 'disable', 'resettwostep'] as const) {
        expect({ action, status: (await org.userAdminClient.post(actionPath(self, action))).status }).toEqual({ action, status: 403 });
      }
      const del = await org.userAdminClient.delete(`/api/users/${self}`);
      expect(del.status).toBe(403);
      expect(del.json()).toMatchObject({ message: 'You cannot delete yourself' });
      expect((await org.userAdminClient.get('/api/account')).status).toBe(200);
    });

    it('keeps MFA enforcement as it is when the organisation requires MFA of everyone', async () => {
      const org = await organisation();
      const user = await createUser(server, org.id, { email: 'mfa@example.test' });
      await setPolicy(server, org.name, { require_two_step: true });
      // The admin needs a second step of their own now; give them one, and their session the proof of it
      // (a session lacking a second factor its user holds is no sign-in: common/sign-in-steps.ts), so it may act.
      await server.ctx.db.kysely.updateTable('users').set({ has_second_factor: true }).where('id', '=', org.adminId).execute();
      await server.ctx.db.kysely
        .updateTable('sessions')
        .set({ amr: JSON.stringify(['pwd', 'otp', 'mfa']) })
        .where('user_id', '=', org.adminId)
        .execute();
      const res = await org.admin.put(`/api/users/${user.id}`, { form: { multiFactorAuthRequired: 'true' } });
      expect(res.status).toBe(200);
      expect(res.json<UserActionResult>().user.multiFactorAuthRequired).toBe(false);
      expect(res.json<UserActionResult>().user.twoStep.required).toBe(true);
    });
  });

  describe('deleting a user', () => {
    it('removes the user, ends their sessions, kills their invitation and frees their email', async () => {
      const org = await organisation();
      const app = await createApplication(org.admin, { name: 'Wiki' });
      const member = await createUser(server, org.id, { email: 'leaver@example.test' });
      const browser = await signedIn(server, org.name, member.email);
      expect((await browser.get('/api/account')).status).toBe(200);
      await org.admin.put(`/api/users/${member.id}`, { form: { firstName: 'Leaver', clients: [app.id] } });

      const invited = await org.admin.post('/api/users', { form: { firstName: 'Invitee', email: 'invitee@example.test' } });
      const inviteeId = invited.json<Account>().id;
      const invitationID = linkIn((await latestMailTo(server, 'invitee@example.test')).body).searchParams.get('invitationID')!;

      expect((await org.admin.delete(`/api/users/${member.id}`)).status).toBe(204);
      expect((await org.admin.delete(`/api/users/${inviteeId}`)).status).toBe(204);
      expect((await browser.get('/api/account')).status).toBe(401);
      expect((await org.admin.get(`/api/users/${member.id}`)).status).toBe(404);
      expect((await org.admin.delete(`/api/users/${member.id}`)).status).toBe(404);
      expect((await list(org.admin, '?search=leaver')).items).toEqual([]);
      const db = server.ctx.db.kysely;
      for (const table of ['sessions', 'user_client_access', 'email_tokens'] as const) {
        const rows = await db.selectFrom(table).select('user_id').where('user_id', 'in', [member.id, inviteeId]).execute();
        expect({ table, rows }).toEqual({ table, rows: [] });
      }
      const accept = await server.client(org.name).post('/api/completesignup', {
        form: { invitationID, password: 'a fresh start here', confirmPassword: 'a fresh start here', consent: 'true' },
      });
      expect(accept.status).toBeGreaterThanOrEqual(400);
      const again = await org.admin.post('/api/users', { form: { firstName: 'Back', email: 'leaver@example.test' } });
      expect(again.status).toBe(201);
    });
  });

  describe("another organisation's users", () => {
    it('are not found on any users route, and nothing of them changes', async () => {
      const org = await organisation();
      const other = await organisation();
      const theirs = await createUser(server, other.id, { email: 'theirs@example.test', status: 'LockedOut', firstName: 'Theirs' });
      const before = await server.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow();
      const calls: [string, string][] = [
        ['GET', `/api/users/${theirs.id}`],
        ['PUT', `/api/users/${theirs.id}`],
        ['DELETE', `/api/users/${theirs.id}`],
        ...USER_ACTIONS.flatMap((action): [string, string][] => [
          ['POST', actionPath(theirs.id, action)],
          ['PUT', actionPath(theirs.id, action)],
        ]),
      ];
      for (const by of [org.admin, org.userAdminClient]) {
        for (const [method, url] of calls) {
          const res = await by.request(method, url, method === 'PUT' ? { form: { firstName: 'Mallory', role: 'EndUser' } } : {});
          expect({ method, url, status: res.status, message: res.json<{ message: string }>().message }).toEqual({
            method,
            url,
            status: 404,
            message: 'Sorry, the user was not found',
          });
        }
      }
      expect((await list(org.admin, '?search=theirs')).items).toEqual([]);
      const after = await server.ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});
