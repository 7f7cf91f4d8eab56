/**
 * Signing keys per organisation: an RS256 key (the default for ID tokens) and an ES256 key, generated at
 * organisation creation, encrypted at rest, rotated by `gatehouse rotate-keys`. A rotation retires the
 * current keys instead of deleting them: they stay in the JWKS for verification for KEY_RETENTION_MS,
 * so tokens issued before the rotation keep verifying.
 */
import { recordAuditEvent } from '../audit/service.ts';
import { createHash, generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';
import type { Transaction } from 'kysely';
import { DAY } from '../clock.ts';
import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { IdTokenSigningAlg as SigningAlg } from '@gatehouse/common/applications';
import type { Database, OidcKeyRow } from '../db/schema.ts';
import { findBaseOrganisation, findOrganisationByName } from '../organisations/store.ts';
import { decryptSecret, encryptSecret } from './key-encryption.ts';
import { invalidateOrganisationProvider } from './revision.ts';
import { lockOrganisation } from '../organisations/store.ts';
import { deleteRetiredKeys, insertKeys, listKeys, retireCurrentKeys } from './store.ts';

/** How long a retired key stays published: longer than any token or id_token_hint signed with it is used. */
export const KEY_RETENTION_MS = 14 * DAY;

const generate = promisify(generateKeyPair);

export interface PrivateJwk extends JsonWebKey {
  kid: string;
  alg: SigningAlg;
  use: 'sig';
}

/** RFC 7638 thumbprint: the key's id is derived from its public part. */
function thumbprint(jwk: JsonWebKey): string {
  const members = jwk.kty === 'RSA' ? { e: jwk.e, kty: jwk.kty, n: jwk.n } : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

async function generateKey(alg: SigningAlg): Promise<PrivateJwk> {
  const { privateKey } = alg === 'RS256' ? await generate('rsa', { modulusLength: 2048 }) : await generate('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg, use: 'sig' };
}

/** A fresh RS256 and ES256 key pair, encrypted for storage (generation is slow, so it happens outside transactions). */
export async function newKeyRows(ctx: AppContext, organisationId: string): Promise<OidcKeyRow[]> {
  const keys = await Promise.all([generateKey('RS256'), generateKey('ES256')]);
  const now = ctx.clock.now();
  return keys.map((jwk) => ({
    organisation_id: organisationId,
    kid: jwk.kid,
    alg: jwk.alg,
    encrypted_jwk: encryptSecret(ctx.config.keyEncryptionKey, JSON.stringify(jwk), `${organisationId}:${jwk.kid}`),
    created_at: now,
    retired_at: null,
  }));
}

/** Stores keys made by newKeyRows inside the caller's transaction (organisation creation). */
export function insertOrganisationKeys(trx: Transaction<Database>, rows: OidcKeyRow[]): Promise<void> {
  return insertKeys(trx, rows);
}

/** Gives an organisation keys unless it has some: the safety net for organisations made before keys existed. */
export async function ensureOrganisationKeys(ctx: AppContext, organisationId: string): Promise<void> {
  if ((await listKeys(ctx.db.kysely, organisationId)).length > 0) return;
  const rows = await newKeyRows(ctx, organisationId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockOrganisation(trx, ctx.db.dialect, organisationId);
    if ((await listKeys(trx, organisationId)).length === 0) await insertKeys(trx, rows);
  });
}

/** Makes new keys the signing keys and retires the current ones. Answers the new keys' ids. */
export async function rotateKeys(ctx: AppContext, organisationId: string): Promise<{ kid: string; alg: SigningAlg }[]> {
  const rows = await newKeyRows(ctx, organisationId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockOrganisation(trx, ctx.db.dialect, organisationId);
    await retireCurrentKeys(trx, organisationId, ctx.clock.now());
    await insertKeys(trx, rows);
    const kids = rows.map((row) => row.kid);
    await recordAuditEvent(ctx, trx, organisationId, {
      type: 'organisation.keys_rotated',
      subject: { kind: 'organisation', id: organisationId },
      details: { kids },
    });
  });
  return rows.map((row) => ({ kid: row.kid, alg: row.alg }));
}

/**
 * The organisation's private JWKS in the provider's order: current keys first (the provider signs with
 * the first key of an algorithm), then retired keys still published for verification.
 */
export async function loadPrivateJwks(ctx: AppContext, organisationId: string): Promise<PrivateJwk[]> {
  const rows = await listKeys(ctx.db.kysely, organisationId);
  const current = rows.filter((r) => r.retired_at === null);
  const retired = rows.filter((r) => r.retired_at !== null);
  return [...current, ...retired].map(
    (row) => JSON.parse(decryptSecret(keyEncryptionKeys(ctx.config), row.encrypted_jwk, `${organisationId}:${row.kid}`)) as PrivateJwk,
  );
}

/** Deletes keys retired longer ago than the retention; answers the organisations whose key sets changed. */
export function pruneRetiredKeys(ctx: AppContext): Promise<string[]> {
  return deleteRetiredKeys(ctx.db.kysely, ctx.clock.now() - KEY_RETENTION_MS);
}

/**
 * `gatehouse rotate-keys <organisation>`: new keys sign from now on (every process within 2 s), the
 * previous ones stay published for KEY_RETENTION_MS. Answers null when there is no such organisation.
 */
export async function rotateOrganisationKeys(
  ctx: AppContext,
  name: string,
): Promise<{ organisation: string; keys: { kid: string; alg: SigningAlg }[]; previousUntil: number } | null> {
  const base = await findBaseOrganisation(ctx.db.kysely);
  const row = base?.name === name ? base : await findOrganisationByName(ctx.db.kysely, name);
  if (!row) return null;
  const keys = await rotateKeys(ctx, row.id);
  await invalidateOrganisationProvider(ctx, row.id);
  return { organisation: row.name, keys, previousUntil: ctx.clock.now() + KEY_RETENTION_MS };
}
