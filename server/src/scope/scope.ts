/**
 * The scope of one piece of work: the organisation it is for, the one actor doing it, the request id
 * it is logged and audited under, and where it came from. Built once where work enters the server
 * (`serve`'s access check, the SCIM bearer check, the protocol's interaction glue, the CLI, the job
 * runner) and passed whole. Building it binds the scoped store (db/scoped.ts) to its organisation once:
 * `scope.db` is what every store function takes, and `scope.transaction(work)` gives the work a Scope
 * whose `db` is a transaction, bound the same way.
 */
import { randomUUID } from 'node:crypto';

import type { ActorKind } from '@gatehouse/common/audit';
import type { Role } from '@gatehouse/common/policy';

import type { Executor } from '../db/schema.ts';
import { scoped, type ScopedExecutor, type ScopedTransaction, unbound } from '../db/scoped.ts';
import type { Organisation } from '../tenancy/organisation.ts';

/**
 * Who acts: a signed-in user (their id), an application (its client id: SCIM, the management API), the
 * operator (the CLI), the system (a job: its name) or nobody yet (anonymous). The one actor type: the
 * audit log, webhooks and domain events record its kind and id.
 */
export interface Actor {
  kind: ActorKind;
  id: string | null;
}

/**
 * An actor with a reach over users: a signed-in user (their role) or an application's management token
 * (a User Administrator's reach, never over an Organisation Administrator, so a leaked machine credential
 * cannot take over the organisation's administrators).
 */
export interface ActingActor extends Actor {
  kind: 'user' | 'application';
  id: string;
  role: Role;
}

export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

export interface Scope {
  organisation: Organisation;
  actor: Actor;
  /** The correlation id of the request, or one made for a command or a job run (null: none). */
  requestId: string | null;
  origin: Origin;
  /** The database as this organisation sees it (db/scoped.ts), bound once when the scope was built. */
  db: ScopedExecutor;
  /**
   * Runs `work` in one transaction, with this scope whose `db` is the transaction (bound to the same
   * organisation); inside a transaction already, `work` joins it.
   */
  transaction<T>(work: (scope: this & { db: ScopedTransaction }) => Promise<T>): Promise<T>;
}

/** The scope of work by an actor with a reach over users (the endpoints applications may call too). */
export interface ActingScope extends Scope {
  actor: ActingActor;
}

const NO_ORIGIN: Origin = { ip: null, userAgent: null };

function transaction<S extends Scope, T>(this: S, work: (scope: S & { db: ScopedTransaction }) => Promise<T>): Promise<T> {
  if (this.db.isTransaction) return work(this as S & { db: ScopedTransaction });
  const { db } = unbound(this.db);
  return db.transaction().execute((trx) => work({ ...this, db: scoped(trx, this.organisation.id) }));
}

/** A scope of `organisation` with its store bound once: what every builder below returns. */
function scopeOf(db: Executor, organisation: Organisation, actor: Actor, requestId: string | null, origin: Origin): Scope {
  return { organisation, actor, requestId, origin, db: scoped(db, organisation.id), transaction };
}

/** The scope of a request (HTTP, SCIM, the interaction glue): its organisation, actor, id and origin. */
export function requestScope(
  db: Executor,
  organisation: Organisation,
  actor: Actor,
  request: { id: string; ip: string; headers: Record<string, string | string[] | undefined> },
): Scope {
  const userAgent = request.headers['user-agent'];
  return scopeOf(db, organisation, actor, request.id, {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  });
}

/**
 * The scope of a browser's request outside `serve` (the protocol's interaction glue and provider hooks,
 * an upstream sign-in): its signed-in user, or nobody yet.
 */
export function browserScope(
  db: Executor,
  organisation: Organisation,
  user: { id: string } | null,
  request: { id: string; ip: string; headers: Record<string, string | string[] | undefined> },
): Scope {
  return requestScope(db, organisation, user ? { kind: 'user', id: user.id } : { kind: 'anonymous', id: null }, request);
}

/**
 * The scope of an event's effect after its change committed (a subscriber's `afterCommit` work that
 * writes): the event's organisation, actor, request id and origin.
 */
export function eventScope(
  db: Executor,
  organisation: Organisation,
  event: { actor: Actor; requestId: string | null; ip: string | null; userAgent: string | null },
): Scope {
  return scopeOf(db, organisation, event.actor, event.requestId, { ip: event.ip, userAgent: event.userAgent });
}

/** The system's own work on an organisation outside any request, command or job (the test harness's and benchmarks' set-up). */
export function systemScope(db: Executor, organisation: Organisation): Scope {
  return scopeOf(db, organisation, { kind: 'system', id: null }, null, NO_ORIGIN);
}

/** The scope of the operator's command on one organisation (the CLI). */
export function operatorScope(db: Executor, organisation: Organisation): Scope {
  return scopeOf(db, organisation, { kind: 'operator', id: null }, `cli-${randomUUID().slice(0, 8)}`, NO_ORIGIN);
}

/** The scope of a job's work on one organisation: the system acts, under the job's name. */
export function jobScope(db: Executor, organisation: Organisation, job: string, runId: string): Scope {
  return scopeOf(db, organisation, { kind: 'system', id: job }, runId, NO_ORIGIN);
}
