/**
 * oidc-provider's storage adapter on our database (both dialects), so a flow started on one process can
 * finish on another. Rows are keyed by the SHA-256 of the artefact id (for opaque tokens the id is the
 * token), and the payload is stored without it: a leaked table holds no usable token or session.
 * Grants are the exception: a grant id is no credential (it is never given to an application), so
 * grants are keyed by it, and a token is read together with its grant in one query; the provider's
 * next question, for that grant, is answered from the same request's memory.
 * `consume` is one conditional UPDATE, so of two concurrent redemptions of a code or refresh token exactly
 * one wins; the loser revokes everything the grant issued (RFC 9700 reuse detection).
 */
import { hash } from 'node:crypto';

import Provider, { type Adapter, type AdapterFactory, type AdapterPayload, errors } from 'oidc-provider';

import { keyEncryptionKeys } from '../config.ts';
import type { AppContext } from '../context.ts';
import { decryptSecret, encryptSecret } from '../crypto/key-encryption.ts';
import { scoped, type ScopedExecutor } from '../db/scoped.ts';
import { batchedWrite } from '../db/write-batch.ts';
import { countedAs, eventRow, logEvent } from '../metrics/oidc-events.ts';
import { bucketOf, METRIC_BUCKET_MS } from '../metrics/store.ts';
import { protocolOutage } from './outage.ts';
import { authOf } from './request-sign-in.ts';
import {
  claimArtefact,
  consumeArtefact,
  consumeArtefactWithEvent,
  deleteArtefact,
  deleteGrantArtefacts,
  findArtefact,
  findArtefactByUid,
  findArtefactWithGrant,
  type StoredArtefact,
  type TokenAccount,
  upsertArtefact,
  upsertArtefactWithEvent,
} from './store.ts';

/** The provider's clock tolerance (seconds): artefacts are kept that much past their expiry, as the memory adapter does. */
const CLOCK_TOLERANCE_S = 15;

export const hashId = (id: string): string => hash('sha256', id, 'base64url');

