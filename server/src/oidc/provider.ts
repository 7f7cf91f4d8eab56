/**
 * One organisation's OpenID Provider (panva's oidc-provider): issuer = the organisation's origin, its own
 * keys, clients, storage rows and interaction policy. Authorization code with PKCE (required for public
 * clients, S256 only), refresh tokens with rotation and reuse detection, client credentials, revocation,
 * introspection, userinfo and RP-initiated logout; no implicit or hybrid flows, no password grant.
 */
import { randomBytes } from 'node:crypto';

import { ACR_VALUES } from '@gatehouse/common/acr';
import {
  APPLICATION_MESSAGES,
  CLIENT_ASSERTION_ALGS,
  ID_TOKEN_SIGNING_ALGS,
  isLoopbackIpRedirect,
  isPrivateUseRedirect,
  TOKEN_ENDPOINT_AUTH_METHODS,
} from '@gatehouse/common/applications';
import { DEFAULT_GROUPS_CLAIM, GROUPS_SCOPE } from '@gatehouse/common/groups';
import { SUPPORTED_LOCALES } from '@gatehouse/common/i18n/locales';
import { DEFAULT_ROLES_CLAIM, ROLES_SCOPE } from '@gatehouse/common/roles';
import Provider, { type ClientMetadata, type Configuration, errors, type JWK, type KoaContextWithOIDC } from 'oidc-provider';

import { AUDIENCE_PARAMETER, resourceIndicators, type ResourceServerInputs } from '../apis/resource-servers.ts';
import { minimumAcrOf, parseUriList } from '../applications/model.ts';
import { SCIM_SCOPE } from '../applications/scim-token.ts';
import { unsealedClientSecret } from '../applications/secrets.ts';
import { originFor } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { ClientRow } from '../db/schema.ts';
import type { ScopedExecutor } from '../db/scoped.ts';
import { TTL } from '../lifetimes.ts';
import { endSession } from '../sessions/service.ts';
import type { Log } from '../telemetry/log.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { accountFinder } from './account.ts';
import { adapterFactory } from './adapter.ts';
import { limitFailedClientAuthentication, logFailedClientAuthentication } from './client-auth-failures.ts';
import { limitDeviceCodeAttempts } from './device.ts';
import type { PrivateJwk } from './keys.ts';
import { answerOutages, outageOut } from './outage.ts';
import {
  AUTO_SIGN_OUT_SCRIPT_SOURCE,
  autoLogoutPage,
  deviceConfirmPage,
  deviceInputPage,
  deviceSuccessPage,
  errorPage,
  loggedOutPage,
  logoutPage,
} from './pages.ts';
import { interactionPolicyFor, loadExistingGrant } from './policy.ts';
import { patchEngine } from './provider-patches.ts';
import { signedInOf } from './request-sign-in.ts';

/** The provider's session cookie: its value is the session's id. */
export const PROVIDER_SESSION_COOKIE = 'gh_oidc_session';

/** Seconds a device waits between polls of the token endpoint (RFC 8628 3.2; also its default). */
export const DEVICE_POLL_INTERVAL_S = 5;

