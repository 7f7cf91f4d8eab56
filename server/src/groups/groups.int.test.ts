/**
 * Groups through real HTTP on both databases: an Organisation Admin adds, renames and deletes groups and
 * their members (audited, so sent to webhooks), names are unique without case, lists page and search,
 * the management API reads and writes them by scope, and another organisation's ids find nothing.
 */
import { GROUP_LIMITS } from '@gatehouse/common/groups';
import type { Group, GroupListPage, GroupMemberPage } from '@gatehouse/common/schemas/groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, signedIn, type TestUser } from '../testing/applications.ts';
import { testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { managementToken, startWithMachineClient } from '../testing/machine-clients.ts';

describe.each(testDialects())('groups on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let ada: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ({ server, acmeId, admin } = await startWithMachineClient(dialect));
    ada = await createUser(server, acmeId, { email: 'ada@acme.test', firstName: 'Ada', surname: 'Lovelace' });
    bob = await createUser(server, acmeId, { email: 'bob@acme.test', firstName: 'Bob' });
  });
  afterAll(() => server?.close());

  const create = async (name: string) => {
    const res = await admin.post('/api/groups', { form: { name } });
    expect(res.status, res.text).toBe(201);
    return res.json<Group>();
  };
  const auditOf = async (type: string) =>
    (await admin.get(`/api/audit?type=${type}`)).json<{ events: { subject: { id: string } | null; details: Record<string, unknown> }[] }>()
      .events;

  it('adds, renames and deletes a group, names unique without case, each change audited', async () => {
    const group = await create('Engineering');
    expect(group).toMatchObject({ name: 'Engineering', memberCount: 0, source: { kind: 'gatehouse' } });
    const taken = await admin.post('/api/groups', { form: { name: 'engineering' } });
    expect(taken.status).toBe(409);
    expect(taken.json()).toMatchObject({ validation: { errors: { name: { message: 'A group with this name already exists' } } } });
    expect((await admin.post('/api/groups', { form: { name: '  ' } })).status).toBe(400);

    const renamed = await admin.put(`/api/groups/${group.id}`, { form: { name: 'Platform' } });
    expect(renamed.json<Group>().name).toBe('Platform');
    expect((await admin.get(`/api/groups/${group.id}`)).json<Group>().name).toBe('Platform');
    const other = await create('Sales');
    expect((await admin.put(`/api/groups/${other.id}`, { form: { name: 'PLATFORM' } })).status).toBe(409);

    expect((await admin.delete(`/api/groups/${group.id}`)).status).toBe(204);
    expect((await admin.get(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await auditOf('group.created')).some((e) => e.subject?.id === group.id)).toBe(true);
    expect((await auditOf('group.updated')).find((e) => e.subject?.id === group.id)?.details).toMatchObject({
      name: { from: 'Engineering', to: 'Platform' },
    });
    expect((await auditOf('group.deleted')).find((e) => e.subject?.id === group.id)?.details).toMatchObject({ name: 'Platform' });
  });

  it('adds members by email or id, once, takes them out, and pages and searches them', async () => {
    const group = await create('Readers');
    expect((await admin.post(`/api/groups/${group.id}/members`, { form: { email: 'ADA@acme.test' } })).json<Group>().memberCount).toBe(1);
    expect((await admin.post(`/api/groups/${group.id}/members`, { form: { userId: bob.id } })).json<Group>().memberCount).toBe(2);
    // Again: nothing changes, nothing is audited twice.
    expect((await admin.post(`/api/groups/${group.id}/members`, { form: { userId: bob.id } })).json<Group>().memberCount).toBe(2);
    const unknown = await admin.post(`/api/groups/${group.id}/members`, { form: { email: 'nobody@acme.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });

    const members = (await admin.get(`/api/groups/${group.id}/members`)).json<GroupMemberPage>();
    expect(members.items.map((m) => m.email)).toEqual(['ada@acme.test', 'bob@acme.test']);
    expect((await admin.get(`/api/groups/${group.id}/members?search=love`)).json<GroupMemberPage>().items.map((m) => m.id)).toEqual([
      ada.id,
    ]);
    const added = (await auditOf('group.members_added')).filter((e) => e.subject?.id === group.id);
    expect(added).toHaveLength(2);
    expect((await admin.get(`/api/users/${ada.id}/groups`)).json()).toEqual([
      { id: group.id, name: 'Readers', source: { kind: 'gatehouse' } },
    ]);

    expect((await admin.delete(`/api/groups/${group.id}/members/${ada.id}`)).status).toBe(204);
    expect((await admin.get(`/api/groups/${group.id}/members`)).json<GroupMemberPage>().items.map((m) => m.id)).toEqual([bob.id]);
    expect((await auditOf('group.members_removed')).find((e) => e.subject?.id === group.id)?.details).toMatchObject({
      group: 'Readers',
      users: [{ id: ada.id, email: 'ada@acme.test' }],
    });
    // Deleting the person takes them out of their groups.
    const carol = await createUser(server, acmeId, { email: 'carol@acme.test' });
    await admin.post(`/api/groups/${group.id}/members`, { form: { userId: carol.id } });
    expect((await admin.delete(`/api/users/${carol.id}`)).status).toBeLessThan(300);
    expect((await admin.get(`/api/groups/${group.id}`)).json<Group>().memberCount).toBe(1);
  });

  it('lists groups by name in pages, searched by the start of the name', async () => {
    for (let i = 0; i < GROUP_LIMITS.pageSize + 3; i++) await create(`Team ${String(i).padStart(2, '0')}`);
    const first = (await admin.get('/api/groups?search=team')).json<GroupListPage>();
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: GROUP_LIMITS.pageSize + 3 });
    expect(first.items[0]!.name).toBe('Team 00');
    const second = (await admin.get('/api/groups?search=TEAM&page=2')).json<GroupListPage>();
    expect(second.items.map((g) => g.name)).toEqual(['Team 20', 'Team 21', 'Team 22']);
    expect((await admin.get('/api/groups?search=zzz')).json<GroupListPage>()).toMatchObject({ items: [], total: 0 });
  });

  it('is for Organisation Admins, and for management API tokens by scope', async () => {
    await createUser(server, acmeId, { email: 'useradmin@acme.test', role: 'UserAdministrator' });
    const userAdmin = await signedIn(server, 'acme', 'useradmin@acme.test');
    expect((await userAdmin.get('/api/groups')).status).toBe(403);
    expect((await userAdmin.post('/api/groups', { form: { name: 'Mine' } })).status).toBe(403);

    const reader = await createApplication(admin, { name: 'Reader', clientType: 'machine' });
    const readToken = await managementToken(server, admin, reader, ['users:read']);
    const api = server.client('acme');
    expect((await api.get('/api/groups', readToken)).status).toBe(200);
    expect((await api.post('/api/groups', { ...readToken, form: { name: 'Robots' } })).status).toBe(403);
    const writer = await createApplication(admin, { name: 'Writer', clientType: 'machine' });
    const writeToken = await managementToken(server, admin, writer, ['users:write']);
    expect((await api.post('/api/groups', { ...writeToken, json: { name: 'Robots' } })).status).toBe(201);
  });

  it("answers 404 for another organisation's groups and members, and changes nothing", async () => {
    const group = await create('Secret');
    await admin.post(`/api/groups/${group.id}/members`, { form: { userId: ada.id } });
    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    const globexUser = await createUser(server, (await server.createOrganisation('initech')).id, { email: 'x@initech.test' });
    expect((await globexAdmin.get(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await globexAdmin.get(`/api/groups/${group.id}/members`)).status).toBe(404);
    expect((await globexAdmin.put(`/api/groups/${group.id}`, { form: { name: 'Mine' } })).status).toBe(404);
    expect((await globexAdmin.post(`/api/groups/${group.id}/members`, { form: { userId: ada.id } })).status).toBe(404);
    expect((await globexAdmin.delete(`/api/groups/${group.id}/members/${ada.id}`)).status).toBe(404);
    expect((await globexAdmin.delete(`/api/groups/${group.id}`)).status).toBe(404);
    expect((await globexAdmin.get(`/api/users/${ada.id}/groups`)).status).toBe(404);
    // acme's admin cannot add another organisation's user either.
    expect((await admin.post(`/api/groups/${group.id}/members`, { form: { userId: globexUser.id } })).status).toBe(404);
    expect((await admin.get(`/api/groups/${group.id}`)).json<Group>()).toMatchObject({ name: 'Secret', memberCount: 1 });
  });
});
