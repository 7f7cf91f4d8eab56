/**
 * The benchmark's baselines: a bare oidc-provider configured like Gatehouse's providers (same grants,
 * token lifetimes, key types, static clients, first-party grants), with an interaction that signs the
 * benchmark user in at once; with its in-memory adapter, or with the persisting adapter of
 * bench/baseline-adapter.ts when given a database. Started by bench/oidc.ts:
 *   node bench/baseline.ts <port> <clients-json> [sqlite:<file> | postgres://…]
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';

import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

import { TTL } from '../server/src/lifetimes.ts';
import { CLAIMS, SCOPES } from '../server/src/oidc/provider.ts';
import { persistingAdapter } from './baseline-adapter.ts';
import { BENCH_API } from './bench-api.ts';

const port = Number(process.argv[2]);
const clients = JSON.parse(process.argv[3] ?? '[]') as ClientMetadata[];
const issuer = `http://localhost:${port}`;
const database = process.argv[4];

const jwk = (type: 'rsa' | 'ec', alg: string) => {
  const { privateKey } =
    type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: alg, alg, use: 'sig' };
};

const provider = new Provider(issuer, {
  ...(database ? { adapter: await persistingAdapter(database) } : {}),
  clients,
  jwks: { keys: [jwk('rsa', 'RS256'), jwk('ec', 'ES256')] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, email: 'user@bench.test', email_verified: true, updated_at: 0 }) }),
  claims: CLAIMS,
  scopes: [...SCOPES],
  responseTypes: ['code'],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
  enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256'] },
  conformIdTokenClaims: false,
  rotateRefreshToken: true,
  // Refresh tokens for offline_access, or always for a client that chose so, as Gatehouse issues them.
  extraClientMetadata: { properties: ['gatehouse_refresh_without_consent'] },
  issueRefreshToken: (_ctx, client, code) =>
    client.grantTypeAllowed('refresh_token') &&
    (code.scopes.has('offline_access') ||
      (client as { gatehouse_refresh_without_consent?: boolean }).gatehouse_refresh_without_consent === true),
  expiresWithSession: () => false,
  allowOmittingSingleRegisteredRedirectUri: false,
  pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true, allowedPolicy: () => true },
    revocation: { enabled: true, allowedPolicy: () => true },
    // One protected API, as Gatehouse's bench organisation registers it: JWT access tokens signed RS256.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: BENCH_API.scope,
        audience: BENCH_API.identifier,
        accessTokenTTL: TTL.ClientCredentials,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
    userinfo: { enabled: true },
  },
  ttl: TTL,
  cookies: { long: { httpOnly: true, sameSite: 'lax' }, short: { httpOnly: true, sameSite: 'lax' } },
  clientBasedCORS: () => true,
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { oidc } = ctx;
    if (!oidc.session?.accountId || !oidc.client) return undefined;
    const grantId = oidc.session.grantIdFor(oidc.client.clientId);
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (existing) return existing;
    const grant = new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client.clientId });
    grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
    await grant.save();
    return grant;
  },
});

const handle = provider.callback();
http
  .createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void provider.interactionFinished(req, res, { login: { accountId: 'bench-user', amr: ['pwd'] }, consent: {} });
      return;
    }
    void handle(req, res);
  })
  .listen(port, '127.0.0.1', () => console.log('baseline listening'));

process.on('SIGTERM', () => process.exit(0));
