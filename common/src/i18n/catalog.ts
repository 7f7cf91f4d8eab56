/**
 * The catalog: every text's key and its English (the spec's texts), gathered from the `*_EN` objects
 * beside the code that uses them. A language's catalog (locales/<tag>.ts) `satisfies Catalog`, so a
 * missing or unknown key fails the type check; catalog.test.ts checks each text's placeholders.
 */
import { ACCOUNT_EN } from '../account-messages.ts';
import { BASE_SIGNUP_EN } from '../base-signup-messages.ts';
import { CHALLENGE_EN } from '../challenge-messages.ts';
import { CONNECTION_EN } from '../connection-messages.ts';
import { DASHBOARD_EN } from '../dashboard.ts';
import { ERRORS_EN } from '../errors.ts';
import { HELP_EN } from '../help-messages.ts';
import { IMPORT_EN } from '../import-messages.ts';
import { LANGUAGE_EN } from '../language-messages.ts';
import { PUBLIC_PAGE_EN } from '../legal-texts.ts';
import { MAIL_EN } from '../mail-messages.ts';
import { MESSAGES_EN, PASSWORD_VISIBILITY_EN } from '../messages.ts';
import { MFA_EN } from '../mfa-messages.ts';
import { ORGANISATION_EN } from '../organisation-messages.ts';
import { SESSION_EN } from '../session-messages.ts';
import { USER_EN } from '../user-messages.ts';

type Prefixed<NS extends string, T> = { readonly [K in keyof T & string as `${NS}.${K}`]: T[K] };

function prefixed<const NS extends string, const T extends Record<string, string>>(namespace: NS, texts: T): Prefixed<NS, T> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${namespace}.${key}`, text])) as Prefixed<NS, T>;
}

/** The public and sign-up side's texts (base sign-up, help, the sign-in page's connections): locales/public/. */
export const PUBLIC_ENGLISH = {
  ...prefixed('baseSignup', BASE_SIGNUP_EN),
  ...prefixed('help', HELP_EN),
  ...prefixed('connection', CONNECTION_EN),
  ...prefixed('publicPage', PUBLIC_PAGE_EN),
  ...prefixed('challenge', CHALLENGE_EN),
};

export const ENGLISH = {
  ...prefixed('messages', MESSAGES_EN),
  ...prefixed('passwordVisibility', PASSWORD_VISIBILITY_EN),
  ...prefixed('errors', ERRORS_EN),
  ...prefixed('mail', MAIL_EN),
  ...prefixed('users', USER_EN),
  ...prefixed('imports', IMPORT_EN),
  ...prefixed('language', LANGUAGE_EN),
  ...PUBLIC_ENGLISH,
  ...prefixed('sessions', SESSION_EN),
  ...prefixed('account', ACCOUNT_EN),
  ...prefixed('mfa', MFA_EN),
  ...prefixed('dashboard', DASHBOARD_EN),
  ...prefixed('organisation', ORGANISATION_EN),
};

export type TextKey = keyof typeof ENGLISH;

/** A language's catalog: a text for every key. */
export type Catalog = { readonly [K in TextKey]: string };

/** A language's texts of the public and sign-up side, kept in their own file (locales/public/<tag>.ts). */
export type PublicCatalog = { readonly [K in keyof typeof PUBLIC_ENGLISH]: string };
/** One namespace's part of a language's catalog (locales/<namespace>/<tag>.ts), spread into the whole. */
export type NamespaceCatalog<NS extends string> = { readonly [K in TextKey as K extends `${NS}.${string}` ? K : never]: string };

/** Placeholders English needs for its own grammar (a/an) that other languages may leave out. */
export const ENGLISH_ONLY_PLACEHOLDERS: readonly string[] = ['article'];
