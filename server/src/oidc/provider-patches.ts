/**
 * Every place Gatehouse replaces a part of oidc-provider's internals, in one module: each patch says why
 * the engine's own behaviour does not do, and provider-patches.test.ts pins what each one relies on in
 * the pinned version (ENGINE_VERSION), so an upgrade that moves or changes any of them fails a test
 * rather than passing silently. Configuration, `provider.use` middleware and the engine's events are its
 * public API and live in provider.ts; `npm run engine-patches` fails if a patch appears anywhere else.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import instance from 'oidc-provider/lib/helpers/weak_cache.js';

import { AUDIENCE_PARAMETER } from '../apis/resource-servers.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { claimSingleUseId } from './adapter.ts';
import { queueBackchannelLogouts } from './backchannel-logout.ts';
import { wrongClientAuthMethod } from './client-auth-failures.ts';

/** The oidc-provider version these patches were written and tested against (server/package.json pins it exactly). */
export const ENGINE_VERSION = '9.13.3';

/** Applies every patch to one organisation's freshly built provider. */
export function patchEngine(provider: Provider, ctx: AppContext, org: Organisation): void {
  compareHashedClientSecrets(provider);
  includeSidInEveryIdToken(provider);
  queueBackchannelLogoutTokens(provider, ctx, org);
  acceptAudienceAlias(provider);
  addAccessTokenHash(provider);
  expireOwnTokensOnTime(provider);
  detectReplaysAtomically(provider, ctx, org);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Client secrets are stored as SHA-256 hashes: compare the hash of what was presented, in constant time.
 * The engine compares the stored value with the raw secret (were this patch lost, no secret would ever
 * match). It also takes a secret in the body and in a Basic header alike; an application is held to the
 * one it registered (the engine reads the body's client_secret first, and so does this).
 */
export function compareHashedClientSecrets(provider: Provider): void {
  const clientPrototype = provider.Client.prototype as unknown as {
    clientSecret?: string;
    clientAuthMethod?: string;
    compareClientSecret(actual: string): boolean;
  };
  clientPrototype.compareClientSecret = function compareClientSecret(actual: string) {
    const params = (Provider.ctx as KoaContextWithOIDC | undefined)?.oidc?.params as { client_secret?: unknown } | undefined;
    const used = params?.client_secret ? 'client_secret_post' : 'client_secret_basic';
    const stored = typeof this.clientSecret === 'string' ? Buffer.from(this.clientSecret, 'base64url') : Buffer.alloc(0);
    const presented = sha256(actual);
    const matches = stored.length === presented.length && timingSafeEqual(stored, presented);
    // The right secret sent the other way: the answer says which way the application is registered for.
    if (matches && used !== this.clientAuthMethod) throw wrongClientAuthMethod(this.clientAuthMethod ?? 'client_secret_basic', used);
    return matches;
  };
}

/**
 * Every ID token carries sid (discovery lists it in claims_supported); the engine adds it only for
 * clients registered for back-channel logout with backchannel_logout_session_required.
 */
export function includeSidInEveryIdToken(provider: Provider): void {
  (provider.Client.prototype as unknown as { includeSid(): boolean }).includeSid = () => true;
}

/**
 * RP-initiated logout owes logout tokens to the session's applications: queued with retries
 * (oidc/backchannel-logout.ts) rather than posted while the user waits, as the engine would.
 */
export function queueBackchannelLogoutTokens(provider: Provider, ctx: AppContext, org: Organisation): void {
  (provider.Client.prototype as unknown as { backchannelLogout(sub: string, sid: string): Promise<void> }).backchannelLogout =
    async function queueLogout(this: { clientId: string }, sub: string, sid: string) {
      await queueBackchannelLogouts(ctx, [{ clientId: this.clientId, sub, sid }], scoped(ctx.db.kysely, org.id));
    };
}

/**
 * The token endpoint accepts `audience` too (for client credentials, code and refresh exchanges), as the
 * authorization endpoint does through `extraParams`: the engine has no setting for extra token
 * parameters, so the alias is added to the parameter sets its grant types read (its weak_cache internal).
 */
export function acceptAudienceAlias(provider: object): void {
  const params = instance(provider)?.grantTypeParams;
  if (!params) throw new Error('oidc-provider internals changed: grant type parameters not found');
  for (const grant of [undefined, 'client_credentials', 'authorization_code', 'refresh_token']) params.get(grant)?.add(AUDIENCE_PARAMETER);
}

/**
 * ID tokens from the token endpoint carry at_hash (OIDC Core 3.1.3.6 makes it optional there; the
 * security checklist asks for it, so a relying party can bind the ID token to its access token). The
 * engine sets it only for tokens from the authorization endpoint: remember each access token's value
 * when it is saved, and have the ID token of the same request hash it (the engine's own hashing).
 */
export function addAccessTokenHash(provider: Provider): void {
  const issued = new WeakMap<object, string>();
  const accessToken = provider.AccessToken.prototype as unknown as { save(): Promise<string> };
  const save = accessToken.save;
  accessToken.save = async function saveRemembering(this: object) {
    const value = await save.call(this);
    issued.set(this, value);
    return value;
  };
  const idToken = provider.IdToken.prototype as unknown as {
    issue(options?: { use?: string }): Promise<string>;
    set(key: string, value: unknown): void;
    ctx?: KoaContextWithOIDC;
    extra: Record<string, unknown>;
  };
  const issue = idToken.issue;
  idToken.issue = function issueWithAtHash(this: typeof idToken, options) {
    const at = this.ctx?.oidc?.entities.AccessToken;
    const value = at ? issued.get(at) : undefined;
    if (options?.use === 'idtoken' && value && this.extra.at_hash === undefined) this.set('at_hash', value);
    return issue.call(this, options);
  };
}

/**
 * The engine allows its clock tolerance (15 s) past the expiry of its own stored tokens when it finds
 * them for userinfo, while introspection calls them inactive from their expiry on: they end at their exp
 * everywhere. The tolerance stays for what other clocks sign (client assertions, request objects).
 */
export function expireOwnTokensOnTime(provider: Provider): void {
  type Finder = { find(value: unknown, options?: { ignoreExpiration?: boolean }): Promise<{ isExpired: boolean } | undefined> };
  for (const model of [provider.AccessToken, provider.ClientCredentials] as unknown as Finder[]) {
    const find = model.find.bind(model);
    model.find = async (value, options) => {
      const token = await find(value, options);
      return token && !options?.ignoreExpiration && token.isExpired ? undefined : token;
    };
  }
}

/**
 * Single-use ids (client assertions' jti, DPoP proofs') decided by one conditional insert. The engine's
 * own check reads and then writes, so the same assertion sent several times at once was accepted
 * several times (6 of 8 on PostgreSQL).
 */
export function detectReplaysAtomically(provider: Provider, ctx: AppContext, org: Organisation): void {
  const replayDetection = provider.ReplayDetection as unknown as { unique(iss: string, jti: string, exp: number): Promise<boolean> };
  replayDetection.unique = claimSingleUseId(ctx, org.id);
}
