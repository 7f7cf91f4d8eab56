/** SCIM clients for tests: an application with SCIM on, its bearer token, and requests sent as Entra ID and Okta send them. */
import { expect } from 'vitest';

import type { TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';

/** A SCIM client for one organisation and bearer token, sending application/scim+json as Entra ID and Okta do. */
export function scimClient(server: TestServer, org: string, token: string) {
  const http = server.client(org);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    http.request(method, `/scim/v2${path}`, {
      noOrigin: true,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    put: (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => call('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
  };
}
export type ScimClient = ReturnType<typeof scimClient>;

/** Turns SCIM on or off for an application (saved under `name`: the screens name it as the group's provider). */
export async function enableScim(admin: TestClient, id: string, enabled: boolean, name = 'Wiki'): Promise<void> {
  const res = await admin.put(`/api/clients/${id}`, {
    form: {
      name,
      clientType: 'confidential',
      redirectURIs: ['https://wiki.example.com/callback'],
      postLogoutRedirectURIs: ['https://wiki.example.com/'],
      idTokenSignedResponseAlg: 'RS256',
      scimEnabled: enabled,
    },
  });
  expect(res.status, res.text).toBe(200);
}

/** A new SCIM bearer token of the application (the one before stops working). */
export async function scimToken(admin: TestClient, id: string): Promise<string> {
  const res = await admin.post(`/api/clients/${id}/scimtoken`);
  expect(res.status).toBe(200);
  return res.json<{ token: string }>().token;
}
