/**
 * Issue 13, client authentication and lifetimes: private_key_jwt (an inline JWKS, or a JWKS URI the
 * application serves) and client_secret_jwt (RFC 7523), each application's registered method the only
 * one accepted, and each application's own access, ID and refresh token lifetimes. The relying party is
 * openid-client; client assertions are signed with jose. A jti (of a client assertion or a DPoP proof) is
 * taken once, also by concurrent copies.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Application, ApplicationWithSecret } from '@gatehouse/common/schemas/applications';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scoped } from '../db/scoped.ts';
import {
  type ApplicationSettings,
  configureApplication,
  createApplication,
  createUser,
  grantAccess,
  signedIn,
} from '../testing/applications.ts';
import { startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { DEFAULT_PASSWORD } from '../testing/harness.ts';
import type { TestClient } from '../testing/http-client.ts';
import { issuerOf, localhostFetch, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { claimArtefact } from './store.ts';

const CALLBACK = 'https://notes.example.com/callback';

describe.each(testDialects())('client authentication and token lifetimes on %s', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let orgId: string;
  let jwksServer: http.Server;
  let servedJwks: unknown = { keys: [] };
  const logLines: string[] = [];

  beforeAll(async () => {
    // JWKS URIs on loopback are fetched only with private destinations allowed (development).
    server = await startTestServer(dialect, { logLines, config: { webhooksAllowPrivate: true, logLevel: 'warn' } });
    orgId = (await server.createOrganisation('acme')).id;
    admin = await signedIn(server, 'acme', 'admin@acme.test');
    // An application's own JWKS endpoint, on loopback.
    jwksServer = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(servedJwks)),
    );
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => jwksServer?.close(resolve));
    await server?.close();
  });

  const issuer = () => issuerOf(server, 'acme');
  const tokenEndpoint = () => `${issuer()}/oidc/token`;

  /** openid-client for the application, authenticating with `auth`. */
  const rpWith = (clientId: string, auth: client.ClientAuth, secret?: string) =>
    client.discovery(new URL(issuer()), clientId, secret, auth, {
      [client.customFetch]: localhostFetch,
      execute: [client.allowInsecureRequests],
    });

  async function machine(settings: ApplicationSettings) {
    const app = await createApplication(admin, { name: 'Robot', clientType: 'machine', ...settings });
    return app;
  }

  async function keyPair() {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: crypto.randomUUID(), alg: 'ES256', use: 'sig' };
    return { privateKey, jwks: { keys: [jwk] } };
  }

  /** A client assertion posted by hand (to replay it, or to aim it elsewhere). */
  async function assertion(clientId: string, key: CryptoKey, overrides: { aud?: string; jti?: string } = {}) {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(overrides.aud ?? tokenEndpoint())
      .setJti(overrides.jti ?? crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(key);
  }
  const grantWith = (clientId: string, clientAssertion: string) =>
    localhostFetch(tokenEndpoint(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion,
      }),
    });
  /** openid-client's error for a 401 invalid_client (with or without a WWW-Authenticate challenge). */
  const rejected = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e as { status?: number; cause?: unknown },
    );
    expect(error).toMatchObject({ status: 401 });
    expect(JSON.stringify(error?.cause ?? error)).toContain('invalid_client');
  };

  it('authenticates private_key_jwt with a registered JWKS, and accepts nothing else from that application', async () => {
    const { privateKey, jwks } = await keyPair();
    const app = await machine({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: JSON.stringify(jwks) });
    const view = (await admin.get(`/api/clients/${app.id}`)).json<Application>();
    expect(view).toMatchObject({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: JSON.stringify(jwks), jwksURI: null });

    const tokens = await client.clientCredentialsGrant(await rpWith(app.id, client.PrivateKeyJwt(privateKey)));
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.expires_in).toBe(900);

    // The secret it was created with, another key, the wrong audience and a replayed assertion are refused.
    await rejected(client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, app.secret)));
    const other = await keyPair();
    await rejected(client.clientCredentialsGrant(await rpWith(app.id, client.PrivateKeyJwt(other.privateKey))));
    expect((await grantWith(app.id, await assertion(app.id, privateKey, { aud: 'https://elsewhere.example/token' }))).status).toBe(401);
    const once = await assertion(app.id, privateKey);
    expect((await grantWith(app.id, once)).status).toBe(200);
    const replay = await grantWith(app.id, once);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('says which method an application is registered for when its secret comes the other way, and logs failures (issue 39)', async () => {
    const app = await machine({});
    // openid-client's default is client_secret_post; the application is registered for client_secret_basic.
    const error = await client.clientCredentialsGrant(await rpWith(app.id, client.ClientSecretPost(app.secret))).then(
      () => null,
      (e: unknown) => e as { status?: number; error?: string; error_description?: string },
    );
    expect(error).toMatchObject({ status: 401, error: 'invalid_client' });
    expect(error?.error_description).toBe(
      'the application is registered for client_secret_basic (the client id and secret in an HTTP Basic Authorization header), not client_secret_post',
    );
    // A wrong secret learns nothing of the registered method.
    const guessed = await localhostFetch(tokenEndpoint(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.id, client_secret: 'not the secret' }),
    });
    expect(guessed.status).toBe(401);
    expect(await guessed.json()).toEqual({ error: 'invalid_client', error_description: 'client authentication failed' });
    // Both are logged with the client id and the engine's reason, and never the secret.
    const failures = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'client authentication failed' && line.clientId === app.id);
    expect(failures).toEqual([
      expect.objectContaining({
        organisationId: orgId,
        route: 'token',
        reason: 'client_secret_post used, the client is registered for client_secret_basic',
      }),
      expect.objectContaining({ organisationId: orgId, route: 'token', reason: 'invalid secret provided' }),
    ]);
    expect(logLines.join('\n')).not.toContain(app.secret);
    expect(logLines.join('\n')).not.toContain('not the secret');
  });

  it('accepts a client assertion sent several times at once only once', async () => {
    // Regression: the provider's replay check read and then wrote, so on PostgreSQL 6 of 8 concurrent
    // copies of one assertion were each given a token.
    const { privateKey, jwks } = await keyPair();
    const app = await machine({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: JSON.stringify(jwks) });
    const copy = await assertion(app.id, privateKey);
    const answers = await Promise.all(Array.from({ length: 8 }, () => grantWith(app.id, copy)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    // A new assertion of the same application is still welcome.
    expect((await grantWith(app.id, await assertion(app.id, privateKey))).status).toBe(200);
  });

  it('takes a DPoP proof once, also when copies arrive together', async () => {
    const app = await machine({});
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const proof = () =>
      new SignJWT({ htm: 'POST', htu: tokenEndpoint() })
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .sign(privateKey);
    const grant = (dpop: string) =>
      localhostFetch(tokenEndpoint(), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString('base64')}`,
          dpop,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
    const once = await proof();
    const first = await grant(once);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ token_type: 'DPoP' });
    const replay = await grant(once);
    expect(replay.status).toBe(400);
    // The token endpoint's word for a replayed proof (oidc-provider's checkDpopReplay); a fresh proof still works below.
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });

    const copy = await proof();
    const answers = await Promise.all(Array.from({ length: 8 }, () => grant(copy)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });

  it('lets a single-use id be claimed again only once its row has expired', async () => {
    const db = server.ctx.db.kysely;
    const now = Date.now();
    const row = { model: 'ReplayDetection', id: crypto.randomUUID(), payload: '{}', client_id: null };
    expect(await claimArtefact(scoped(db, orgId), { ...row, expires_at: now + 1000 }, now)).toBe(true);
    expect(await claimArtefact(scoped(db, orgId), { ...row, expires_at: now + 5000 }, now + 999)).toBe(false);
    expect(await claimArtefact(scoped(db, orgId), { ...row, expires_at: now + 5000 }, now + 1000)).toBe(true);
    expect(await claimArtefact(scoped(db, orgId), { ...row, expires_at: now + 9000 }, now + 4000)).toBe(false);
  });

  it('fetches the keys of private_key_jwt from the JWKS URI the application registered', async () => {
    const { privateKey, jwks } = await keyPair();
    servedJwks = jwks;
    const { port } = jwksServer.address() as AddressInfo;
    const app = await machine({ tokenEndpointAuthMethod: 'private_key_jwt', jwksURI: `http://127.0.0.1:${port}/jwks` });
    const tokens = await client.clientCredentialsGrant(await rpWith(app.id, client.PrivateKeyJwt(privateKey)));
    expect(tokens.access_token).toBeTruthy();
  });

  it('signs client_secret_jwt with a secret regenerated for it, kept sealed; other methods keep only the hash', async () => {
    const app = await machine({});
    // client_secret_basic by default.
    expect((await client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, app.secret))).access_token).toBeTruthy();
    await configureApplication(admin, app.id, { name: 'Robot', clientType: 'machine', tokenEndpointAuthMethod: 'client_secret_jwt' });
    expect((await admin.get(`/api/clients/${app.id}`)).json<Application>().needsNewSecret).toBe(true);
    // Until a new secret exists, nothing signs for it: not the old secret, and not the stored hash.
    await rejected(client.clientCredentialsGrant(await rpWith(app.id, client.ClientSecretJwt(app.secret), app.secret)));
    const stored = await server.ctx.db.kysely
      .selectFrom('clients')
      .select(['secret_hash', 'secret_sealed'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).toBeNull();
    await rejected(client.clientCredentialsGrant(await rpWith(app.id, client.ClientSecretJwt(stored.secret_hash), stored.secret_hash)));

    const regenerated = (await admin.post(`/api/clients/${app.id}/regeneratesecret`)).json<ApplicationWithSecret>();
    expect(regenerated.needsNewSecret).toBe(false);
    const secret = regenerated.secret;
    const tokens = await client.clientCredentialsGrant(await rpWith(app.id, client.ClientSecretJwt(secret), secret));
    expect(tokens.access_token).toBeTruthy();
    await rejected(client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, secret)));
    const sealed = await server.ctx.db.kysely
      .selectFrom('clients')
      .select('secret_sealed')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(sealed.secret_sealed).toBeTruthy();
    expect(sealed.secret_sealed).not.toContain(secret);

    // Back to client_secret_post: the sealed copy is forgotten, the same secret works in the body.
    await configureApplication(admin, app.id, { name: 'Robot', clientType: 'machine', tokenEndpointAuthMethod: 'client_secret_post' });
    const after = await server.ctx.db.kysely
      .selectFrom('clients')
      .select('secret_sealed')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(after.secret_sealed).toBeNull();
    expect((await client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, secret, 'post'))).access_token).toBeTruthy();
    await rejected(client.clientCredentialsGrant(await relyingParty(server, 'acme', app.id, secret, 'basic')));
  });

  it("issues tokens with the application's own lifetimes, and refresh tokens without prompt=consent when it chose so", async () => {
    const robot = await machine({ accessTokenLifetime: 120 });
    expect((await client.clientCredentialsGrant(await relyingParty(server, 'acme', robot.id, robot.secret))).expires_in).toBe(120);

    const notes = await createApplication(admin, {
      name: 'Notes',
      redirectURIs: [CALLBACK],
      accessTokenLifetime: 300,
      idTokenLifetime: 600,
      refreshTokenLifetime: 7200,
      refreshWithoutConsent: true,
    });
    const user = await createUser(server, orgId, { email: 'nora@acme.test' });
    await grantAccess(server, orgId, user.id, [notes.id]);
    const rp = await relyingParty(server, 'acme', notes.id, notes.secret);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: user.email, password: DEFAULT_PASSWORD });
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, idTokenExpected: true });
    expect(tokens.expires_in).toBe(300);
    const claims = tokens.claims()!;
    expect(claims.exp - claims.iat).toBe(600);
    // No offline_access, no prompt=consent: a first-party application that chose so still gets one.
    expect(tokens.refresh_token).toBeTruthy();
    const refresh = await client.tokenIntrospection(rp, tokens.refresh_token!);
    expect(refresh.active).toBe(true);
    expect(refresh.exp! - refresh.iat!).toBe(7200);
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.expires_in).toBe(300);
  });

  it('refuses settings that cannot work: no keys, private keys, both or an http JWKS URI elsewhere, lifetimes out of bounds', async () => {
    const app = await machine({});
    const { jwks } = await keyPair();
    const save = (form: Record<string, string | number>) =>
      admin.put(`/api/clients/${app.id}`, { form: { name: 'Robot', clientType: 'machine', idTokenSignedResponseAlg: 'RS256', ...form } });
    const fieldOf = async (form: Record<string, string | number>) => {
      const res = await save(form);
      expect(res.status).toBe(400);
      return Object.keys(res.json<{ validation: { errors: Record<string, unknown> } }>().validation.errors);
    };
    expect(await fieldOf({ tokenEndpointAuthMethod: 'private_key_jwt' })).toEqual(['jwks']);
    const withPrivate = { keys: [{ ...jwks.keys[0], d: 'secret' }] };
    expect(await fieldOf({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: JSON.stringify(withPrivate) })).toEqual(['jwks']);
    expect(await fieldOf({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: 'not json' })).toEqual(['jwks']);
    expect(
      await fieldOf({ tokenEndpointAuthMethod: 'private_key_jwt', jwks: JSON.stringify(jwks), jwksURI: 'https://keys.example.com/jwks' }),
    ).toEqual(['jwksURI']);
    expect(await fieldOf({ tokenEndpointAuthMethod: 'private_key_jwt', jwksURI: 'http://keys.example.com/jwks' })).toEqual(['jwksURI']);
    expect(await fieldOf({ accessTokenLifetime: 30 })).toEqual(['accessTokenLifetime']);
    expect(await fieldOf({ refreshTokenLifetime: 365 * 24 * 3600 })).toEqual(['refreshTokenLifetime']);
    expect((await save({ tokenEndpointAuthMethod: 'not-a-method' })).status).toBe(400);
  });
});
