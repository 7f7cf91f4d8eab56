/**
 * SCIM /Groups through real HTTP on both databases, with the request sequences Microsoft Entra ID
 * ("Develop a SCIM endpoint": excludedAttributes=members, PATCH "Add"/"Remove" with member arrays and
 * a members[value eq] path, "Replace" of displayName) and Okta (filter by displayName, PUT, PATCH
 * replace without a path, remove by a value filter) document; ETags that follow the membership; the
 * provisioned group read-only on the management API with the reason; isolation between organisations.
 */
import type { Group } from '@gatehouse/common/schemas/groups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApplication, createUser, signedIn, type TestUser } from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import type { TestClient, TestResponse } from '../testing/http-client.ts';
import { enableScim, type ScimClient, scimClient, scimToken } from '../testing/scim.ts';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

const patchOf = (...operations: unknown[]) => ({ schemas: [PATCH_OP], Operations: operations });
const filtered = (filter: string, extra = '') => `/Groups?filter=${encodeURIComponent(filter)}${extra}`;
type ScimGroup = {
  id: string;
  displayName: string;
  externalId?: string;
  members?: { value: string; display: string }[];
  meta: { version: string };
};
const memberIds = (res: TestResponse) => (res.json<ScimGroup>().members ?? []).map((m) => m.value).sort();

function expectScimError(res: TestResponse, status: number, scimType?: string) {
  expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
  expect({ status: res.status, body: res.json() }).toMatchObject({
    status,
    body: { status: String(status), ...(scimType ? { scimType } : {}) },
  });
}

