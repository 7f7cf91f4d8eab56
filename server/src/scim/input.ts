/**
 * What a SCIM User body (POST, PUT, or the resource after PATCH operations) asks of a user, read
 * leniently the way Entra ID and Okta write it (attribute names in any case, "True"/"False" strings
 * for booleans, the core schema URN on names) and checked with the same field rules as the admin
 * screens. Attributes Gatehouse does not keep (title, addresses, the enterprise extension...) are
 * ignored; id and meta are the server's.
 */
import { closestLocale } from '@gatehouse/common/i18n/locales';
import { LIMITS } from '@gatehouse/common/policy';
import { phoneNumber } from '@gatehouse/common/schemas/account';
import { email as emailField } from '@gatehouse/common/schemas/fields';

import { badRequest } from './errors.ts';
import { MFA_SCHEMA, normaliseAttr } from './filter.ts';

export interface UserAttributes {
  email: string;
  /** userName as given (trimmed), when it is the email in another case; `email` is its lower-cased copy. */
  userName: string;
  firstName: string | null;
  surname: string | null;
  phoneNumber: string | null;
  /** The kept phone number's `primary` as given; null when not said. */
  phonePrimary: boolean | null;
  externalId: string | null;
  /** preferredLanguage (an Accept-Language value), else locale, as the supported language closest to it; null for none or an unsupported one. */
  locale: string | null;
  active: boolean;
  /** Write-only; undefined when not given. */
  password: string | undefined;
  /** The MFA extension's `enabled`; undefined when not given (false resets the user's MFA). */
  mfaEnabled: boolean | undefined;
}

/** An attribute of an object by its case-insensitive (URN-prefixed or not) name. */
export function attribute(object: Record<string, unknown>, name: string): unknown {
  for (const [key, value] of Object.entries(object)) if (normaliseAttr(key) === name) return value;
  return undefined;
}

