/**
 * Signing keys per organisation: an RS256 key (the default for ID tokens) and an ES256 key, generated at
 * organisation creation, encrypted at rest, rotated by `gatehouse rotate-keys`. Each has a next key,
 * published in the JWKS before it signs (pre-publication: relying parties that cache the JWKS, for up to
 * its Cache-Control max-age, already have it when it starts signing). A rotation makes the next keys sign
 * and retires the current ones instead of deleting them: they stay in the JWKS for verification for
 * KEY_RETENTION_MS, longer than any token signed with them lives, so tokens issued before keep verifying.
 */
import { createHash, generateKeyPair, type JsonWebKey } from 'node:crypto';
import { promisify } from 'node:util';

import { ID_TOKEN_SIGNING_ALGS, type IdTokenSigningAlg as SigningAlg } from '@gatehouse/common/applications';

import { DAY } from '../clock.ts';
import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { afterCommit } from '../db/after-commit.ts';
import type { OidcKeyRow } from '../db/schema.ts';
import type { Unstamped } from '../db/scoped.ts';
import { scoped, type ScopedTransaction } from '../db/scoped.ts';
import { emit } from '../events/events.ts';
import { operatorScope, type Scope } from '../scope/scope.ts';
import { tellOrganisationChanged } from '../tenancy/notice.ts';
import { toOrganisation } from '../tenancy/organisation.ts';
import { findBaseOrganisation, findOrganisationByName } from '../tenancy/store.ts';
import { lockOrganisation } from '../tenancy/store.ts';
import { bumpRevision, deleteRetiredKeys, insertKeys, listKeys, promoteNextKeys } from './store.ts';

/**
 * How long relying parties may cache discovery and the JWKS (their Cache-Control max-age). Next keys are
 * published for at least this long before they sign as long as rotations are further apart than it.
 */
export const METADATA_MAX_AGE_S = 300;

/** How long a retired key stays published: longer than any token or id_token_hint signed with it is used. */
export const KEY_RETENTION_MS = 14 * DAY;

const generate = promisify(generateKeyPair);

export interface PrivateJwk extends JsonWebKey {
  kid: string;
  alg: SigningAlg;
  use: 'sig';
}

/** A key's public part, as the JWKS publishes it. */
export type PublicJwk = Omit<PrivateJwk, 'd' | 'p' | 'q' | 'dp' | 'dq' | 'qi'>;

/** The public part of a private key (what verifying needs, and nothing a leak of it could sign with). */
export function publicJwk(jwk: PrivateJwk): PublicJwk {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
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

/** A fresh RS256 and ES256 key, encrypted for storage (generation is slow, so it happens outside transactions). */
async function newKeyPair(ctx: AppContext, organisationId: string, signing: boolean): Promise<Unstamped<OidcKeyRow>[]> {
  const keys = await Promise.all([generateKey('RS256'), generateKey('ES256')]);
  const now = ctx.clock.now();
  return keys.map((jwk) => ({
    kid: jwk.kid,
    alg: jwk.alg,
    encrypted_jwk: encryptSecret(ctx.config.keyEncryptionKey, JSON.stringify(jwk), `${organisationId}:${jwk.kid}`),
    created_at: now,
    activated_at: signing ? now : null,
    retired_at: null,
  }));
}

/** A new organisation's keys: the signing RS256 and ES256 keys, and the next ones, published from the start. */
export async function newKeyRows(ctx: AppContext, organisationId: string): Promise<Unstamped<OidcKeyRow>[]> {
  const [signing, next] = await Promise.all([newKeyPair(ctx, organisationId, true), newKeyPair(ctx, organisationId, false)]);
  return [...signing, ...next];
}

/** Stores keys made by newKeyRows inside the caller's transaction (organisation creation). */
export function insertOrganisationKeys(trx: ScopedTransaction, rows: Unstamped<OidcKeyRow>[]): Promise<void> {
  return insertKeys(trx, rows);
}

/** Gives an organisation keys unless it has some: the safety net for organisations made before keys existed. */
export async function ensureOrganisationKeys(ctx: AppContext, organisationId: string): Promise<void> {
  if ((await listKeys(scoped(ctx.db.kysely, organisationId))).length > 0) return;
  const rows = await newKeyRows(ctx, organisationId);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const db = scoped(trx, organisationId);
    await lockOrganisation(db, ctx.db.dialect);
    if ((await listKeys(db)).length === 0) await insertKeys(db, rows);
  });
}

/**
 * Makes the next keys, published in the JWKS since the previous rotation (or the organisation's
 * creation), the signing keys; retires the signing ones (still published for KEY_RETENTION_MS) and
 * publishes new next keys. Relying parties that cached the JWKS already know the key that signs from
 * now on. An organisation with no next keys yet (made before they existed) gets them, and keeps
 * signing with its keys until the following rotation. Answers the keys that sign after the rotation.
 */
