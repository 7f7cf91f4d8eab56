/** Request and response schemas of the application screens and the client sign-in steps. */
import { z } from 'zod';

import { APPLICATION_MINIMUM_ACRS } from '../acr.ts';
import {
  APPLICATION_LIMITS,
  CLIENT_TYPES,
  ID_TOKEN_SIGNING_ALGS,
  isPrivateUseRedirect,
  JWKS_ONE_OF,
  JWKS_REQUIRED,
  jwksProblem,
  NATIVE_LOOPBACK_LITERAL,
  PRIVATE_USE_NOT_PUBLIC,
  redirectUriProblem,
  serverCallUrlProblem,
  TOKEN_ENDPOINT_AUTH_METHODS,
  TOKEN_LIFETIMES,
  type TokenLifetime,
  webUrlProblem,
} from '../applications.ts';
import { DEFAULT_GROUPS_CLAIM, GROUP_MESSAGES, GROUPS_CLAIM_PATTERN, RESERVED_CLAIMS } from '../groups.ts';
import { ROLE_MESSAGES } from '../roles.ts';
import { checked, consent, formBoolean, formInt, formList, optionalChecked, optionalString, requiredString } from './fields.ts';

export const redirectUri = checked((value) => redirectUriProblem(value));
/** A JWKS of public keys, as JSON text. */
const jwksText = checked(jwksProblem);
const lifetime = (name: TokenLifetime) =>
  formInt(TOKEN_LIFETIMES[name].min, TOKEN_LIFETIMES[name].max).default(TOKEN_LIFETIMES[name].default);
/** A redirect URI in an application's lists: private-use schemes pass here, and are checked against the client type below. */
const listedRedirectUri = checked((value) => redirectUriProblem(value, true));

/** An optional web address: blank means none. */
const optionalWebUrl = optionalChecked(APPLICATION_LIMITS.urlMax, webUrlProblem);

const uriList = formList(listedRedirectUri).pipe(
  z.array(z.string()).max(APPLICATION_LIMITS.redirectUrisMax, {
    error: `Please register ${APPLICATION_LIMITS.redirectUrisMax} addresses or fewer`,
  }),
);

export const createApplicationRequest = z.object({
  name: requiredString(APPLICATION_LIMITS.nameMax),
  redirectURI: optionalString(APPLICATION_LIMITS.urlMax).pipe(redirectUri.optional()),
});
export type CreateApplicationInput = z.input<typeof createApplicationRequest>;
export type CreateApplication = z.output<typeof createApplicationRequest>;

export const updateApplicationRequest = z
  .object({
    name: requiredString(APPLICATION_LIMITS.nameMax),
    clientType: z.enum(CLIENT_TYPES),
    landingURL: optionalWebUrl,
    policyURL: optionalWebUrl,
    canInvite: formBoolean,
    scimEnabled: formBoolean,
    allowsUnverifiedAccess: formBoolean,
    redirectURIs: uriList,
    postLogoutRedirectURIs: uriList,
    idTokenSignedResponseAlg: z.enum(ID_TOKEN_SIGNING_ALGS),
    tokenEndpointAuthMethod: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default('client_secret_basic'),
    jwks: optionalString(APPLICATION_LIMITS.jwksMax).pipe(jwksText.optional()),
    jwksURI: optionalChecked(APPLICATION_LIMITS.urlMax, serverCallUrlProblem),
    accessTokenLifetime: lifetime('accessToken'),
    idTokenLifetime: lifetime('idToken'),
    refreshTokenLifetime: lifetime('refreshToken'),
    refreshWithoutConsent: formBoolean,
    backchannelLogoutURI: optionalChecked(APPLICATION_LIMITS.urlMax, serverCallUrlProblem),
    /** The claim the person's groups come in (none: `groups`), for the application's convention. */
    groupsClaim: optionalString(100)
      .refine((v) => v === undefined || GROUPS_CLAIM_PATTERN.test(v), { error: GROUP_MESSAGES.claimInvalid })
      .refine((v) => v === undefined || !RESERVED_CLAIMS.has(v), { error: GROUP_MESSAGES.claimReserved }),
    /** The groups come in the ID token and userinfo without the application asking for the `groups` scope. */
    groupsAlways: formBoolean,
    /** The claim the person's roles come in (none: `roles`), for the application's convention. */
    rolesClaim: optionalString(100)
      .refine((v) => v === undefined || GROUPS_CLAIM_PATTERN.test(v), { error: GROUP_MESSAGES.claimInvalid })
      .refine((v) => v === undefined || !RESERVED_CLAIMS.has(v), { error: GROUP_MESSAGES.claimReserved }),
    /** The roles come in the ID token and userinfo without the application asking for the `roles` scope. */
    rolesAlways: formBoolean,
    /** RFC 9126 require_pushed_authorization_requests: authorization requests only through the PAR endpoint. */
    requirePushedAuthorizationRequests: formBoolean,
    /** The weakest sign-in the application accepts (common/acr.ts); blank: any. */
    minimumAcr: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(APPLICATION_MINIMUM_ACRS).optional()),
    deleteLogo: formBoolean,
  })
  .superRefine((value, ctx) => {
    // A roles claim named on purpose must not take the groups claim's name (an application that named
    // its groups claim `roles` keeps it: the groups win there, oidc/account.ts).
    if (value.rolesClaim !== undefined && value.rolesClaim === (value.groupsClaim ?? DEFAULT_GROUPS_CLAIM))
      ctx.addIssue({ code: 'custom', message: ROLE_MESSAGES.claimSameAsGroups, path: ['rolesClaim'] });
    // private_key_jwt needs the application's public keys: inline or at a URI, not both.
    if (value.clientType !== 'public' && value.tokenEndpointAuthMethod === 'private_key_jwt') {
      if (!value.jwks && !value.jwksURI) ctx.addIssue({ code: 'custom', message: JWKS_REQUIRED, path: ['jwks'] });
      if (value.jwks && value.jwksURI) ctx.addIssue({ code: 'custom', message: JWKS_ONE_OF, path: ['jwksURI'] });
    }
    // Native applications (public clients) alone may use a private-use scheme (RFC 8252 7.1); next to
    // one, loopback addresses are IP literals, whose port the provider then leaves free (RFC 8252 7.3).
    for (const field of ['redirectURIs', 'postLogoutRedirectURIs'] as const) {
      const uris = value[field];
      const native = uris.some(isPrivateUseRedirect);
      uris.forEach((uri, index) => {
        if (isPrivateUseRedirect(uri) && value.clientType !== 'public') {
          ctx.addIssue({ code: 'custom', message: PRIVATE_USE_NOT_PUBLIC, path: [field, index] });
        } else if (native && /^http:/i.test(uri) && URL.parse(uri)?.hostname.toLowerCase().endsWith('localhost')) {
          ctx.addIssue({ code: 'custom', message: NATIVE_LOOPBACK_LITERAL, path: [field, index] });
        }
      });
    }
  });