/** The grant type of RFC 8628. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export const SCOPES = ['openid', 'offline_access', 'profile', 'email', 'phone', GROUPS_SCOPE, ROLES_SCOPE] as const;

/** Which claims each scope gives; amr and acr come with openid, so every ID token says how the user signed in. */
export const CLAIMS = {
  acr: null,
  amr: null,
  auth_time: null,
  sid: null,
  iss: null,
  openid: ['sub', 'amr', 'acr'],
  profile: ['name', 'given_name', 'family_name', 'locale', 'updated_at'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
};

/**
 * The claims of each scope at this organisation: the groups (and roles) claim under every name its
 * applications chose, with the groups (roles) scope, and with openid for the applications that get them
 * without asking. Which application gets which name (and whether at all) is the account's to say (account.ts).
 */
export function claimsFor(clients: readonly Pick<ClientRow, 'groups_claim' | 'groups_always' | 'roles_claim' | 'roles_always'>[]) {
  const groupNames = (list: readonly Pick<ClientRow, 'groups_claim'>[]) => [
    ...new Set([DEFAULT_GROUPS_CLAIM, ...list.map((c) => c.groups_claim ?? DEFAULT_GROUPS_CLAIM)]),
  ];
  const roleNames = (list: readonly Pick<ClientRow, 'roles_claim'>[]) => [
    ...new Set([DEFAULT_ROLES_CLAIM, ...list.map((c) => c.roles_claim ?? DEFAULT_ROLES_CLAIM)]),
  ];
  const groupsAlways = clients.filter((c) => c.groups_always);
  const rolesAlways = clients.filter((c) => c.roles_always);
  return {
    ...CLAIMS,
    openid: [
      ...CLAIMS.openid,
      ...(groupsAlways.length > 0 ? groupNames(groupsAlways) : []),
      ...(rolesAlways.length > 0 ? roleNames(rolesAlways) : []),
    ],
    [GROUPS_SCOPE]: groupNames(clients),
    [ROLES_SCOPE]: roleNames(clients),
  };
}

/** Protocol endpoints, all under /oidc except discovery. */
export const OIDC_ROUTES = {
  authorization: '/oidc/auth',
  token: '/oidc/token',
  userinfo: '/oidc/userinfo',
  jwks: '/oidc/jwks',
  end_session: '/oidc/logout',
  introspection: '/oidc/introspect',
  revocation: '/oidc/revoke',
  pushed_authorization_request: '/oidc/par',
  registration: '/oidc/register',
  code_verification: '/oidc/device',
  device_authorization: '/oidc/device/auth',
  backchannel_authentication: '/oidc/backchannel',
  challenge: '/oidc/challenge',
  credential: '/oidc/credential',
} as const;

/** The endpoints where applications authenticate with their credentials. */
const CLIENT_AUTHENTICATING_PATHS: ReadonlySet<string> = new Set([
  OIDC_ROUTES.token,
  OIDC_ROUTES.introspection,
  OIDC_ROUTES.revocation,
  OIDC_ROUTES.device_authorization,
  OIDC_ROUTES.pushed_authorization_request,
]);

export const INTERACTION_PATH = '/oidc/interaction';

/** The origins of every redirect URI of these applications. */
export function redirectOrigins(rows: readonly ClientRow[]): Set<string> {
  const origins = new Set<string>();
  for (const row of rows)
    for (const uri of parseUriList(row.redirect_uris)) {
      const origin = URL.parse(uri)?.origin;
      if (origin && origin !== 'null') origins.add(origin);
    }
  return origins;
}

/** The provider's view of an application. Clients that cannot sign anyone in yet get no grant types. */
/**
 * How a confidential or machine application authenticates: its registered method only, with the hash
 * of its secret (compared by compareClientSecret below), its sealed secret for client_secret_jwt (or,
 * until it has one, a random key nobody holds), or its public keys for private_key_jwt.
 */
function clientAuthentication(row: ClientRow, sealedSecret: string | null): Omit<ClientMetadata, 'client_id'> {
  const method = row.token_endpoint_auth_method;
  if (method === 'private_key_jwt') {
    return {
      token_endpoint_auth_method: method,
      ...(row.jwks_uri ? { jwks_uri: row.jwks_uri } : { jwks: JSON.parse(row.jwks ?? '{"keys":[]}') as { keys: JWK[] } }),
    };
  }
  if (method === 'client_secret_jwt') {
    return { token_endpoint_auth_method: method, client_secret: sealedSecret ?? randomBytes(32).toString('base64url') };
  }
  return { token_endpoint_auth_method: method, client_secret: row.secret_hash };
}

/** An application's own token lifetimes and refresh-token choice, read by the ttl and issueRefreshToken settings. */
const GATEHOUSE_CLIENT_METADATA = [
  'gatehouse_access_token_ttl',
  'gatehouse_id_token_ttl',
  'gatehouse_refresh_token_ttl',
  'gatehouse_refresh_without_consent',
  'gatehouse_groups_claim',
  'gatehouse_groups_always',
  'gatehouse_roles_claim',
  'gatehouse_roles_always',
  'gatehouse_minimum_acr',
] as const;
/** Extra metadata keeps its registered (snake_case) name on the provider's client objects. */
interface GatehouseClient {
  gatehouse_access_token_ttl?: number;
  gatehouse_id_token_ttl?: number;
  gatehouse_refresh_token_ttl?: number;
  gatehouse_refresh_without_consent?: boolean;
  gatehouse_groups_claim?: string;
  gatehouse_groups_always?: boolean;
  gatehouse_roles_claim?: string;
  gatehouse_roles_always?: boolean;
  gatehouse_minimum_acr?: string;
}
const own = (client: unknown) => (client ?? {}) as GatehouseClient;

/** Per application where it chose, the defaults otherwise (an application's lifetimes are bounded by its settings' schema). */
/** A token for a protected API lives as long as that API says; other tokens as their application says. */
type ApiBound = { resourceServer?: { accessTokenTTL?: number } } | undefined;
const ttl = {
  ...TTL,
  AccessToken: (_ctx: unknown, token: ApiBound, client: unknown) =>
    token?.resourceServer?.accessTokenTTL ?? own(client).gatehouse_access_token_ttl ?? TTL.AccessToken,
  ClientCredentials: (_ctx: unknown, token: ApiBound, client: unknown) =>
    token?.resourceServer?.accessTokenTTL ?? own(client).gatehouse_access_token_ttl ?? TTL.ClientCredentials,
  IdToken: (_ctx: unknown, _token: unknown, client: unknown) => own(client).gatehouse_id_token_ttl ?? TTL.IdToken,
  RefreshToken: (_ctx: unknown, _token: unknown, client: unknown) => own(client).gatehouse_refresh_token_ttl ?? TTL.RefreshToken,
  // A grant lives as long as the refresh tokens of its application (14 days, or longer where it chose so).
  Grant: (ctx: KoaContextWithOIDC | undefined) => Math.max(TTL.Grant, own(ctx?.oidc?.client).gatehouse_refresh_token_ttl ?? 0),
};

export function clientMetadata(row: ClientRow, sealedSecret: string | null = null): ClientMetadata {
  const redirectUris = parseUriList(row.redirect_uris);
  const common = {
    client_id: row.id,
    // Only applications with SCIM enabled may be granted the scim scope (checked by the provider per request).
    scope: [...SCOPES, ...(row.scim_enabled ? [SCIM_SCOPE] : [])].join(' '),
    client_name: row.name,
    application_type: 'web' as const,
    // auth_time in every ID token, not only when max_age was asked for.
    require_auth_time: true,
    id_token_signed_response_alg: row.id_token_signing_alg,
    post_logout_redirect_uris: parseUriList(row.post_logout_redirect_uris),
    gatehouse_access_token_ttl: row.access_token_ttl,
    gatehouse_id_token_ttl: row.id_token_ttl,
    gatehouse_refresh_token_ttl: row.refresh_token_ttl,
    gatehouse_refresh_without_consent: row.refresh_without_consent,
    gatehouse_groups_claim: row.groups_claim ?? DEFAULT_GROUPS_CLAIM,
    gatehouse_groups_always: row.groups_always,
    gatehouse_roles_claim: row.roles_claim ?? DEFAULT_ROLES_CLAIM,
    gatehouse_roles_always: row.roles_always,
    // The weakest sign-in the application accepts (oidc/step-up.ts); absent: any.
    ...(minimumAcrOf(row.minimum_acr) ? { gatehouse_minimum_acr: minimumAcrOf(row.minimum_acr)! } : {}),
    // RFC 9126 6: only pushed authorization requests, where the application chose so (the engine refuses
    // a plain one with invalid_request).
    require_pushed_authorization_requests: Boolean(row.require_par),
    // Logout tokens always carry sid, so the session-required flag is always met.
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
  };
  if (row.client_type === 'device') {
    // RFC 8628: a device or command line without a browser of its own and without a secret.
    return {
      ...common,
      token_endpoint_auth_method: 'none',
      grant_types: [DEVICE_CODE_GRANT, 'refresh_token'],
      response_types: [],
      redirect_uris: [],
    };
  }
  if (row.client_type === 'machine') {
    return {
      ...common,
      ...clientAuthentication(row, sealedSecret),
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    };
  }
  const interactive = redirectUris.length > 0;
  // A confidential application with SCIM enabled may also get SCIM access tokens by client credentials.
  const scimGrant = row.scim_enabled && row.client_type === 'confidential' ? ['client_credentials'] : [];
  return {
    ...common,
    application_type: isNativeClient(row, redirectUris, common.post_logout_redirect_uris) ? ('native' as const) : ('web' as const),
    redirect_uris: redirectUris,
    response_types: interactive ? ['code'] : [],
    grant_types: [...(interactive ? ['authorization_code', 'refresh_token'] : []), ...scimGrant],
    ...(row.client_type === 'public' ? { token_endpoint_auth_method: 'none' as const } : clientAuthentication(row, sealedSecret)),
  };
}

/**
 * Where the provider's answers differ from the specifications, corrected on the way out (the requests
 * have no side effects by then), told apart by the engine's error class and the request's state, never
 * by the wording of its error_description:
 * - the token and device authorization endpoints answer a grant type the client may not use with
 *   invalid_request; RFC 6749 5.2 names that unauthorized_client;
 * - the device authorization answer carries the polling interval (RFC 8628 3.2);
 * - introspection needs client authentication (RFC 7662 2.1): a public client (auth method none) or a
 *   request that names no client gets 401 invalid_client rather than an answer.
 * The error each endpoint threw is taken from the engine's documented `<endpoint>.error` events, which
 * it emits with the error once it has written the error answer.
 */
function protocolErrorCorrections(provider: Provider): (koaCtx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> {
  const thrown = new WeakMap<object, unknown>();
  const remember = (koaCtx: KoaContextWithOIDC, error: unknown) => void thrown.set(koaCtx, error);
  provider.on('grant.error', remember);
  provider.on('device_authorization.error', remember);
  provider.on('introspection.error', remember);
  return async (koaCtx, next) => {
    await next();
    const route = koaCtx.oidc?.route;
    const body = koaCtx.body as { error?: string; error_description?: string } | undefined;
    // RFC 8628 3.2: the device is told how long to wait between polls (the provider leaves interval out).
    if (route === 'device_authorization' && koaCtx.status === 200 && body && typeof body === 'object') {
      koaCtx.body = { ...body, interval: DEVICE_POLL_INTERVAL_S };
      return;
    }
    const client = koaCtx.oidc?.client;
    // A public client at introspection has no means to authenticate, whatever the engine made of its request.
    if (route === 'introspection' && client?.clientAuthMethod === 'none') return refuseUnauthenticatedIntrospection(koaCtx);
    const error = thrown.get(koaCtx);
    if (!(error instanceof errors.InvalidRequest)) return;
    // The grant asked for (the token endpoint's grant_type, the device flow's at device authorization)
    // is one the client may not use: whatever else the request lacked, that is unauthorized_client.
    const grantType = route === 'token' ? (koaCtx.oidc.params?.grant_type as string | undefined) : DEVICE_CODE_GRANT;
    if ((route === 'token' || route === 'device_authorization') && client && grantType && !client.grantTypeAllowed(grantType)) {
      koaCtx.body = { error: 'unauthorized_client', error_description: error.error_description };
      return;
    }
    // Refused before any client was identified: the request named none, or not in a usable way.
    if (route === 'introspection' && !client) refuseUnauthenticatedIntrospection(koaCtx);
  };
}

function refuseUnauthenticatedIntrospection(koaCtx: KoaContextWithOIDC): void {
  koaCtx.status = 401;
  koaCtx.set('www-authenticate', 'Basic realm="introspection"');
  koaCtx.set('cache-control', 'no-store');
  koaCtx.body = { error: 'invalid_client', error_description: 'client authentication is required' };
}

/** Whether the request's id_token_hint was issued in the browser's current session (same user, same sid). */
function hintOfCurrentSession(koaCtx: KoaContextWithOIDC): boolean {
  const payload = (koaCtx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown; sid?: unknown } } | undefined)?.payload;
  const session = koaCtx.oidc.session;
  const clientId = koaCtx.oidc.client?.clientId;
  if (!payload || !session?.accountId || !clientId) return false;
  return payload.sub === session.accountId && typeof payload.sid === 'string' && payload.sid === session.sidFor(clientId);
}