export async function rotateKeys(ctx: AppContext, scope: Scope): Promise<{ kid: string; alg: SigningAlg }[]> {
  const organisationId = scope.organisation.id;
  const next = await newKeyPair(ctx, organisationId, false);
  const signing = await scope.transaction(async (inner) => {
    await lockOrganisation(inner.db, ctx.db.dialect);
    const before = await listKeys(inner.db);
    const published = before.filter((r) => r.retired_at === null && r.activated_at === null);
    const promoted = ID_TOKEN_SIGNING_ALGS.every((alg) => published.some((r) => r.alg === alg));
    if (promoted) await promoteNextKeys(inner.db, ctx.clock.now());
    await insertKeys(inner.db, next);
    const now = (promoted ? published : before.filter((r) => r.retired_at === null && r.activated_at !== null)).map((row) => ({
      kid: row.kid,
      alg: row.alg,
    }));
    await emit(ctx, inner.db, inner, {
      type: 'organisation.keys_rotated',
      subject: { kind: 'organisation', id: organisationId },
      details: { kids: now.map((k) => k.kid), nextKids: next.map((row) => row.kid) },
    });
    return now;
  });
  return signing.sort((a, b) => ID_TOKEN_SIGNING_ALGS.indexOf(a.alg) - ID_TOKEN_SIGNING_ALGS.indexOf(b.alg));
}

/**
 * The organisation's private JWKS in the provider's order: current keys first (the provider signs with
 * the first key of an algorithm), then retired keys still published for verification.
 */
export async function loadPrivateJwks(ctx: AppContext, organisationId: string): Promise<PrivateJwk[]> {
  const rows = await listKeys(scoped(ctx.db.kysely, organisationId));
  const current = rows.filter((r) => r.retired_at === null && r.activated_at !== null);
  const next = rows.filter((r) => r.retired_at === null && r.activated_at === null);
  const retired = rows.filter((r) => r.retired_at !== null);
  return [...current, ...next, ...retired].map(
    (row) => JSON.parse(decryptSecret(keyEncryptionKeys(ctx.config), row.encrypted_jwk, `${organisationId}:${row.kid}`)) as PrivateJwk,
  );
}

/**
 * The organisation's RS256 keys that are not retired: the one that signs now and the next one, published
 * before it signs (SAML metadata carries both as certificates, pre-publication as the JWKS does).
 */
export async function loadRsaKeys(ctx: AppContext, organisationId: string): Promise<{ signing: PrivateJwk; next: PrivateJwk[] }> {
  await ensureOrganisationKeys(ctx, organisationId);
  const rows = (await listKeys(scoped(ctx.db.kysely, organisationId))).filter((r) => r.alg === 'RS256' && r.retired_at === null);
  const open = (row: OidcKeyRow) =>
    JSON.parse(decryptSecret(keyEncryptionKeys(ctx.config), row.encrypted_jwk, `${organisationId}:${row.kid}`)) as PrivateJwk;
  const signing = rows.find((r) => r.activated_at !== null);
  if (!signing) throw new Error('the organisation has no RS256 signing key');
  return { signing: open(signing), next: rows.filter((r) => r.activated_at === null).map(open) };
}

/**
 * Deletes keys retired longer ago than the retention; answers the organisations whose key sets changed.
 * Their providers' revisions rise with the deletion (every process rebuilds them without the keys) and
 * each organisation's notice follows the commit. No event: nobody rotated anything, and a routine
 * clean-up leaves no audit row or webhook (`organisation.keys_rotated` is the rotation that retired them).
 */
export function pruneRetiredKeys(ctx: AppContext): Promise<string[]> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const organisations = await deleteRetiredKeys(trx, ctx.clock.now() - KEY_RETENTION_MS);
    for (const organisationId of organisations) {
      await bumpRevision(scoped(trx, organisationId));
      afterCommit(trx, () => tellOrganisationChanged(ctx, organisationId));
    }
    return organisations;
  });
}

/**
 * `gatehouse rotate-keys <organisation>`, the operator's: new keys sign from now on (every process within
 * 2 s), the previous ones stay published for KEY_RETENTION_MS. Answers null when there is no such organisation.
 */
export async function rotateOrganisationKeys(
  ctx: AppContext,
  name: string,
): Promise<{ organisation: string; keys: { kid: string; alg: SigningAlg }[]; previousUntil: number } | null> {
  const base = await findBaseOrganisation(ctx.db.kysely);
  const row = base?.name === name ? base : await findOrganisationByName(ctx.db.kysely, name);
  if (!row) return null;
  const keys = await rotateKeys(ctx, operatorScope(ctx.db.kysely, toOrganisation(ctx.config, row)));
  return { organisation: row.name, keys, previousUntil: ctx.clock.now() + KEY_RETENTION_MS };
}
