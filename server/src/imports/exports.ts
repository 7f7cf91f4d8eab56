/**
 * The two systems people leave most, read into the same records as a CSV's (rows.ts names the fields):
 * - a Keycloak realm export (`kc.sh export`: the realm's JSON, or a `*-users-*.json` file of its users),
 *   with each user's password credential (PBKDF2 or argon2, kept in Keycloak's encoding) and TOTP key;
 * - Auth0's bulk user export (JSON Lines) and the password-hash export Auth0's support provides (JSON
 *   Lines of `_id`, `email`, `passwordHash`): its `_id` is the user's `auth0|…` id, so importing the
 *   users file and then the hashes file brings each person in once, with their hash.
 * What Gatehouse cannot carry is counted by kind for the job's report.
 */
import { readJsonLines, type SourceRecord } from '@gatehouse/common/import-records';
import type { ImportRow } from '@gatehouse/common/schemas/imports';

import { keycloakHashText } from '../passwords/foreign.ts';

export interface ExportReading {
  records: Iterable<SourceRecord>;
  /** Counted while the records are read. */
  notCarried: Record<string, number>;
  /** Why the file as a whole cannot be read. */
  refused?: string;
}

type Fields = Partial<Record<keyof ImportRow, unknown>>;
const count = (notCarried: Record<string, number>, kind: string) => (notCarried[kind] = (notCarried[kind] ?? 0) + 1);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const jsonOf = (v: unknown): Record<string, unknown> => {
  try {
    const o: unknown = typeof v === 'string' ? JSON.parse(v) : v;
    return isObject(o) ? o : {};
  } catch {
    return {};
  }
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** A Keycloak OTP credential's key as base 32, when it is a TOTP Gatehouse's codes match (SHA-1, 6 digits, 30 s). */
function keycloakTotp(credential: Record<string, unknown>): string | undefined {
  const data = jsonOf(credential.credentialData);
  const secret = jsonOf(credential.secretData);
  if (typeof secret.value !== 'string') return undefined;
  const fits =
    (data.subType ?? 'totp') === 'totp' &&
    (data.digits ?? 6) === 6 &&
    (data.period ?? 30) === 30 &&
    (data.algorithm ?? 'HmacSHA1') === 'HmacSHA1';
  if (!fits) return undefined;
  // Keycloak keeps the key as text (its QR code shows the text's bytes in base 32), or already in base 32.
  return data.secretEncoding === 'BASE32' ? secret.value : base32(Buffer.from(secret.value, 'utf8'));
}

function keycloakUser(user: Record<string, unknown>, notCarried: Record<string, number>): Fields {
  const fields: Fields = {
    email: user.email,
    externalId: user.id,
    firstName: user.firstName,
    surname: user.lastName,
    emailVerified: user.emailVerified,
    status: user.enabled === false ? 'disabled' : 'active',
    createdAt: user.createdTimestamp,
  };
  const credentials = Array.isArray(user.credentials) ? user.credentials.filter(isObject) : [];
  for (const credential of credentials) {
    if (credential.type === 'password' && typeof credential.secretData === 'string' && typeof credential.credentialData === 'string') {
      fields.passwordHash = keycloakHashText({ secretData: credential.secretData, credentialData: credential.credentialData });
    } else if (credential.type === 'otp' && fields.totpSecret === undefined) {
      const key = keycloakTotp(credential);
      if (key) fields.totpSecret = key;
      else count(notCarried, 'OTP credentials other than 6-digit, 30-second SHA-1 TOTP');
    } else count(notCarried, `credentials of type ${String(credential.type)}`);
  }
  const attributes = isObject(user.attributes) ? user.attributes : {};
  const phone = attributes.phoneNumber ?? attributes.phone_number;
  if (Array.isArray(phone) && typeof phone[0] === 'string') fields.phoneNumber = phone[0];
  if (Array.isArray(user.groups) && user.groups.length > 0) count(notCarried, 'group memberships');
  const clientRoles = isObject(user.clientRoles) ? Object.keys(user.clientRoles).length : 0;
  const realmRoles = Array.isArray(user.realmRoles)
    ? user.realmRoles.filter((r) => typeof r === 'string' && !r.startsWith('default-roles-'))
    : [];
  if (realmRoles.length > 0 || clientRoles > 0) count(notCarried, 'role assignments');
  if (Array.isArray(user.requiredActions) && user.requiredActions.length > 0) count(notCarried, 'required actions');
  if (Array.isArray(user.federatedIdentities) && user.federatedIdentities.length > 0) count(notCarried, 'identity provider links');
  return fields;
}

export function readKeycloak(text: string): ExportReading {
  let realm: unknown;
  try {
    realm = JSON.parse(text);
  } catch {
    return { records: [], notCarried: {}, refused: 'The file is not a Keycloak realm export (it is not JSON).' };
  }
  if (!isObject(realm) || !Array.isArray(realm.users))
    return {
      records: [],
      notCarried: {},
      refused: 'The file is not a Keycloak realm export: it has no "users" (export them with the realm, or give the users file).',
    };
  const users = realm.users as unknown[];
  const notCarried: Record<string, number> = {};
  function* records(): Generator<SourceRecord> {
    let index = 0;
    for (const user of users) {
      const base = { index, row: index + 1 };
      index += 1;
      if (!isObject(user)) {
        yield { ...base, refused: 'The user is not a JSON object.' };
        continue;
      }
      // Service accounts are clients' identities, not people.
      if (typeof user.serviceAccountClientId === 'string') {
        count(notCarried, 'service accounts');
        continue;
      }
      yield { ...base, fields: keycloakUser(user, notCarried) };
    }
  }
  return { records: records(), notCarried };
}

const auth0Date = (v: unknown): unknown => (isObject(v) && typeof v.$date === 'string' ? v.$date : v);

function auth0User(user: Record<string, unknown>, notCarried: Record<string, number>): Fields {
  const oid = isObject(user._id) && typeof user._id.$oid === 'string' ? user._id.$oid : undefined;
  const externalId = typeof user.user_id === 'string' ? user.user_id : oid ? `auth0|${oid}` : undefined;
  const identities = Array.isArray(user.identities) ? user.identities.filter(isObject) : [];
  if (identities.some((i) => i.provider !== 'auth0')) count(notCarried, 'social and enterprise identities');
  if (user.user_metadata !== undefined || user.app_metadata !== undefined) count(notCarried, 'user and app metadata');
  const fields: Fields = {
    email: user.email,
    externalId,
    firstName: user.given_name,
    surname: user.family_name,
    phoneNumber: user.phone_number,
    emailVerified: user.email_verified,
    createdAt: auth0Date(user.created_at),
    lastSignInAt: auth0Date(user.last_login),
    passwordHash: user.passwordHash,
  };
  if (user.blocked !== undefined) fields.status = user.blocked === true ? 'disabled' : 'active';
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)) as Fields;
}

export function readAuth0(text: string): ExportReading {
  const notCarried: Record<string, number> = {};
  function* records(): Generator<SourceRecord> {
    for (const record of readJsonLines(text)) {
      yield record.fields ? { ...record, fields: auth0User(record.fields, notCarried) } : record;
    }
  }
  return { records: records(), notCarried };
}
