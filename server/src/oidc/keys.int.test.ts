/**
 * Signing keys (per organisation, encrypted at rest, surviving restarts, rotated without breaking
 * issued tokens) and the provider storage's upkeep (expired artefacts, retired keys, events).
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../app.ts';
import { DAY, MINUTE } from '../clock.ts';
import { scoped } from '../db/scoped.ts';
import { JOBS } from '../jobs/registry.ts';
import { runJobOnce } from '../jobs/runner.ts';
import { TTL } from '../lifetimes.ts';
import { oidcActivity } from '../metrics/oidc-events.ts';
import { createApplication, type CreatedApplication, signedIn } from '../testing/applications.ts';
import { DEFAULT_PASSWORD, ManualClock, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { issuerOf, relyingParty, signInThroughSpa, TestBrowser } from '../testing/oidc-rp.ts';
import { runCli as gatehouse } from '../testing/process.ts';
import { readRevision } from './store.ts';

const CALLBACK = 'https://wiki.example.com/callback';

interface Jwks {
  keys: { kid: string; alg: string; kty: string; use: string; d?: string }[];
}

describe.each(testDialects())('signing keys and provider storage on %s', (dialect) => {
  let server: TestServer;
  let acmeId: string;
  let wiki: CreatedApplication;
  let rp: client.Configuration;
  const clock = new ManualClock();

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    acmeId = (await server.createOrganisation('acme')).id;
    wiki = await createApplication(await signedIn(server, 'acme', 'admin@acme.test'), { redirectURIs: [CALLBACK] });
    rp = await relyingParty(server, 'acme', wiki.id, wiki.secret);
  });
  afterAll(() => server?.close());

  const jwks = async (org = 'acme') => {
    const origin = org ? issuerOf(server, org) : `http://localhost:${server.port}`;
    return JSON.parse((await new TestBrowser(server.port).request('GET', `${origin}/oidc/jwks`)).body) as Jwks;
  };
  const kidOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

  async function tokens(extra: Record<string, string> = {}) {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...extra,
    });
    const callback = await signInThroughSpa(new TestBrowser(server.port), url, { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier });
  }

  it('gives every organisation, the base one too, an RS256 and an ES256 key, encrypted at rest and published without private parts', async () => {
    const rows = await server.ctx.db.kysely.selectFrom('oidc_keys').selectAll().execute();
    const base = await server.ctx.db.kysely.selectFrom('organisations').select('id').where('is_base', '=', true).executeTakeFirstOrThrow();
    expect(
      rows
        .filter((r) => r.organisation_id === base.id)
        .map((r) => r.alg)
        .sort(),
    ).toEqual(['ES256', 'ES256', 'RS256', 'RS256']);
    for (const row of rows) {
      expect(row.encrypted_jwk).toMatch(/^v1\./);
      expect(row.encrypted_jwk).not.toMatch(/"d"|"kty"/);
    }
    const published = await jwks();
    // The signing keys and the next ones, published before they sign.
    expect(published.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'ES256', 'RS256', 'RS256']);
    expect(published.keys.every((k) => k.d === undefined && k.use === 'sig')).toBe(true);
    expect((await jwks('')).keys).toHaveLength(4);
  });

  it('keeps the keys across a restart: a new process signs and verifies with the same keys', async () => {
    const before = await tokens();
    const restarted = await buildApp({ ...server.ctx }, { logger: false });
    try {
      const res = await restarted.app.inject({ method: 'GET', url: '/oidc/jwks', headers: { host: `acme.localhost:${server.port}` } });
      expect((res.json() as Jwks).keys.map((k) => k.kid)).toContain(kidOf(before.id_token!));
    } finally {
      await restarted.app.close();
    }
  });

  it('rotates with `gatehouse rotate-keys`: new keys sign, and tokens issued before keep verifying', async () => {
    const before = await tokens({ scope: 'openid offline_access', prompt: 'consent' });
    const oldKid = kidOf(before.id_token!);
    const run = await gatehouse(['rotate-keys', 'acme'], {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.ctx.config.dataDir,
      PORT: String(server.port),
      LOG_LEVEL: 'silent',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Rotated the signing keys of acme\. Signing now: RS256 [\w-]+, ES256 [\w-]+\./);
    // The running server sees the change when it next reads the organisation (at most 2 s).
    server.gatehouse.resolver.invalidate();
    const published = await jwks();
    // The retired keys, the ones signing now (published before the rotation) and the new next ones.
    expect(published.keys).toHaveLength(6);
    expect(published.keys.map((k) => k.kid)).toContain(oldKid);

    const after = await client.refreshTokenGrant(rp, before.refresh_token!);
    expect(kidOf(after.id_token!)).not.toBe(oldKid);
    expect(published.keys.map((k) => k.kid)).toContain(kidOf(after.id_token!));
    // An ID token of the old key is still a good id_token_hint.
    const logout = await new TestBrowser(server.port).request(
      'GET',
      `${issuerOf(server, 'acme')}/oidc/logout?id_token_hint=${before.id_token!}`,
    );
    expect(logout.status).toBe(200);

    const unknown = await gatehouse(['rotate-keys', 'nosuch'], {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.ctx.config.dataDir,
      LOG_LEVEL: 'silent',
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no organisation named "nosuch"');
  });

  it('cleans up: expired artefacts, keys retired longer than the retention (served at once, without an audit row)', async () => {
    const job = JOBS.find((j) => j.name === 'oidc-cleanup')!;
    const count = async () =>
      Number(
        (
          await server.ctx.db.kysely
            .selectFrom('oidc_artefacts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditRows = () => server.ctx.db.kysely.selectFrom('audit_events').select('type').where('organisation_id', '=', acmeId).execute();
    expect(await count()).toBeGreaterThan(0);
    expect((await jwks()).keys).toHaveLength(6);
    const [revision, audit] = [await readRevision(scoped(server.ctx.db.kysely, acmeId)), await auditRows()];
    const told: string[] = [];
    server.ctx.organisationChanged.add((id) => told.push(id));
    clock.advance(15 * DAY);
    expect(await runJobOnce(server.ctx, job, { force: true })).toMatchObject({ status: 'ran' });
    expect(await count()).toBe(0);
    // The keys' organisations only: the base organisation never rotated.
    expect(told).toEqual([acmeId]);
    // Every process rebuilds the provider (the revision), this one at once (its caches were told): no wait, no manual invalidation.
    expect(await readRevision(scoped(server.ctx.db.kysely, acmeId))).toBe(revision + 1);
    expect((await jwks()).keys).toHaveLength(4);
    // A routine clean-up is no rotation: the audit log (and so the webhooks) show nothing new.
    expect(await auditRows()).toEqual(audit);
  });

  it('counts authorization-code flows, unused codes and abandoned sign-ins for the metrics', async () => {
    // The window counts whole minutes from the one after since's: this minute on.
    const since = clock.now() - MINUTE;
    await tokens();
    // A code issued but never redeemed.
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: CALLBACK, scope: 'openid' });
    await signInThroughSpa(new TestBrowser(server.port), url, { email: 'admin@acme.test', password: DEFAULT_PASSWORD });
    // A sign-in started and left at the sign-in page.
    await new TestBrowser(server.port).navigate(url);
    expect(await oidcActivity(server.ctx, acmeId, since, TTL.Interaction * 1000)).toEqual({
      clients: 1,
      authCodeFlows: 2,
      unusedCodes: 0,
      abandonedSignIns: 0,
    });
    clock.advance(TTL.Interaction * 1000 + 2 * MINUTE);
    expect(await oidcActivity(server.ctx, acmeId, since, TTL.Interaction * 1000)).toEqual({
      clients: 1,
      authCodeFlows: 2,
      unusedCodes: 1,
      abandonedSignIns: 1,
    });
  });
});
