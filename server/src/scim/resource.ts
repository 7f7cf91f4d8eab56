/**
 * Users as SCIM User resources (RFC 7643 section 4.1): userName and the one work email are the
 * user's email, name.givenName/familyName their first name and surname, phoneNumbers their phone
 * number, active = not Disabled, externalId the provisioning client's id, and the MFA extension
 * (filter.ts MFA_SCHEMA) whether they have MFA. `attributes` and
 * `excludedAttributes` (RFC 7644 section 3.9) trim what is answered; id and schemas always stay.
 */
import type { UserMfa } from '@gatehouse/common/schemas/user-mfa';

import type { UserRow } from '../db/schema.ts';
import { badRequest } from './errors.ts';
import { MFA_SCHEMA, normaliseAttr, splitAttrPath, USER_SCHEMA } from './filter.ts';

export type ScimUser = Record<string, unknown>;

/** The weak ETag of a user's current version (RFC 7644 section 3.14). */
export const versionOf = (row: Pick<UserRow, 'updated_at'>): string => `W/"${row.updated_at}"`;

/** The user as a SCIM resource; with their MFA (mfa/summary.ts), the MFA extension too. */
export function toScimUser(row: UserRow, baseUrl: string, mfa?: UserMfa): ScimUser {
  const given = row.first_name;
  const family = row.surname;
  const formatted = [given, family].filter(Boolean).join(' ');
  // The address in the case the provider gave it, while it is still the user's (compared without case).
  const address = row.scim_user_name !== null && row.scim_user_name.toLowerCase() === row.email ? row.scim_user_name : row.email;
  const name: Record<string, string> = {};
  if (given) name.givenName = given;
  if (family) name.familyName = family;
  if (formatted) name.formatted = formatted;
  return {
    schemas: mfa ? [USER_SCHEMA, MFA_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    userName: address,
    ...(formatted ? { name, displayName: formatted } : {}),
    emails: [{ value: address, type: 'work', primary: true }],
    ...(row.phone_number ? { phoneNumbers: [{ value: row.phone_number, type: 'mobile', primary: row.scim_phone_primary ?? true }] } : {}),
    // The person's language, in both of the core schema's attributes (RFC 7643 4.1.1).
    ...(row.locale ? { preferredLanguage: row.locale, locale: row.locale } : {}),
    active: row.status !== 'Disabled',
    ...(mfa ? { [MFA_SCHEMA]: { enabled: mfa.enabled, required: mfa.required, methods: mfa.methods.map((m) => m.kind) } } : {}),
    meta: {
      resourceType: 'User',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
      version: versionOf(row),
    },
  };
}

/** The comma-separated attribute list of `attributes`/`excludedAttributes`, normalised; undefined when absent. */
export function attributeList(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest('invalidValue', `${name} must be given once`);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map(normaliseAttr);
}

const ALWAYS = new Set(['id', 'schemas']);

const keyOf = (object: Record<string, unknown>, lower: string) => Object.keys(object).find((key) => key.toLowerCase() === lower);

/** `schemas` names the MFA extension only while its attributes are in the answer. */
function withPresentSchemas(resource: ScimUser): ScimUser {
  if (MFA_SCHEMA in resource || !Array.isArray(resource.schemas)) return resource;
  return { ...resource, schemas: (resource.schemas as string[]).filter((schema) => schema !== MFA_SCHEMA) };
}

/** The resource with only the listed attributes (and id, schemas), or without the excluded ones. */
export function project(resource: ScimUser, attributes?: string[], excluded?: string[]): ScimUser {
  if (attributes && attributes.length > 0) {
    const out: ScimUser = {};
    for (const [key, value] of Object.entries(resource)) if (ALWAYS.has(key)) out[key] = value;
    for (const path of attributes) {
      const { attr: top, sub } = splitAttrPath(path);
      const key = keyOf(resource, top);
      if (key === undefined) continue;
      const value = resource[key];
      if (sub === undefined) {
        out[key] = value;
      } else if (Array.isArray(value)) {
        const picked = value.map((item: Record<string, unknown>) => {
          const subKey = keyOf(item, sub);
          return subKey === undefined ? {} : { [subKey]: item[subKey] };
        });
        const previous = out[key];
        out[key] = Array.isArray(previous) ? previous.map((item: object, i: number) => ({ ...item, ...picked[i] })) : picked;
      } else if (value && typeof value === 'object') {
        const subKey = keyOf(value as Record<string, unknown>, sub);
        if (subKey !== undefined) out[key] = { ...(out[key] as object | undefined), [subKey]: (value as Record<string, unknown>)[subKey] };
      }
    }
    return withPresentSchemas(out);
  }
  if (excluded && excluded.length > 0) {
    const out: ScimUser = structuredClone(resource);
    for (const path of excluded) {
      const { attr: top, sub } = splitAttrPath(path);
      const key = keyOf(out, top);
      if (key === undefined || ALWAYS.has(key)) continue;
      if (sub === undefined) {
        delete out[key];
        continue;
      }
      const value = out[key];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item && typeof item === 'object') {
          const subKey = keyOf(item as Record<string, unknown>, sub);
          if (subKey !== undefined) delete (item as Record<string, unknown>)[subKey];
        }
      }
    }
    return withPresentSchemas(out);
  }
  return resource;
}
