/**
 * What each patch of provider-patches.ts relies on in the pinned oidc-provider: for every patch, the
 * engine's own behaviour that makes it needed (seen on an unpatched provider) and the patched one, on
 * bare providers with the engine's in-memory adapter. An upgrade that moves a patched method, or
 * changes the behaviour a patch replaces, fails here; what the patches give users is tested through
 * real HTTP in the oidc integration tests (client-auth, conformance, flows, backchannel-logout, apis).
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import Provider, { type ClientMetadata, type JWK } from 'oidc-provider';
import instance from 'oidc-provider/lib/helpers/weak_cache.js';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUDIENCE_PARAMETER } from '../apis/resource-servers.ts';
import {
  acceptAudienceAlias,
  compareHashedClientSecrets,
  ENGINE_VERSION,
  expireOwnTokensOnTime,
  includeSidInEveryIdToken,
} from './provider-patches.ts';

const SECRET = 'a secret of the application';
const hashed = createHash('sha256').update(SECRET).digest('base64url');

const CLIENT: ClientMetadata = {
  client_id: 'app',
  client_secret: hashed,
  token_endpoint_auth_method: 'client_secret_basic',
  redirect_uris: ['https://app.example.com/callback'],
  grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
  response_types: ['code'],
  id_token_signed_response_alg: 'ES256',
};

const SIGNING_KEY = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), kid: 'k' };

const bareProvider = () =>
  new Provider('http://acme.localhost:3000', {
    jwks: { keys: [SIGNING_KEY as JWK] },
    clients: [CLIENT, { ...CLIENT, client_id: 'poster', token_endpoint_auth_method: 'client_secret_post' }],
    features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
  });

type Internal = Record<string, unknown>;
const clientOf = async (provider: Provider, id = 'app') => (await provider.Client.find(id)) as unknown as Internal;

describe('the engine patches (provider-patches.ts) against the pinned oidc-provider', () => {
  afterEach(() => vi.useRealTimers());

  it('are written for the installed version of oidc-provider', () => {
    const entry = createRequire(import.meta.url).resolve('oidc-provider');
    const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}lib${path.sep}`)), 'package.json');
    expect((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version).toBe(ENGINE_VERSION);
  });

  it('compare client secrets as hashes: the engine compares the stored value with the raw secret', async () => {
    const engine = bareProvider();
    const theirs = await clientOf(engine);
    expect((theirs.compareClientSecret as (s: string) => boolean).call(theirs, SECRET)).toBe(false);

    const patched = bareProvider();
    compareHashedClientSecrets(patched);
    const compare = (client: Internal, secret: string) => (client.compareClientSecret as (s: string) => boolean).call(client, secret);
    expect(compare(await clientOf(patched), SECRET)).toBe(true);
    expect(compare(await clientOf(patched), `${SECRET}x`)).toBe(false);
    // Outside a request the secret counts as sent in a Basic header: the right secret sent the other way
    // than registered is refused with an answer naming the registered method.
    const poster = await clientOf(patched, 'poster');
    expect(() => compare(poster, SECRET)).toThrow(
      expect.objectContaining({ error_description: expect.stringMatching(/registered for client_secret_post/) }),
    );
  });

  it('put sid in every ID token: the engine does so only for back-channel logout clients', async () => {
    const engine = bareProvider();
    const includeSid = (client: Internal) => (client.includeSid as () => boolean).call(client);
    expect(Boolean(includeSid(await clientOf(engine)))).toBe(false);
    const patched = bareProvider();
    includeSidInEveryIdToken(patched);
    expect(includeSid(await clientOf(patched))).toBe(true);
  });

  it('find the engine methods they replace where they replace them', async () => {
    const provider = bareProvider();
    const client = await clientOf(provider);
    // queueBackchannelLogoutTokens replaces the client's back-channel logout (sub, sid).
    expect(client.backchannelLogout).toBeTypeOf('function');
    expect((client.backchannelLogout as (...a: unknown[]) => unknown).length).toBe(2);
    // addAccessTokenHash wraps these (the at_hash it gives is checked through real exchanges in conformance.int.test.ts).
    expect((provider.AccessToken.prototype as unknown as Internal).save).toBeTypeOf('function');
    expect((provider.IdToken.prototype as unknown as Internal).issue).toBeTypeOf('function');
    expect((provider.IdToken.prototype as unknown as Internal).set).toBeTypeOf('function');
    // detectReplaysAtomically replaces the static unique(iss, jti, exp).
    const replayDetection = provider.ReplayDetection as unknown as Internal;
    expect((replayDetection.unique as (...a: unknown[]) => unknown).length).toBe(3);
  });

  it('decide single-use ids atomically: the engine accepts the same id twice when both arrive at once', async () => {
    const replayDetection = bareProvider().ReplayDetection as unknown as {
      unique(iss: string, jti: string, exp: number): Promise<boolean>;
    };
    const exp = Math.floor(Date.now() / 1000) + 60;
    const both = await Promise.all([replayDetection.unique('app', 'jti-1', exp), replayDetection.unique('app', 'jti-1', exp)]);
    expect(both).toEqual([true, true]);
    expect(await replayDetection.unique('app', 'jti-1', exp)).toBe(false);
  });

  it('take audience at the token endpoint: the grant types read only their own parameter sets', () => {
    const engine = bareProvider();
    const params = instance(engine)?.grantTypeParams;
    const grants = [undefined, 'client_credentials', 'authorization_code', 'refresh_token'];
    for (const grant of grants) {
      expect(params?.get(grant), String(grant)).toBeInstanceOf(Set);
      expect(params?.get(grant)?.has(AUDIENCE_PARAMETER)).toBe(false);
    }
    const patched = bareProvider();
    acceptAudienceAlias(patched);
    for (const grant of grants) expect(instance(patched)?.grantTypeParams?.get(grant)?.has(AUDIENCE_PARAMETER)).toBe(true);
  });

  it('end access tokens at their exp: the engine finds them for its clock tolerance past it', async () => {
    const expiredAccessToken = async (provider: Provider) => {
      const client = await provider.Client.find('app');
      const token = new provider.AccessToken({
        accountId: 'someone',
        client: client!,
        grantId: 'grant',
        gty: 'authorization_code',
        scope: 'openid',
      });
      const value = await token.save();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (token.expiration + 5) * 1000 });
      return provider.AccessToken.find(value);
    };
    const engine = bareProvider();
    expect((await expiredAccessToken(engine))?.isExpired).toBe(true);
    vi.useRealTimers();
    const patched = bareProvider();
    expireOwnTokensOnTime(patched);
    expect(await expiredAccessToken(patched)).toBeUndefined();
  });
});
