/**
 * Rotating KEY_ENCRYPTION_KEY without downtime: processes read under both keys while they change over,
 * `gatehouse reencrypt-secrets` seals everything under the new key, and then the old key can go.
 */
import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ManualClock } from '../clock.ts';
import { sealedWith } from '../crypto/key-encryption.ts';
import { loadPrivateJwks } from '../oidc/keys.ts';
import { DEFAULT_PASSWORD, startTestServer, testDialects, type TestServer } from '../testing/harness.ts';
import { type Authenticator, enrolAuthenticator, signInWithCode } from '../testing/mfa.ts';
import { runCli as gatehouse } from '../testing/process.ts';

describe.each(testDialects())('rotation of KEY_ENCRYPTION_KEY on %s', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock();
  let app: Authenticator;
  let orgId: string;
  const next = randomBytes(32).toString('base64url');
  let old: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
    orgId = (await server.createOrganisation('rotate')).id;
    const admin = server.client('rotate');
    await admin.post('/api/authenticate', { form: { email: 'admin@rotate.test', password: DEFAULT_PASSWORD } });
    app = await enrolAuthenticator(server, admin);
    // A sign-in connection with a client secret, and one with its own key pair (private_key_jwt).
    for (const auth of [{ clientSecret: 'upstream secret' }, { clientAuth: 'private_key_jwt' }]) {
      const saved = await admin.post('/api/connections', {
        json: { name: 'Upstream', issuer: 'https://idp.example.com', clientId: 'gatehouse', emailDomains: ['upstream.test'], ...auth },
      });
      expect(saved.status, saved.text).toBe(201);
    }
    old = server.ctx.config.keyEncryptionKey;
  });
  afterAll(() => server?.close());

  const signInWithApp = async () => {
    clock.advance(30_000); // an authenticator code is accepted once: the next sign-in uses the next one
    return signInWithCode(server, 'rotate', 'admin@rotate.test', () => app.code());
  };

  it('reads what the old key sealed while the new key writes, re-seals it, and then needs the old key no more', async () => {
    // Every process now writes under the new key and still reads under the old one.
    server.ctx.config.keyEncryptionKey = next;
    server.ctx.config.keyEncryptionKeyDecryptOnly = old;
    // Two signing keys and the two published next ones.
    expect(await loadPrivateJwks(server.ctx, orgId)).toHaveLength(4);
    await signInWithApp();
    // A recovery code made before the rotation (an HMAC under the old key).
    await signInWithCode(server, 'rotate', 'admin@rotate.test', () => app.recoveryCodes[0]!);

    // Without the old key nothing sealed before the rotation can be read yet.
    server.ctx.config.keyEncryptionKeyDecryptOnly = null;
    await expect(loadPrivateJwks(server.ctx, orgId)).rejects.toThrow('different KEY_ENCRYPTION_KEY');
    server.ctx.config.keyEncryptionKeyDecryptOnly = old;

    const env = {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.ctx.config.dataDir,
      KEY_ENCRYPTION_KEY: next,
      KEY_ENCRYPTION_KEY_DECRYPT_ONLY: old,
      LOG_LEVEL: 'silent',
    };
    const run = await gatehouse(['reencrypt-secrets'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /Sealed under the new KEY_ENCRYPTION_KEY: [2-9]\d* signing keys, 1 authenticator keys, 0 set-ups in progress, 0 webhook secrets, 0 client secrets \(client_secret_jwt\), 1 sign-in connection secrets, 1 sign-in connection keys, 0 SAML NameID secrets\./,
    );
    const connections = await server.ctx.db.kysely
      .selectFrom('sign_in_connections')
      .selectAll()
      .where('organisation_id', '=', orgId)
      .execute();
    for (const envelope of connections.flatMap((c) => [c.client_secret_sealed, c.private_key_sealed]).filter((e) => e !== null))
      expect(sealedWith(next, envelope)).toBe(true);
    expect(run.code).toBe(0);
    const again = await gatehouse(['reencrypt-secrets'], env);
    expect(again.stdout).toContain('0 signing keys, 0 authenticator keys');

    // The old key is gone: signing keys and the authenticator app still work.
    server.ctx.config.keyEncryptionKeyDecryptOnly = null;
    expect(await loadPrivateJwks(server.ctx, orgId)).toHaveLength(4);
    await signInWithApp();
  });

  it('refuses to re-seal without the previous key', async () => {
    const run = await gatehouse(['reencrypt-secrets'], {
      DATABASE_URL: server.databaseUrl,
      DATA_DIR: server.ctx.config.dataDir,
      KEY_ENCRYPTION_KEY: next,
      LOG_LEVEL: 'silent',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('KEY_ENCRYPTION_KEY_DECRYPT_ONLY');
  });
});