export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badRequest('invalidSyntax', `${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

/** A boolean, or Entra's "True"/"False" strings. */
export function asBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw badRequest('invalidValue', `'${name}' must be true or false`);
}

function optionalText(value: unknown, name: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest('invalidValue', `'${name}' must be a string`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw badRequest('invalidValue', `'${name}' must be at most ${max} characters`);
  return trimmed === '' ? null : trimmed;
}

type Element = Record<string, unknown>;

/** The elements of a multi-valued attribute (a lone object counts as one). */
export function elements(value: unknown): Element[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is Element => item !== null && typeof item === 'object' && !Array.isArray(item));
}

/** The element a single-valued column keeps: the preferred type, else the primary one, else the first. */
export function preferredElement(value: unknown, preferredType: string): Element | undefined {
  const list = elements(value);
  return (
    list.find((e) => String(attribute(e, 'type') ?? '').toLowerCase() === preferredType) ??
    list.find((e) => attribute(e, 'primary') === true || String(attribute(e, 'primary')).toLowerCase() === 'true') ??
    list[0]
  );
}

export function preferredValue(value: unknown, preferredType: string): unknown {
  const pick = preferredElement(value, preferredType);
  return pick === undefined ? undefined : attribute(pick, 'value');
}

/**
 * A user has one email, their userName: several different addresses in `emails` are refused rather
 * than all but one dropped (RFC 7644 3.12 invalidValue).
 */
function oneEmail(value: unknown): void {
  const addresses = new Set(
    elements(value)
      .map((e) => attribute(e, 'value'))
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .map((v) => v.trim().toLowerCase()),
  );
  if (addresses.size > 1)
    throw badRequest('invalidValue', "A user has one email address, their userName: 'emails' cannot hold several different addresses");
}

function checkedEmail(value: unknown, name: string): string {
  const parsed = emailField.safeParse(value);
  if (!parsed.success) throw badRequest('invalidValue', `'${name}' must be an email address: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

function checkedPassword(password: string): string {
  if (password.length > LIMITS.passwordMaxLength)
    throw badRequest('invalidValue', `'password' must be at most ${LIMITS.passwordMaxLength} characters`);
  return password;
}

function checkedPhone(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest('invalidValue', "'phoneNumbers' values must be strings");
  const parsed = phoneNumber.safeParse(value);
  if (!parsed.success) throw badRequest('invalidValue', `'phoneNumbers': ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data || null;
}

/**
 * The person's language from SCIM's preferredLanguage (RFC 7643 4.1.1: an Accept-Language value such
 * as "da, en-gb;q=0.8") or locale ("en-US"): the closest supported one. A language Gatehouse does not
 * speak is no language (the person's browser decides), not an error: directories send any tag.
 */
function languageOf(preferred: unknown, locale: unknown): string | null {
  for (const [value, name] of [
    [preferred, 'preferredLanguage'],
    [locale, 'locale'],
  ] as const) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || value.length > 200) throw badRequest('invalidValue', `'${name}' must be a language tag`);
    const match = closestLocale(value);
    if (match) return match;
  }
  return null;
}

/**
 * Reads a whole User resource (a POST or PUT body, or the result of a PATCH): its email is its
 * userName, and an `emails` value must be the same address.
 */
export function readUser(resource: Record<string, unknown>): UserAttributes {
  const userName = attribute(resource, 'username');
  if (userName === undefined || userName === null || userName === '') throw badRequest('invalidValue', "'userName' is required");
  const email = checkedEmail(userName, 'userName');
  const givenName = String(userName).trim();
  const emails = attribute(resource, 'emails');
  oneEmail(emails);
  const workEmail = preferredValue(emails, 'work');
  // An email that is not the userName would lose one of the two (a directory whose mail is not its UPN would flip them).
  if (typeof workEmail === 'string' && workEmail !== '' && checkedEmail(workEmail, 'emails') !== email)
    throw badRequest('invalidValue', "'emails' must hold the userName's address");
  const phone = preferredElement(attribute(resource, 'phonenumbers'), 'mobile');
  const phonePrimary = phone === undefined ? undefined : attribute(phone, 'primary');
  const name = attribute(resource, 'name');
  const nameObject = name && typeof name === 'object' && !Array.isArray(name) ? (name as Record<string, unknown>) : {};
  const activeValue = attribute(resource, 'active');
  const password = attribute(resource, 'password');
  if (password !== undefined && password !== null && typeof password !== 'string')
    throw badRequest('invalidValue', "'password' must be a string");
  const externalId = attribute(resource, 'externalid');
  const mfa = attribute(resource, MFA_SCHEMA.toLowerCase());
  if (mfa !== undefined && mfa !== null && (typeof mfa !== 'object' || Array.isArray(mfa)))
    throw badRequest('invalidValue', `'${MFA_SCHEMA}' must be an object`);
  const mfaEnabled = mfa ? attribute(mfa as Record<string, unknown>, 'enabled') : undefined;
  return {
    email,
    userName: givenName,
    firstName: optionalText(attribute(nameObject, 'givenname'), 'name.givenName', LIMITS.firstNameMax),
    surname: optionalText(attribute(nameObject, 'familyname'), 'name.familyName', LIMITS.surnameMax),
    phoneNumber: checkedPhone(phone === undefined ? undefined : attribute(phone, 'value')),
    phonePrimary: phonePrimary === undefined || phonePrimary === null ? null : asBoolean(phonePrimary, 'phoneNumbers.primary'),
    externalId: optionalText(externalId, 'externalId', 255),
    locale: languageOf(attribute(resource, 'preferredlanguage'), attribute(resource, 'locale')),
    active: activeValue === undefined || activeValue === null ? true : asBoolean(activeValue, 'active'),
    password: typeof password === 'string' && password !== '' ? checkedPassword(password) : undefined,
    mfaEnabled: mfaEnabled === undefined || mfaEnabled === null ? undefined : asBoolean(mfaEnabled, 'enabled'),
  };
}