/** Loopback host names as the provider knows them for native clients. */
const PROVIDER_LOOPBACKS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the provider accepts `uri` for a native client: a private-use scheme, http on loopback, or https elsewhere. */
function nativeCompatible(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url) return false;
  if (url.protocol === 'http:') return PROVIDER_LOOPBACKS.has(url.hostname);
  if (url.protocol === 'https:') return !PROVIDER_LOOPBACKS.has(url.hostname);
  return isPrivateUseRedirect(uri);
}

/**
 * A public client is a native application (RFC 8252) when it registered a private-use scheme or a
 * loopback IP literal, and every address of it suits one: the provider then accepts the scheme and
 * lets loopback redirects use any port (RFC 8252 7.3). Other public clients stay web (single-page) ones.
 */
function isNativeClient(row: ClientRow, redirectUris: string[], postLogoutUris: string[]): boolean {
  if (row.client_type !== 'public') return false;
  const all = [...redirectUris, ...postLogoutUris];
  return all.some((uri) => isPrivateUseRedirect(uri) || isLoopbackIpRedirect(uri)) && all.every(nativeCompatible);
}

export interface ProviderInputs extends ResourceServerInputs {
  clients: ClientRow[];
  jwks: PrivateJwk[];
  /** The organisation's bound store, for what the provider reads itself (its accounts' claims). */
  store: ScopedExecutor;
}

