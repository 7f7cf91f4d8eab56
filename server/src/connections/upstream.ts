/**
 * The OpenID Connect side of a connection, through openid-client (a certified relying-party library):
 * discovery of the provider's metadata, the authorization URL with PKCE (S256), `state` and `nonce`, and
 * the code exchange, whose ID token the library checks (signature against the provider's JWKS, `iss`,
 * `aud`, `exp`, `iat`, `nonce`; the RFC 9207 `iss` of the answer when the provider sends it). Every
 * request goes through the outbound guard (outbound.ts).
 */
import { generateKeyPairSync, type JsonWebKey, randomUUID } from 'node:crypto';

import { CONNECTION_CALLBACK_PATH } from '@gatehouse/common/connections';
import { CONNECTION_LIMITS } from '@gatehouse/common/policy';
import * as client from 'openid-client';

import { keyEncryptionKeys, originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import type { SignInConnectionRow } from '../db/schema.ts';
import { ForbiddenAddressError } from '../outbound/ssrf.ts';
import { guardedFetch, outboundLimits, OutboundTooLargeError } from './outbound.ts';

const boundTo = (organisationId: string, connectionId: string) => `connection-secret:${organisationId}:${connectionId}`;
const keyBoundTo = (organisationId: string, connectionId: string) => `connection-key:${organisationId}:${connectionId}`;

export function sealConnectionSecret(ctx: AppContext, organisationId: string, connectionId: string, secret: string): string {
  return encryptSecret(ctx.config.keyEncryptionKey, secret, boundTo(organisationId, connectionId));
}

/** The signing algorithm of connection keys: RS256, which every provider that takes private_key_jwt accepts. */
const KEY_ALG = 'RS256';

/**
 * A new key pair for a connection's private_key_jwt: the private JWK sealed under KEY_ENCRYPTION_KEY
 * (bound to the connection), and the public JWK with its kid to publish.
 */
export function newConnectionKey(ctx: AppContext, organisationId: string, connectionId: string): { sealed: string; publicJwk: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const meta = { kid, alg: KEY_ALG, use: 'sig' };
  const privateJwk = JSON.stringify({ ...privateKey.export({ format: 'jwk' }), ...meta });
  return {
    sealed: encryptSecret(ctx.config.keyEncryptionKey, privateJwk, keyBoundTo(organisationId, connectionId)),
    publicJwk: JSON.stringify({ ...publicKey.export({ format: 'jwk' }), ...meta }),
  };
}

/** How Gatehouse authenticates at the token endpoint for this connection of the organisation. */
async function clientAuthOf(ctx: AppContext, organisationId: string, row: SignInConnectionRow): Promise<client.ClientAuth> {
  if (row.client_auth === 'private_key_jwt') {
    if (row.private_key_sealed === null) throw new Error('A private_key_jwt connection without its key');
    const jwk = JSON.parse(
      decryptSecret(keyEncryptionKeys(ctx.config), row.private_key_sealed, keyBoundTo(organisationId, row.id)),
    ) as JsonWebKey & { kid: string };
    const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    return client.PrivateKeyJwt({ key, kid: jwk.kid });
  }
  const secret = connectionSecret(ctx, organisationId, row);
  return secret === undefined ? client.None() : client.ClientSecretBasic(secret);
}

function connectionSecret(ctx: AppContext, organisationId: string, row: SignInConnectionRow): string | undefined {
  return row.client_secret_sealed === null
    ? undefined
    : decryptSecret(keyEncryptionKeys(ctx.config), row.client_secret_sealed, boundTo(organisationId, row.id));
}

/** Where the provider sends the browser back: this organisation's own host, one path for every connection. */
export const callbackUrl = (ctx: AppContext, hostname: string): string => `${originFor(ctx.config, hostname)}${CONNECTION_CALLBACK_PATH}`;

interface Cached {
  config: client.Configuration;
  at: number;
}
/** Discovered configurations per connection and version (its updated_at): a change is a new key. */
const discovered = new Map<string, Cached>();
const CACHE_MAX = 500;

/** The provider's configuration for this connection of the organisation, discovered (and reused for a while). */
export async function upstreamConfiguration(
  ctx: AppContext,
  organisationId: string,
  row: SignInConnectionRow,
): Promise<client.Configuration> {
  const key = `${organisationId}:${row.id}:${row.updated_at}`;
  const now = Date.now();
  const cached = discovered.get(key);
  if (cached && now - cached.at < CONNECTION_LIMITS.discoveryCacheMs) return cached.config;
  const allowPrivate = ctx.config.webhooksAllowPrivate;
  const execute = [client.enableNonRepudiationChecks, ...(allowPrivate ? [client.allowInsecureRequests] : [])];
  const config = await client.discovery(
    new URL(row.issuer),
    row.upstream_client_id,
    undefined,
    await clientAuthOf(ctx, organisationId, row),
    {
      [client.customFetch]: guardedFetch(outboundLimits(allowPrivate)),
      execute,
      timeout: CONNECTION_LIMITS.fetchTimeoutMs / 1000,
    },
  );
  if (discovered.size >= CACHE_MAX) discovered.delete(discovered.keys().next().value!);
  discovered.set(key, { config, at: now });
  return config;
}

export interface UpstreamRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The authorization URL to send the browser to, with fresh state, nonce and PKCE verifier. */
export async function authorizationRequest(
  config: client.Configuration,
  row: SignInConnectionRow,
  redirectUri: string,
  loginHint?: string,
): Promise<UpstreamRequest> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: row.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

/** The provider said no at the authorization endpoint (the person cancelled, or was not allowed). */
export class UpstreamRefusedError extends Error {}

/**
 * What went wrong upstream, as the person is told: the provider said no (at its authorization or token
 * endpoint), it could not be reached (the network, the guard, a limit), or its answer failed a check.
 */
export function upstreamFailure(error: unknown): 'provider_refused' | 'unavailable' | 'not_verified' {
  if (
    error instanceof UpstreamRefusedError ||
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError
  )
    return 'provider_refused';
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (e instanceof ForbiddenAddressError || e instanceof OutboundTooLargeError || e.name === 'TimeoutError' || e.name === 'AbortError')
      return 'unavailable';
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return 'unavailable';
    if (/^no answer from /.test(e.message)) return 'unavailable';
  }
  // A status that is no answer of an OpenID provider (a 404 at discovery, a 500): unavailable too.
  if (error instanceof client.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return 'unavailable';
  return 'not_verified';
}

/** The verified claims of the ID token the code exchange gave. */
export async function exchangeCode(
  config: client.Configuration,
  currentUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  try {
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    return claims as Record<string, unknown>;
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) throw new UpstreamRefusedError(error.error, { cause: error });
    throw error;
  }
}
