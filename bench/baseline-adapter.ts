/**
 * The smallest correct persisting adapter for the bare provider of the benchmark (bench/baseline.ts):
 * every artefact in one table, its payload as JSON, keyed by model and id, with the grant, uid and user
 * code beside it for the lookups the provider makes. Each write is its own transaction, committed before
 * the provider answers (no batching, no cache), so a restart or another process sees it.
 *
 * - `sqlite:<file>`: node:sqlite in WAL with `synchronous = NORMAL`, as Gatehouse opens its database
 *   (server/src/db/node-sqlite.ts); statements prepared once, run synchronously.
 * - `postgres://…`: a pg pool of 10 connections (Gatehouse's DB_POOL_SIZE default).
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';

import type { Adapter, AdapterPayload } from 'oidc-provider';
import pg from 'pg';

type Row = { payload: string; consumed: number | null; expires_at: number | null };

/** Seconds since the epoch, as the provider's payloads count time. */
const now = () => Math.floor(Date.now() / 1000);

/** The payload, with `consumed` as the provider expects it; undefined when it has expired. */
function payloadOf(row: Row | undefined): AdapterPayload | undefined {
  if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
}

const columns = (payload: AdapterPayload, expiresIn: number) => [
  JSON.stringify(payload),
  payload.grantId ?? null,
  payload.userCode ?? null,
  payload.uid ?? null,
  expiresIn ? now() + expiresIn : null,
];

const SCHEMA = [
  `create table if not exists oidc (model text not null, id text not null, payload text not null, grant_id text,
     user_code text, uid text, expires_at bigint, consumed bigint, primary key (model, id))`,
  'create index if not exists oidc_grant on oidc (grant_id)',
  'create index if not exists oidc_user_code on oidc (user_code)',
  'create index if not exists oidc_uid on oidc (uid)',
];

function sqliteAdapter(file: string): new (model: string) => Adapter {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  for (const statement of SCHEMA) db.exec(statement);
  const prepare = (sql: string) => db.prepare(sql);
  const sql = {
    upsert: prepare(
      `insert into oidc (model, id, payload, grant_id, user_code, uid, expires_at) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
    ),
    find: prepare('select payload, consumed, expires_at from oidc where model = ? and id = ?'),
    byUid: prepare('select payload, consumed, expires_at from oidc where model = ? and uid = ?'),
    byUserCode: prepare('select payload, consumed, expires_at from oidc where model = ? and user_code = ?'),
    consume: prepare('update oidc set consumed = ? where model = ? and id = ?'),
    destroy: prepare('delete from oidc where model = ? and id = ?'),
    revoke: prepare('delete from oidc where grant_id = ?'),
  } satisfies Record<string, StatementSync>;
  return class implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      sql.upsert.run(this.model, id, ...columns(payload, expiresIn));
    }
    async find(id: string) {
      return payloadOf(sql.find.get(this.model, id) as Row | undefined);
    }
    async findByUid(uid: string) {
      return payloadOf(sql.byUid.get(this.model, uid) as Row | undefined);
    }
    async findByUserCode(userCode: string) {
      return payloadOf(sql.byUserCode.get(this.model, userCode) as Row | undefined);
    }
    async consume(id: string) {
      sql.consume.run(now(), this.model, id);
    }
    async destroy(id: string) {
      sql.destroy.run(this.model, id);
    }
    async revokeByGrantId(grantId: string) {
      sql.revoke.run(grantId);
    }
  };
}

async function postgresAdapter(url: string): Promise<new (model: string) => Adapter> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  for (const statement of SCHEMA) await pool.query(statement);
  // Named statements: pg prepares each once per connection.
  const run = async (name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[];
  // bigint columns come back as strings from pg unless cast.
  const select = 'select payload, consumed::float8 as consumed, expires_at::float8 as expires_at from oidc where model = $1 and';
  return class implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      await run(
        'upsert',
        `insert into oidc (model, id, payload, grant_id, user_code, uid, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [this.model, id, ...columns(payload, expiresIn)],
      );
    }
    async find(id: string) {
      return payloadOf((await run('find', `${select} id = $2`, [this.model, id]))[0]);
    }
    async findByUid(uid: string) {
      return payloadOf((await run('by-uid', `${select} uid = $2`, [this.model, uid]))[0]);
    }
    async findByUserCode(userCode: string) {
      return payloadOf((await run('by-user-code', `${select} user_code = $2`, [this.model, userCode]))[0]);
    }
    async consume(id: string) {
      await run('consume', 'update oidc set consumed = $1 where model = $2 and id = $3', [now(), this.model, id]);
    }
    async destroy(id: string) {
      await run('destroy', 'delete from oidc where model = $1 and id = $2', [this.model, id]);
    }
    async revokeByGrantId(grantId: string) {
      await run('revoke', 'delete from oidc where grant_id = $1', [grantId]);
    }
  };
}

/** The adapter class for `url` (`sqlite:<file>` or `postgres://…`). */
export async function persistingAdapter(url: string): Promise<new (model: string) => Adapter> {
  return url.startsWith('postgres') ? postgresAdapter(url) : sqliteAdapter(url.replace(/^sqlite:/, ''));
}