export type UpdateApplicationInput = z.input<typeof updateApplicationRequest>;
export type UpdateApplication = z.output<typeof updateApplicationRequest>;

/** An application as the admin screens see it; the secret is never part of it. */
export const application = z.object({
  id: z.string(),
  name: z.string(),
  clientType: z.enum(CLIENT_TYPES),
  logoID: z.string().nullable(),
  landingURL: z.string().nullable(),
  policyURL: z.string().nullable(),
  redirectURIs: z.array(z.string()),
  postLogoutRedirectURIs: z.array(z.string()),
  canInvite: z.boolean(),
  scimEnabled: z.boolean(),
  /** When the application's current SCIM token was generated; null when it has none. */
  scimTokenCreatedAt: z.string().nullable(),
  allowsUnverifiedAccess: z.boolean(),
  idTokenSignedResponseAlg: z.enum(ID_TOKEN_SIGNING_ALGS),
  tokenEndpointAuthMethod: z.enum(TOKEN_ENDPOINT_AUTH_METHODS),
  /** private_key_jwt: the registered public keys (a JWKS, as JSON) or where they are published. */
  jwks: z.string().nullable(),
  jwksURI: z.string().nullable(),
  /** client_secret_jwt needs a secret Gatehouse can sign with: one regenerated since the method was chosen. */
  needsNewSecret: z.boolean(),
  /** Lifetimes in seconds. */
  accessTokenLifetime: z.number(),
  idTokenLifetime: z.number(),
  refreshTokenLifetime: z.number(),
  refreshWithoutConsent: z.boolean(),
  /** The claim the groups come in, and whether they come without the `groups` scope. */
  groupsClaim: z.string(),
  groupsAlways: z.boolean(),
  /** The claim the roles come in, and whether they come without the `roles` scope. */
  rolesClaim: z.string(),
  rolesAlways: z.boolean(),
  /** Authorization requests only through the pushed authorization request endpoint (RFC 9126). */
  requirePushedAuthorizationRequests: z.boolean(),
  /** The weakest sign-in the application accepts; null: any. */
  minimumAcr: z.enum(APPLICATION_MINIMUM_ACRS).nullable(),
  /** OpenID Connect Back-Channel Logout: where logout tokens (always with sid) are posted. */
  backchannelLogoutURI: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof application>;

/** The answer to creating an application or regenerating its secret: the only time the secret is shown. */
export const applicationWithSecret = application.extend({ secret: z.string() });
export type ApplicationWithSecret = z.infer<typeof applicationWithSecret>;

/** The answer to generating an application's SCIM token: the only time the token is shown. */
export const scimTokenResponse = z.object({ token: z.string(), baseURL: z.string(), createdAt: z.string() });
export type ScimTokenResponse = z.infer<typeof scimTokenResponse>;

export const clientAuthStepsQuery = z.object({ client_id: z.string().trim().min(1).max(64) });

/** What stands between a signed-in user and the application (spec section 3, Client auth steps). */
export const clientAuthSteps = z.object({
  clientID: z.string(),
  clientName: z.string(),
  /** End users need access to the application; admins have access to all. */
  hasAccess: z.boolean(),
  policy: z.object({
    requiresAppPolicyConsent: z.boolean(),
    policyURL: z.string().nullable(),
    orgName: z.string(),
  }),
  emailVerification: z.object({ requiresEmailVerification: z.boolean() }),
});
export type ClientAuthSteps = z.infer<typeof clientAuthSteps>;

export const acceptPolicyRequest = z.object({
  clientID: z.string().trim().min(1).max(64),
  accept: consent,
});
export type AcceptPolicyInput = z.input<typeof acceptPolicyRequest>;