/** Models whose consumption must be single-use across processes, with the grant revoked on reuse. */
const GRANT_SOURCES = new Set(['AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** Models that the provider reads and then asks for their grant (userinfo, refresh, code exchange). */
const WITH_GRANT = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);

/**
 * What a token's query also found, per request (the provider's request context, via its
 * AsyncLocalStorage): its grant, which the provider asks for next, and its user with their access to
 * the token's application, which the account lookup (account.ts) asks for after that.
 */
interface RequestFinds {
  grants: Map<string, StoredArtefact>;
  /** By `${accountId} ${clientId}`; null when the token's user is gone. */
  accounts: Map<string, TokenAccount>;
}
const requestFinds = new WeakMap<object, RequestFinds>();

function findsOf(request: object | undefined, create: boolean): RequestFinds | undefined {
  if (!request) return undefined;
  let finds = requestFinds.get(request);
  if (!finds && create) {
    finds = { grants: new Map(), accounts: new Map() };
    requestFinds.set(request, finds);
  }
  return finds;
}

const requestGrants = (create: boolean) => findsOf(Provider.ctx, create)?.grants;

/** The user (and their access to the application) that this request's token query found, if it found one. */
export function foundAccount(request: object, accountId: string, clientId: string): TokenAccount | undefined {
  return findsOf(request, false)?.accounts.get(`${accountId} ${clientId}`);
}

/**
 * The Gatehouse session a provider session being saved mirrors: the request's own session when it is
 * the same person's (the interaction policy lets nothing else through), otherwise none.
 */
function mirroredSession(payload: AdapterPayload): string | null {
  const request = Provider.ctx?.req;
  const auth = request ? authOf(request) : null;
  return auth && payload.accountId === auth.user.id ? auth.session.id : null;
}

class DatabaseAdapter implements Adapter {
  readonly #ctx: AppContext;
  readonly #organisationId: string;
  readonly #model: string;
  /** The organisation's scoped store, bound once for the reads; writes bind the group commit's transaction. */
  readonly #store: ScopedExecutor;

  constructor(ctx: AppContext, organisationId: string, model: string) {
    this.#ctx = ctx;
    this.#organisationId = organisationId;
    this.#model = model;
    this.#store = scoped(ctx.db.kysely, organisationId);
  }

  /** Writes go through the group commit (db/write-batch.ts); `atomic` when several statements must land together. */
  #write<T>(run: Parameters<typeof batchedWrite<T>>[1], atomic = false): Promise<T> {
    return batchedWrite(this.#ctx.db, run, atomic);
  }

  #key(id: string): string {
    return this.#model === 'Grant' ? id : hashId(id);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const now = this.#ctx.clock.now();
    const { jti: _jti, ...stored } = payload;
    // A device code is found by its user code and then saved under its own id (the device_code the
    // device polls with): that id is kept sealed under KEY_ENCRYPTION_KEY, never in the clear.
    // The user code itself is not kept either (only its hash, in uid); findByUserCode puts it back.
    if (this.#model === 'DeviceCode') {
      stored.sealedId = encryptSecret(this.#ctx.config.keyEncryptionKey, id, this.#deviceBinding());
      delete stored.userCode;
    }
    const key = this.#key(id);
    if (this.#model === 'Grant') requestGrants(false)?.delete(id);
    const clientId = payload.clientId ?? (typeof payload.params?.client_id === 'string' ? payload.params.client_id : null);
    const row = {
      model: this.#model,
      id: key,
      payload: JSON.stringify(stored),
      grant_id: this.#model === 'Grant' ? id : (payload.grantId ?? null),
      account_id: payload.accountId ?? null,
      client_id: clientId,
      // Sessions are also found by their uid, device codes by their user code (only its hash is kept).
      uid:
        this.#model === 'Session'
          ? (payload.uid ?? null)
          : this.#model === 'DeviceCode' && payload.userCode
            ? hashId(payload.userCode)
            : null,
      session_id: this.#model === 'Session' ? mirroredSession(payload) : null,
      created_at: now,
      expires_at: typeof expiresIn === 'number' ? now + (expiresIn + CLOCK_TOLERANCE_S) * 1000 : null,
    };
    const event = this.#model === 'AuthorizationCode' ? eventRow(this.#ctx, 'code_issued', { clientId, subject: key }) : null;
    if (event && this.#ctx.db.dialect === 'postgres') {
      // One statement, atomic by itself (store.ts).
      await this.#write((db) =>
        upsertArtefactWithEvent(
          scoped(db, this.#organisationId),
          row,
          { event, metric: countedAs(event.kind) },
          bucketOf(event.created_at),
        ),
      );
      return;
    }
    await this.#write(async (db) => {
      await upsertArtefact(scoped(db, this.#organisationId), row);
      if (event) await logEvent(scoped(db, this.#organisationId), event);
    }, event !== null);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    let row: StoredArtefact | undefined;
    if (this.#model === 'Grant') {
      const grants = requestGrants(false);
      row = grants?.get(id);
      grants?.delete(id);
    }
    if (!row && WITH_GRANT.has(this.#model)) {
      const found = await findArtefactWithGrant(this.#store, this.#model, hashId(id));
      if (found) {
        const finds = findsOf(Provider.ctx, true);
        if (found.grant && found.artefact.grant_id) finds?.grants.set(found.artefact.grant_id, found.grant);
        if (found.account !== undefined) finds?.accounts.set(`${found.accountId} ${found.clientId}`, found.account);
      }
      row = found?.artefact;
    } else {
      row ??= await findArtefact(this.#store, this.#model, this.#key(id));
    }
    if (!row || this.#expired(row.expires_at)) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    payload.jti = id;
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await findArtefactByUid(this.#store, this.#model, uid);
    if (!row || this.#expired(row.expires_at)) return undefined;
    return JSON.parse(row.payload) as AdapterPayload;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await findArtefactByUid(this.#store, this.#model, hashId(userCode));
    if (!row || this.#expired(row.expires_at)) return undefined;
    const { sealedId, ...payload } = JSON.parse(row.payload) as AdapterPayload & { sealedId?: string };
    if (!sealedId) return undefined;
    payload.jti = decryptSecret(keyEncryptionKeys(this.#ctx.config), sealedId, this.#deviceBinding());
    payload.userCode = userCode;
    return payload;
  }

  #deviceBinding(): string {
    return `device-code:${this.#organisationId}`;
  }

  async consume(id: string): Promise<void> {
    const key = hashId(id);
    const event = this.#model === 'AuthorizationCode' ? eventRow(this.#ctx, 'code_redeemed', { subject: key }) : null;
    const now = this.#ctx.clock.now();
    const consumed =
      event && this.#ctx.db.dialect === 'postgres'
        ? // One statement, atomic by itself (store.ts): the event only for the one request that consumed the code.
          (await this.#write((db) =>
            consumeArtefactWithEvent(
              scoped(db, this.#organisationId),
              this.#model,
              key,
              now,
              { event, metric: countedAs(event.kind) },
              METRIC_BUCKET_MS,
            ),
          )) !== undefined
        : await this.#write(async (db) => {
            const issuedAt = await consumeArtefact(scoped(db, this.#organisationId), this.#model, key, now);
            if (issuedAt !== undefined && event) await logEvent(scoped(db, this.#organisationId), event, issuedAt);
            return issuedAt !== undefined;
          }, event !== null);
    if (consumed) return;
    // Someone redeemed it a moment ago: treat this as reuse.
    if (GRANT_SOURCES.has(this.#model)) {
      const row = await findArtefact(this.#store, this.#model, key);
      if (row?.grant_id) {
        requestGrants(false)?.delete(row.grant_id);
        await this.#write((db) => deleteGrantArtefacts(scoped(db, this.#organisationId), row.grant_id!));
      }
      throw new errors.InvalidGrant('grant source already used');
    }
    throw new errors.InvalidRequest('request already used');
  }

  async destroy(id: string): Promise<void> {
    if (this.#model === 'Grant') requestGrants(false)?.delete(id);
    await this.#write((db) => deleteArtefact(scoped(db, this.#organisationId), this.#model, this.#key(id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    requestGrants(false)?.delete(grantId);
    await this.#write((db) => deleteGrantArtefacts(scoped(db, this.#organisationId), grantId, this.#model));
  }

  #expired(expiresAt: number | null): boolean {
    return expiresAt !== null && expiresAt <= this.#ctx.clock.now();
  }
}

/** The adapter factory of one organisation's provider: every row it touches carries the organisation id. */
export function adapterFactory(ctx: AppContext, organisationId: string): AdapterFactory {
  return (model) => outagesAsProtocolErrors(new DatabaseAdapter(ctx, organisationId, model));
}

/** The adapter with a database outage thrown as the protocol's temporarily_unavailable (oidc/outage.ts). */
function outagesAsProtocolErrors(adapter: Adapter): Adapter {
  const rethrow = (error: unknown): never => {
    throw protocolOutage(error);
  };
  return {
    upsert: (id, payload, expiresIn) => adapter.upsert(id, payload, expiresIn).catch(rethrow),
    find: (id) => adapter.find(id).catch(rethrow),
    findByUid: (uid) => adapter.findByUid(uid).catch(rethrow),
    findByUserCode: (userCode) => adapter.findByUserCode(userCode).catch(rethrow),
    consume: (id) => adapter.consume(id).catch(rethrow),
    destroy: (id) => adapter.destroy(id).catch(rethrow),
    revokeByGrantId: (grantId) => adapter.revokeByGrantId(grantId).catch(rethrow),
  };
}

/**
 * Claims a single-use id (a client assertion's jti, RFC 7523 3; a DPoP proof's, RFC 9449 11.1) by one
 * conditional insert: true for the first use only, however many arrive at once. In place of the
 * provider's own check (oidc/provider-patches.ts). Ids are kept as the provider keys them.
 */
export function claimSingleUseId(ctx: AppContext, organisationId: string): (iss: string, jti: string, exp: number) => Promise<boolean> {
  return (iss, jti, exp) => {
    const now = ctx.clock.now();
    // As the provider's save would have it: seconds left by its clock, kept from ours, plus the tolerance.
    const expiresIn = exp - Math.floor(Date.now() / 1000);
    const row = {
      model: 'ReplayDetection',
      id: hashId(hash('sha256', `${iss}${jti}`, 'base64url')),
      payload: JSON.stringify({ kind: 'ReplayDetection', iss }),
      client_id: iss,
      expires_at: now + (expiresIn + CLOCK_TOLERANCE_S) * 1000,
    };
    return batchedWrite(ctx.db, (db) => claimArtefact(scoped(db, organisationId), row, now), false);
  };
}
