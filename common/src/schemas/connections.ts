/** Request and answer schemas of sign-in connections (Organisation Admins) and of the sign-in page's list. */
import { z } from 'zod';

import { CONNECTION_MESSAGES } from '../connection-messages.ts';
import { CONNECTION_CLIENT_AUTH, CONNECTION_KINDS, CONNECTION_PRESETS, DEFAULT_SCOPES } from '../connections.ts';
import { CONNECTION_LIMITS as L } from '../policy.ts';
import { formBoolean, formList, optionalString, requiredString } from './fields.ts';
import { samlDetailsSchema } from './saml-details.ts';

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const domains = formList(
  z
    .string()
    .trim()
    .toLowerCase()
    .max(L.domainMax)
    .transform((d) => d.replace(/^@/, ''))
    .refine((d) => DOMAIN.test(d), { error: CONNECTION_MESSAGES.invalidDomain }),
)
  .refine((list) => list.length <= L.domainsMax, { error: CONNECTION_MESSAGES.tooManyDomains })
  .transform((list) => [...new Set(list)]);

/** An issuer: https, or http on localhost (development); no userinfo, query or fragment. */
export function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return CONNECTION_MESSAGES.invalidIssuer;
  }
  if (url.username || url.password || url.search || url.hash) return CONNECTION_MESSAGES.invalidIssuer;
  if (url.protocol === 'https:') return null;
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost') || url.hostname === '127.0.0.1';
  return url.protocol === 'http:' && local ? null : CONNECTION_MESSAGES.invalidIssuer;
}

/** What both kinds of connection hold: the email domains it serves and what a sign-in through it may do. */
export const connectionPolicy = z.object({
  emailDomains: domains,
  showButton: formBoolean.default(true),
  jitEnabled: formBoolean.default(false),
  jitDomains: domains,
  linkExisting: formBoolean.default(false),
  trustMfa: formBoolean.default(false),
  /** Whether people of the email domains may still sign in with a password ("Use my password instead"). */
  allowPassword: formBoolean.default(false),
  enabled: formBoolean.default(true),
});

/** connectionPolicy's part of the requests' examples in the OpenAPI document. */
export const policyExample = {
  emailDomains: ['contoso.com'],
  showButton: true,
  jitEnabled: true,
  jitDomains: ['contoso.com'],
  linkExisting: true,
  trustMfa: false,
  allowPassword: false,
  enabled: true,
};

/** The just-in-time domains must be among the email domains (a refinement of a request with connectionPolicy's fields). */
export function checkJitDomains(value: { emailDomains: string[]; jitDomains: string[] }, c: z.RefinementCtx): void {
  const outside = value.jitDomains.filter((d) => !value.emailDomains.includes(d));
  if (outside.length > 0) c.addIssue({ code: 'custom', path: ['jitDomains'], message: CONNECTION_MESSAGES.jitDomainsOutside });
}

const claim = (fallback: string) =>
  optionalString(L.claimMax)
    .refine((v) => v === undefined || /^[\w.:/-]+$/.test(v), { error: CONNECTION_MESSAGES.invalidClaim })
    .transform((v) => v ?? fallback);

export const connectionRequest = z
  .object({
    kind: z.enum(CONNECTION_KINDS).default('oidc'),
    preset: z.enum(CONNECTION_PRESETS).default('custom'),
    name: requiredString(L.nameMax),
    issuer: requiredString(L.urlMax).superRefine((v, c) => {
      const problem = issuerProblem(v);
      if (problem) c.addIssue({ code: 'custom', message: problem });
    }),
    clientId: requiredString(L.clientIdMax),
    /** Empty on a change: the stored secret stays. */
    clientSecret: optionalString(L.secretMax),
    /** private_key_jwt: Gatehouse makes the connection's key pair when saved (once; it is kept after). */
    clientAuth: z.enum(CONNECTION_CLIENT_AUTH).default('client_secret_basic'),
    scopes: optionalString(L.scopesMax)
      .refine((v) => v === undefined || /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(v), {
        error: CONNECTION_MESSAGES.invalidScopes,
      })
      .transform((v) => {
        const list = (v ?? DEFAULT_SCOPES).split(' ');
        return (list.includes('openid') ? list : ['openid', ...list]).join(' ');
      }),
    claimEmail: claim('email'),
    claimFirstName: claim('given_name'),
    claimSurname: claim('family_name'),
    claimGroups: claim('groups'),
    ...connectionPolicy.shape,
  })
  .superRefine(checkJitDomains)
  .meta({
    example: {
      kind: 'oidc',
      preset: 'entra',
      name: 'Contoso staff',
      issuer: 'https://login.microsoftonline.com/3f2b8c1e-6a4d-4e9b-9c7a-2d5e8f1a0b3c/v2.0',
      clientId: '0d9a7c55-1b8e-4f0a-9a53-6f7c2e41b8d2',
      clientSecret: 'the client secret from the provider',
      clientAuth: 'client_secret_basic',
      scopes: 'openid email profile',
      claimEmail: 'email',
      claimFirstName: 'given_name',
      claimSurname: 'family_name',
      claimGroups: 'groups',
      ...policyExample,
    },
  });
export type ConnectionInput = z.input<typeof connectionRequest>;
export type ConnectionRequest = z.output<typeof connectionRequest>;

export const connectionSchema = z.object({
  id: z.string(),
  kind: z.enum(CONNECTION_KINDS),
  preset: z.enum(CONNECTION_PRESETS),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored (it is never shown). */
  hasClientSecret: z.boolean(),
  clientAuth: z.enum(CONNECTION_CLIENT_AUTH),
  /** private_key_jwt: where the connection's public keys are published, and the same keys to paste (a JWKS, as JSON). */
  jwksUrl: z.string().nullable(),
  publicJwks: z.string().nullable(),
  scopes: z.string(),
  claimEmail: z.string(),
  claimFirstName: z.string(),
  claimSurname: z.string(),
  claimGroups: z.string(),
  emailDomains: z.array(z.string()),
  showButton: z.boolean(),
  jitEnabled: z.boolean(),
  jitDomains: z.array(z.string()),
  linkExisting: z.boolean(),
  trustMfa: z.boolean(),
  allowPassword: z.boolean(),
  enabled: z.boolean(),
  /** The redirect URI to register at the provider. */
  callbackUrl: z.string(),
  linkedUsers: z.number().int(),
  createdAt: z.number().int(),
  /** A SAML connection's values for the IdP and what its metadata said (kind 'saml' only). */
  saml: samlDetailsSchema.optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** What the sign-in page needs: the buttons to show, and which email domains go to which connection. */
export const signInConnectionsSchema = z.object({
  connections: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      showButton: z.boolean(),
      emailDomains: z.array(z.string()),
      /** Whether "Use my password instead" is offered to an email of these domains. */
      allowPassword: z.boolean(),
    }),
  ),
});
export type SignInConnections = z.infer<typeof signInConnectionsSchema>;

/** A user's links to upstream accounts, as the admin screens show them: the upstream's groups are a plain attribute, granting nothing. */
export const userConnectionsSchema = z.array(
  z.object({
    connectionId: z.string(),
    name: z.string(),
    /** The groups the provider sent at the last sign-in (the connection's groups claim); null when it sent none. */
    groups: z.array(z.string()).nullable(),
    linkedAt: z.number().int(),
    lastUsedAt: z.number().int(),
  }),
);
export type UserConnections = z.infer<typeof userConnectionsSchema>;