describe.each(testDialects())('SCIM groups on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let acmeId: string;
  let api: ScimClient;
  let ada: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    const app = await createApplication(admin, { name: 'Entra' });
    await enableScim(admin, app.id, true, 'Entra');
    api = scimClient(server, 'acme', await scimToken(admin, app.id));
    ada = await createUser(server, acmeId, { email: 'ada@acme.test' });
    bob = await createUser(server, acmeId, { email: 'bob@acme.test' });
    carol = await createUser(server, acmeId, { email: 'carol@acme.test' });
  });
  afterAll(() => server?.close());

  it("follows Microsoft Entra ID's group provisioning sequence", async () => {
    const lookup = await api.get(filtered('displayName eq "Engineering"', '&excludedAttributes=members'));
    expect(lookup.json()).toMatchObject({ schemas: [LIST], totalResults: 0, Resources: [] });

    const created = await api.post('/Groups', {
      schemas: [GROUP],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Engineering',
      members: [],
      meta: { resourceType: 'Group' },
    });
    expect(created.status).toBe(201);
    const group = created.json<ScimGroup>();
    expect(created.headers.location).toBe(`http://acme.localhost:${server.port}/scim/v2/Groups/${group.id}`);
    expect(group).toMatchObject({
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      members: [],
    });
    expect(created.headers.etag).toBe(group.meta.version);

    const read = await api.get(`/Groups/${group.id}?excludedAttributes=members`);
    expect(read.json()).not.toHaveProperty('members');
    expect((await api.get(filtered('externalId eq "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159"'))).json()).toMatchObject({ totalResults: 1 });

    const added = await api.patch(
      `/Groups/${group.id}`,
      patchOf({
        op: 'Add',
        path: 'members',
        value: [
          { $ref: null, value: ada.id },
          { $ref: null, value: bob.id },
        ],
      }),
    );
    expect(added.status).toBe(200);
    expect(memberIds(added)).toEqual([ada.id, bob.id].sort());
    expect(added.headers.etag).not.toBe(group.meta.version);

    // Entra checks a membership with a filter on id and a member.
    const check = (user: TestUser) =>
      api.get(filtered(`id eq "${group.id}" and members[value eq "${user.id}"]`, '&excludedAttributes=members'));
    expect((await check(ada)).json()).toMatchObject({ totalResults: 1 });
    expect((await check(carol)).json()).toMatchObject({ totalResults: 0 });

    const removed = await api.patch(
      `/Groups/${group.id}`,
      patchOf({ op: 'Remove', path: 'members', value: [{ $ref: null, value: ada.id }] }),
    );
    expect(memberIds(removed)).toEqual([bob.id]);
    const byFilter = await api.patch(`/Groups/${group.id}`, patchOf({ op: 'Remove', path: `members[value eq "${bob.id}"]` }));
    expect(memberIds(byFilter)).toEqual([]);

    const renamed = await api.patch(`/Groups/${group.id}`, patchOf({ op: 'Replace', path: 'displayName', value: 'Platform' }));
    expect(renamed.json()).toMatchObject({ displayName: 'Platform' });
    expect((await api.get(filtered('displayName eq "platform"'))).json()).toMatchObject({ totalResults: 1 });

    const audit = (await admin.get('/api/audit?type=group.members_added')).json<{
      events: { actor: { kind: string; id: string | null }; details: { via?: string } }[];
    }>();
    expect(audit.events[0]).toMatchObject({ actor: { kind: 'application' }, details: { via: 'scim' } });

    expect((await api.delete(`/Groups/${group.id}`)).status).toBe(204);
    expectScimError(await api.get(`/Groups/${group.id}`), 404);
  });

  it("follows Okta's group push: create with members, PUT, PATCH replace without a path, remove by filter", async () => {
    expect((await api.get(`${filtered('displayName eq "Sales"')}&startIndex=1&count=100`)).json()).toMatchObject({ totalResults: 0 });
    const created = await api.post('/Groups', { schemas: [GROUP], displayName: 'Sales', members: [{ value: ada.id, display: ada.email }] });
    expect(created.status).toBe(201);
    const id = created.json<ScimGroup>().id;
    expect(created.json<ScimGroup>().members).toEqual([
      { value: ada.id, display: ada.email, type: 'User', $ref: `http://acme.localhost:${server.port}/scim/v2/Users/${ada.id}` },
    ]);

    const put = await api.put(`/Groups/${id}`, {
      schemas: [GROUP],
      id,
      displayName: 'Sales',
      members: [
        { value: bob.id, display: bob.email },
        { value: carol.id, display: carol.email },
      ],
    });
    expect(put.status).toBe(200);
    expect(memberIds(put)).toEqual([bob.id, carol.id].sort());

    const replaced = await api.patch(`/Groups/${id}`, patchOf({ op: 'replace', value: { id, displayName: 'Sales EMEA' } }));
    expect(replaced.json()).toMatchObject({ displayName: 'Sales EMEA' });
    expect(memberIds(replaced)).toEqual([bob.id, carol.id].sort());
    const removed = await api.patch(`/Groups/${id}`, patchOf({ op: 'remove', path: `members[value eq "${carol.id}"]` }));
    expect(memberIds(removed)).toEqual([bob.id]);
    const addedBack = await api.patch(
      `/Groups/${id}`,
      patchOf({ op: 'add', path: 'members', value: [{ value: carol.id, display: carol.email }] }),
    );
    expect(memberIds(addedBack)).toEqual([bob.id, carol.id].sort());

    // The people's pages and the management API see the group, read-only with the reason.
    expect((await admin.get(`/api/users/${bob.id}/groups`)).json()).toEqual([
      { id, name: 'Sales EMEA', source: { kind: 'scim', applicationId: expect.any(String), application: 'Entra' } },
    ]);
    const refused = await admin.put(`/api/groups/${id}`, { form: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      'Entra provisions this group over SCIM: its name and members are changed there, not here.',
    );
    expect((await admin.post(`/api/groups/${id}/members`, { form: { userId: ada.id } })).status).toBe(403);
    expect((await admin.delete(`/api/groups/${id}`)).status).toBe(403);
    expect((await admin.get(`/api/groups/${id}`)).json<Group>()).toMatchObject({ name: 'Sales EMEA', memberCount: 2 });
  });

  it('keeps ETags honest, refuses bad input in SCIM terms, and sees End users only', async () => {
    const created = await api.post('/Groups', { schemas: [GROUP], displayName: 'Support' });
    const id = created.json<ScimGroup>().id;
    const first = created.headers.etag as string;
    expectScimError(await api.post('/Groups', { schemas: [GROUP], displayName: 'SUPPORT' }), 409, 'uniqueness');
    expectScimError(await api.post('/Groups', { schemas: [GROUP] }), 400, 'invalidValue');
    expectScimError(await api.post('/Groups', { schemas: [GROUP], displayName: 'X', members: [{ value: 'nobody' }] }), 400, 'invalidValue');
    const adminUser = await createUser(server, acmeId, { email: 'second-admin@acme.test', role: 'OrganisationAdministrator' });
    expectScimError(
      await api.patch(`/Groups/${id}`, patchOf({ op: 'add', path: 'members', value: [{ value: adminUser.id }] })),
      400,
      'invalidValue',
    );
    expectScimError(await api.patch(`/Groups/${id}`, patchOf({ op: 'replace', path: 'id', value: 'other' })), 400, 'mutability');
    expectScimError(await api.patch(`/Groups/${id}`, patchOf({ op: 'remove', path: 'displayName' })), 400, 'mutability');
    expectScimError(await api.get(filtered('nickName eq "x"')), 400, 'invalidFilter');

    const added = await api.patch(`/Groups/${id}`, patchOf({ op: 'add', path: 'members', value: [{ value: ada.id }] }), {
      'if-match': first,
    });
    expect(added.status).toBe(200);
    const second = added.headers.etag as string;
    expect(second).not.toBe(first);
    expectScimError(
      await api.patch(`/Groups/${id}`, patchOf({ op: 'add', path: 'members', value: [{ value: bob.id }] }), { 'if-match': first }),
      412,
    );
    // Adding a member twice changes nothing, ETag included.
    expect((await api.patch(`/Groups/${id}`, patchOf({ op: 'add', path: 'members', value: [{ value: ada.id }] }))).headers.etag).toBe(
      second,
    );
    // A person deleted leaves the group: its ETag changes too.
    const dora = await createUser(server, acmeId, { email: 'dora@acme.test' });
    const withDora = await api.patch(`/Groups/${id}`, patchOf({ op: 'add', path: 'members', value: [{ value: dora.id }] }));
    expect((await admin.delete(`/api/users/${dora.id}`)).status).toBeLessThan(300);
    expect((await api.get(`/Groups/${id}`)).headers.etag).not.toBe(withDora.headers.etag);

    // A screen-made group with an administrator in it: SCIM sees it without the administrator, and its PUT keeps them.
    const mixed = (await admin.post('/api/groups', { form: { name: 'Mixed' } })).json<Group>();
    await admin.post(`/api/groups/${mixed.id}/members`, { form: { userId: adminUser.id } });
    await admin.post(`/api/groups/${mixed.id}/members`, { form: { userId: ada.id } });
    expect(memberIds(await api.get(`/Groups/${mixed.id}`))).toEqual([ada.id]);
    expect(memberIds(await api.put(`/Groups/${mixed.id}`, { schemas: [GROUP], displayName: 'Mixed', members: [] }))).toEqual([]);
    expect((await admin.get(`/api/groups/${mixed.id}`)).json<Group>().memberCount).toBe(1);
  });

  it('pages and sorts groups, and keeps each organisation to its own', async () => {
    const page = await api.get('/Groups?startIndex=1&count=1&sortBy=displayName&excludedAttributes=members');
    expect(page.json()).toMatchObject({ itemsPerPage: 1, startIndex: 1 });
    expect(page.json<{ totalResults: number }>().totalResults).toBeGreaterThan(1);
    const id = (await api.get(filtered('displayName sw "supp"'))).json<{ Resources: ScimGroup[] }>().Resources[0]!.id;

    const globexAdmin = await signedIn(server, 'globex', 'admin@globex.test');
    const other = await createApplication(globexAdmin, { name: 'Okta' });
    await enableScim(globexAdmin, other.id, true, 'Okta');
    const globex = scimClient(server, 'globex', await scimToken(globexAdmin, other.id));
    expect((await globex.get('/Groups')).json()).toMatchObject({ totalResults: 0 });
    expectScimError(await globex.get(`/Groups/${id}`), 404);
    expectScimError(await globex.patch(`/Groups/${id}`, patchOf({ op: 'replace', path: 'displayName', value: 'Taken' })), 404);
    expectScimError(await globex.put(`/Groups/${id}`, { schemas: [GROUP], displayName: 'Taken' }), 404);
    expectScimError(await globex.delete(`/Groups/${id}`), 404);
    expectScimError(
      await globex.post('/Groups', { schemas: [GROUP], displayName: 'Mine', members: [{ value: ada.id }] }),
      400,
      'invalidValue',
    );
    expect((await api.get(`/Groups/${id}`)).json()).toMatchObject({ displayName: 'Support' });
  });
});