export function buildProvider(ctx: AppContext, org: Organisation, inputs: ProviderInputs, log: Log): Provider {
  const issuer = originFor(ctx.config, org.hostname);
  const https = ctx.config.publicScheme === 'https';
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: https };
  const orgName = () => org.displayName;

  const configuration: Configuration = {
    adapter: adapterFactory(ctx, org.id),
    clients: inputs.clients.map((row) => clientMetadata(row, unsealedClientSecret(ctx, org.id, row))),
    extraClientMetadata: { properties: [...GATEHOUSE_CLIENT_METADATA] },
    // The audience alias of resource, at the authorization and PAR endpoints (the token endpoint: provider-patches.ts acceptAudienceAlias).
    extraParams: [AUDIENCE_PARAMETER],
    // The provider fetches applications' JWKS URIs only from public addresses (its own guard against
    // server-side request forgery); WEBHOOKS_ALLOW_PRIVATE lifts that for development, as for webhooks.
    ...(ctx.config.webhooksAllowPrivate
      ? { fetch: (input: string | URL | Request, init?: RequestInit) => fetch(input, { ...init, dispatcher: undefined } as RequestInit) }
      : {}),
    // Refresh tokens for offline_access (asked with prompt=consent), or always for an application that chose so.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || own(client).gatehouse_refresh_without_consent === true),
    jwks: { keys: inputs.jwks },
    findAccount: accountFinder(ctx, inputs.store, `${issuer}${OIDC_ROUTES.userinfo}`),
    claims: claimsFor(inputs.clients),
    // The sign-in levels (common/acr.ts), asserted as acr from the session's methods (oidc/step-up.ts).
    acrValues: [...ACR_VALUES],
    // The languages of the sign-in pages and of the texts of claims (OpenID Connect Discovery 3).
    discovery: { ui_locales_supported: [...SUPPORTED_LOCALES], claims_locales_supported: [...SUPPORTED_LOCALES] },
    scopes: [...SCOPES, SCIM_SCOPE],
    responseTypes: ['code'],
    clientAuthMethods: [...TOKEN_ENDPOINT_AUTH_METHODS, 'none'],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      id_token_signed_response_alg: 'RS256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    enabledJWA: { idTokenSigningAlgValues: [...ID_TOKEN_SIGNING_ALGS], clientAuthSigningAlgValues: [...CLIENT_ASSERTION_ALGS] },
    // ID tokens carry the claims of the granted scopes too: most applications read them from there.
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    rotateRefreshToken: true,
    // Tokens are not tied to the provider's session (that would cost a lookup on every use): they are
    // short-lived, sign-out revokes the grants of the session, and revokeUserGrants ends them all.
    expiresWithSession: () => false,
    loadExistingGrant,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        // A client learns about the tokens issued to itself only; anything else is {active:false}. Tokens
        // for protected APIs are JWTs their APIs verify offline, and are not stored, so not introspectable.
        // Clients that cannot authenticate are refused outright (see protocolErrorCorrections).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        // A client revokes only what was issued to it.
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (koaCtx: KoaContextWithOIDC, form: string) => {
          koaCtx.type = 'html';
          // No question to ask only for a valid id_token_hint (the provider checked it) of this very session:
          // the signed-in user and the session's sid for that application (RP-Initiated Logout 1.0 section 2).
          // An ID token of an earlier, ended session of the same user names the user but not this session.
          if (hintOfCurrentSession(koaCtx)) {
            const csp = koaCtx.response.get('content-security-policy');
            if (csp)
              koaCtx.set('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${AUTO_SIGN_OUT_SCRIPT_SOURCE}`));
            koaCtx.body = autoLogoutPage(orgName(), form);
            return;
          }
          koaCtx.body = logoutPage(orgName(), form);
        },
        postLogoutSuccessSource: (koaCtx: KoaContextWithOIDC) => {
          koaCtx.type = 'html';
          koaCtx.body = loggedOutPage(orgName());
        },
      },
      resourceIndicators: resourceIndicators(issuer, inputs, inputs.store),
      // Logout tokens are queued (oidc/backchannel-logout.ts, through the override below), not posted in the request.
      backchannelLogout: { enabled: true },
      // RFC 8628 for applications of the kind Device / CLI; the pages are ours (pages.ts), the user code is
      // 8 letters of a 20-letter alphabet without vowels (about 10^10.4), and wrong codes are limited (deviceCodeAttempts).
      deviceFlow: {
        enabled: true,
        charset: 'base-20',
        mask: '****-****',
        userCodeInputSource: (koaCtx: KoaContextWithOIDC, form: string, _out: unknown, err?: Error & { userCode?: string }) => {
          koaCtx.type = 'html';
          const problem = !err
            ? null
            : err.name === 'AbortedError'
              ? APPLICATION_MESSAGES.deviceAborted
              : err.userCode !== undefined || err.name === 'NoCodeError'
                ? APPLICATION_MESSAGES.deviceWrongCode
                : APPLICATION_MESSAGES.deviceFailed;
          koaCtx.body = deviceInputPage(orgName(), form, problem);
        },
        userCodeConfirmSource: (
          koaCtx: KoaContextWithOIDC,
          form: string,
          client: { clientName?: string; clientId: string },
          _info: unknown,
          userCode: string,
        ) => {
          koaCtx.type = 'html';
          koaCtx.body = deviceConfirmPage(orgName(), form, client.clientName ?? client.clientId, userCode);
        },
        successSource: (koaCtx: KoaContextWithOIDC) => {
          koaCtx.type = 'html';
          koaCtx.body = deviceSuccessPage(orgName(), koaCtx.oidc.client?.clientName ?? koaCtx.oidc.client?.clientId ?? '');
        },
      },
      userinfo: { enabled: true },
      // OIDC Core 5.5: the claims request parameter, for acr as an essential claim above all (oidc/step-up.ts).
      claimsParameter: { enabled: true },
    },
    routes: OIDC_ROUTES,
    ttl,
    cookies: {
      names: { session: PROVIDER_SESSION_COOKIE, interaction: 'gh_oidc_interaction', resume: 'gh_oidc_resume' },
      long: cookieOptions,
      short: cookieOptions,
    },
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
      policy: interactionPolicyFor(ctx),
    },
    // Browsers may call the token, userinfo and revocation endpoints from an application's own origin.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    renderError: (koaCtx, out, error) => {
      koaCtx.type = 'html';
      koaCtx.body = errorPage(orgName(), outageOut(out, error), String(koaCtx.res.getHeader('x-correlation-id') ?? ''));
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = ctx.config.trustProxy;

  // The engine's internals Gatehouse replaces (client secrets compared as hashes, sid in every ID token,
  // queued logout tokens, the audience alias at the token endpoint, at_hash, expiry without tolerance,
  // atomic replay detection): all in provider-patches.ts, each with its reason and a test.
  patchEngine(provider, ctx, org);
  provider.use(protocolErrorCorrections(provider));
  logFailedClientAuthentication(provider, log, org.id);
  limitFailedClientAuthentication(provider, ctx, org, CLIENT_AUTHENTICATING_PATHS);
  // A database outage answers 503 temporarily_unavailable, not the engine's 500 (oidc/outage.ts).
  answerOutages(provider, log, org.id);
  provider.use(limitDeviceCodeAttempts(ctx, org, provider, PROVIDER_SESSION_COOKIE));

  // RP-initiated sign-out ends the Gatehouse session too, when it is the same user's. (When a sign-in
  // switches accounts, the provider signs the previous account out first; that must not end the new session.)
  const confirmPath = `${OIDC_ROUTES.end_session}/confirm`;
  provider.use(async (koaCtx, next) => {
    if (koaCtx.path !== confirmPath) return next();
    await next();
    const session = koaCtx.oidc?.session as (typeof koaCtx.oidc.session & { destroyed?: boolean }) | undefined;
    if (koaCtx.oidc?.route !== 'end_session_confirm' || !session?.destroyed) return;
    const signedIn = signedInOf(koaCtx.req);
    if (signedIn && signedIn.auth.user.id === session.accountId) await endSession(ctx, signedIn.scope.organisation.id, signedIn.auth.token);
  });

  // Anything that escapes the provider's own error handling (Koa would print it to the console only). The
  // provider is its Koa application (its deprecated `.app` getter printed a DeprecationWarning), which
  // its types do not say.
  (provider as unknown as NodeJS.EventEmitter).on('error', (error: Error, koaCtx?: KoaContextWithOIDC) => {
    log.error(
      { err: error, organisationId: org.id, route: koaCtx?.oidc?.route, reqId: koaCtx?.res.getHeader('x-correlation-id') },
      'provider error outside its error handling',
    );
  });
  provider.on('server_error', (koaCtx: KoaContextWithOIDC, error: Error) => {
    log.error(
      { err: error, organisationId: org.id, route: koaCtx.oidc?.route, reqId: koaCtx.res.getHeader('x-correlation-id') },
      'provider error',
    );
  });
  return provider;
}
