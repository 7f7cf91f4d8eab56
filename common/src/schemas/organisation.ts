import { z } from 'zod';

import { BUTTON_STYLES, COLOURS, FONTS, INPUT_STYLES, TIERS } from '../policy.ts';
import { supportedLocale } from './language.ts';

/** What anyone may read about the organisation of the current host: theming and sign-in page policy. */
export const publicOrganisation = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  hideOrganisationName: z.boolean(),
  hostname: z.string(),
  baseHostname: z.string(),
  isBase: z.boolean(),
  tier: z.enum(TIERS),
  preventSelfSignUp: z.boolean(),
  colour: z.enum(COLOURS),
  font: z.enum(FONTS),
  buttonStyle: z.enum(BUTTON_STYLES),
  inputStyle: z.enum(INPUT_STYLES),
  logoID: z.string().nullable(),
  backgroundImageID: z.string().nullable(),
  heroImageID: z.string().nullable(),
  favicon: z.string().nullable(),
  supportMessage: z.string().nullable(),
  customPrivacyPolicyURL: z.string().nullable(),
  customTermsConditionsURL: z.string().nullable(),
  customHelpPageURL: z.string().nullable(),
  allowSMSTwoStep: z.boolean(),
  allowEmailTwoStep: z.boolean(),
  /** The sign-in page offers 'Sign in with a passkey' and passkey autofill in the email field. */
  allowPasswordless: z.boolean(),
  /** Password fields offer a 'Show password' toggle. */
  passwordVisibility: z.boolean(),
  /** Everyone must set up MFA: the user screens then hide the per-user enforcement box. */
  requireTwoStep: z.boolean(),
  rememberMeDays: z.number(),
  /** An end user with a single application goes straight to its landing page from the dashboard. */
  dashboardRedirect: z.boolean(),
  /** The language shown when a person asks for none of the offered ones. */
  defaultLanguage: supportedLocale,
  /** The languages people can choose (the page switcher lists them); the default among them. */
  offeredLanguages: z.array(supportedLocale),
});
export type PublicOrganisation = z.infer<typeof publicOrganisation>;

/** Names that can never be an organisation: they would shadow the product's own hosts or mislead users. */
export const RESERVED_ORGANISATION_NAMES = new Set([
  'www',
  'api',
  'admin',
  'administrator',
  'base',
  'root',
  'app',
  'apps',
  'auth',
  'login',
  'signin',
  'signup',
  'sso',
  'id',
  'oauth',
  'oidc',
  'account',
  'accounts',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns',
  'ns1',
  'ns2',
  'dns',
  'mx',
  'static',
  'assets',
  'cdn',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'demo',
  'test',
  'localhost',
  'gatehouse',
  'security',
  'billing',
  'dashboard',
  'console',
  'portal',
  'internal',
  'system',
]);

export const ORGANISATION_NAME_MESSAGES = {
  required: 'Please provide the name of your organisation',
  format: 'Use 1 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
  reserved: 'That name is reserved, please choose another',
  punycode: 'A name cannot have hyphens as its third and fourth characters (such as xn--), please choose another',
  taken: 'That name is already taken, please choose another',
} as const;

/** An organisation name is one DNS label (RFC 1123), lower-cased, and not reserved. */
export const organisationName = z
  .string({ error: ORGANISATION_NAME_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, { error: ORGANISATION_NAME_MESSAGES.required })
  .max(63, { error: ORGANISATION_NAME_MESSAGES.format })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: ORGANISATION_NAME_MESSAGES.format })
  .refine((name) => !RESERVED_ORGANISATION_NAMES.has(name), { error: ORGANISATION_NAME_MESSAGES.reserved })
  // Labels with -- in positions 3 and 4 are reserved for encodings (RFC 5891 4.2.3.1): xn--pypl-53dc is
  // shown by browsers as a lookalike of another organisation's host.
  .refine((name) => name.slice(2, 4) !== '--', { error: ORGANISATION_NAME_MESSAGES.punycode });
