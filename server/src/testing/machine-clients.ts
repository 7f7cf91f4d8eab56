/**
 * Applications acting as themselves (the client credentials grant) in integration tests: the grant posted
 * by hand over real HTTP, and management API tokens with chosen scopes.
 */
import { expect } from 'vitest';

import type { Dialect } from '../db/database.ts';
import { createApplication, type CreatedApplication, signedIn } from './applications.ts';
import { startTestServer, type TestServer } from './harness.ts';
import type { TestClient } from './http-client.ts';
import { issuerOf, localhostFetch } from './oidc-rp.ts';

/** The token endpoint's Authorization header for `app` (client_secret_basic). */
export const basicAuthorization = (app: CreatedApplication) => `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`;

/** A client credentials grant of `app` posted by hand to `org`'s token endpoint, with `extra` parameters. */
export function clientCredentials(server: TestServer, app: CreatedApplication, extra: Record<string, string>, org = 'acme') {
  return localhostFetch(`${issuerOf(server, org)}/oidc/token`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuthorization(app) },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...extra }),
  });
}

/** The tokens of a client credentials grant at `org` that must succeed. */
export async function clientCredentialsToken(server: TestServer, app: CreatedApplication, extra: Record<string, string>, org = 'acme') {
  const res = await clientCredentials(server, app, extra, org);
  const body = (await res.json()) as { access_token?: string; scope?: string; expires_in?: number; error?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { access_token: string; scope?: string; expires_in: number };
}

/**
 * Grants `app` exactly `scopes` of `org`'s management API (as its Organisation Admin `admin`) and gets a
 * token with them: the options that make a TestClient's request carry it.
 */
export async function managementToken(
  server: TestServer,
  admin: TestClient,
  app: CreatedApplication,
  scopes: string[],
  org = 'acme',
): Promise<{ headers: { authorization: string }; noOrigin: true }> {
  expect((await admin.put(`/api/apis/management/grants/${app.id}`, { json: { scopes } })).status).toBe(200);
  const { access_token } = await clientCredentialsToken(
    server,
    app,
    { resource: `${issuerOf(server, org)}/api`, scope: scopes.join(' ') },
    org,
  );
  return { headers: { authorization: `Bearer ${access_token}` }, noOrigin: true };
}

/**
 * A server with the organisations acme and globex, acme's signed-in Organisation Admin, and acme's
 * machine application Robot (no grants yet).
 */
export async function startWithMachineClient(dialect: Dialect) {
  const server = await startTestServer(dialect);
  try {
    const acmeId = (await server.createOrganisation('acme')).id;
    await server.createOrganisation('globex');
    const admin = await signedIn(server, 'acme', 'admin@acme.test');
    const robot = await createApplication(admin, { name: 'Robot', clientType: 'machine' });
    return { server, acmeId, admin, robot };
  } catch (error) {
    await server.close();
    throw error;
  }
}
