/**
 * Domain events: a change says what happened with `emit`, inside the transaction that makes the change,
 * and the subscribers registered when the context is built react: the audit row, webhook deliveries,
 * mail, revocations and cache invalidation. Nothing reacting to a change is called by the code that made
 * it. Each subscriber's `inTransaction` writes its rows with the change (a throw rolls the change back);
 * its `afterCommit` runs once the transaction has committed (db/after-commit.ts), never after a rollback.
 * The kinds are the audit log's (common/src/audit.ts), so the log, the webhooks and their documentation
 * name the same events.
 */
import type { AuditEventType } from '@gatehouse/common/audit';
import type { Locale } from '@gatehouse/common/i18n/locales';

import type { AppContext } from '../context.ts';
import { afterCommit, carriesAfterCommit } from '../db/after-commit.ts';
import type { Executor } from '../db/schema.ts';
import { organisationOf, type ScopedExecutor, unbound } from '../db/scoped.ts';
import type { Actor, Scope } from '../scope/scope.ts';
import type { Log } from '../telemetry/log.ts';

export type SubjectKind = 'user' | 'application' | 'organisation' | 'webhook' | 'api' | 'connection' | 'group' | 'role';

/** The fields an edit changed, by the names the API uses (audit/changes.ts), with what else the kind adds. */
type Edited = Record<string, unknown>;
/** A kind whose event says nothing more than its subject. */
type Nothing = Record<string, never>;

/**
 * What each kind's details hold: the audit row's and the webhook payload's `details`, as names and values
 * a person reads; never a password, secret, code or token. Every kind of common/src/audit.ts is listed.
 */
export interface EventDetails {
  'user.signed_in': { method: string; connection?: string; connectionId?: string };
  'user.sign_in_failed': { reason: string; email?: string };
  'user.locked_out': Nothing;
  'user.unlocked': Nothing;
  'user.signed_up': Nothing;
  'user.created': { email: string; role: string; via: string; applications?: readonly string[] };
  'user.updated': Edited;
  'user.disabled': Nothing;
  'user.enabled': Nothing;
  'user.deactivated': Nothing;
  'user.deleted': { email: string };
  'user.password_changed': Nothing;
  'user.password_reset': { resetEmailSent?: boolean; via?: string };
  'user.mfa_enrolled': { method: string };
  'user.mfa_disabled': Nothing;
  'user.mfa_reset': Nothing;
  'user.mfa_factor_removed': { method: string };
  'user.mfa_factor_renamed': { method: string; name: string };
  'user.mfa_default_changed': { method: string };
  'user.recovery_codes_regenerated': Nothing;
  'user.passkey_renamed': { passkey: { from: string; to: string } };
  'user.passkey_removed': { passkey: string };
  'user.email_verified': { email: string };
  'user.policy_accepted': { application: string; policyURL: string | null };
  /** One session (`which: 'one'`) or every other one ended, by the person or an administrator. */
  'user.sessions_ended': { which: 'one' | 'others'; sessions: number };
  'user.signed_out_everywhere': Nothing;
  /** The person followed a new-browser notice's "This wasn't me" link: signed out everywhere, a new password next. */
  'user.sign_in_disowned': Nothing;
  'user.application_access_removed': { application: string; applicationId: string };
  'invitation.sent': { email: string };
  'invitation.accepted': { via?: string; connection?: string; connectionId?: string };
  'recovery.requested': Nothing;
  'recovery.completed': Nothing;
  'application.created': { name: string };
  'application.updated': Edited;
  'application.deleted': { name: string };
  'application.secret_regenerated': Nothing;
  'application.scim_token_generated': Nothing;
  'organisation.settings_changed': Edited;
  /** The address lists as saved (canonical ranges), both lists whole. */
  'organisation.address_lists_changed': { allowed: string[]; refused: string[] };
  'organisation.keys_rotated': { kids: string[]; nextKids: string[] };
  'organisation.exported': { users: number; applications: number; auditLog: boolean };
  'organisation.imported': Edited;
  'api.created': { name: string; identifier: string; scopes: string[] };
  'api.updated': Edited;
  'api.deleted': { name: string; identifier: string };
  'api.access_changed': Edited;
  'api.management_call': { operation: string; method: string; path: string; status: number };
  'webhook.created': { url: string; eventTypes: unknown };
  'webhook.updated': Edited;
  'webhook.deleted': Nothing;
  'webhook.secret_rolled': Nothing;
  'connection.created': Edited;
  'connection.updated': Edited;
  'connection.deleted': { name: string };
  'connection.linked': { connection: string; connectionId: string; email: string };
  'connection.refused': { reason: string; connection?: string; connectionId?: string; email?: string };
  'saml.assertion_issued': {
    application: string;
    nameIDFormat: string;
    secondFactor: boolean;
    authnContext: string;
    initiatedBy: 'sp' | 'idp';
  };
  /** A single logout: asked for by the application (sp), or Gatehouse's sign-out telling it (idp). */
  'saml.logged_out': { application: string; initiatedBy: 'sp' | 'idp'; sessionEnded: boolean };
  'saml.refused': { reason: string; status?: string; application?: string; issuer?: string };
  'group.created': { name: string; via?: string };
  'group.updated': Edited;
  'group.deleted': { name: string; via?: string };
  /** Members added (user ids and emails), or taken out, in one change. */
  'group.members_added': { group: string; users: readonly { id: string; email: string }[]; via?: string };
  'group.members_removed': { group: string; users: readonly { id: string; email: string }[]; via?: string };
  'role.created': { name: string; permissions: readonly string[]; isDefault: boolean };
  'role.updated': Edited;
  'role.deleted': { name: string };
  /** A role given to (or taken from) a person directly or a group (all its members). */
  'role.assigned': { role: string; to: { kind: 'user' | 'group'; id: string; name: string } };
  'role.unassigned': { role: string; to: { kind: 'user' | 'group'; id: string; name: string } };
}

/** What a change of kind `K` says happened. */
interface EventOf<K extends AuditEventType> {
  type: K;
  subject?: { kind: SubjectKind; id: string } | undefined;
  /** What changed (EventDetails[K]). */
  details?: EventDetails[K];
  /** Who did it, when not the request's actor (a sign-in is its user's own act). */
  actor?: Actor;
  /**
   * For the subscribers alone, never the audit row or a webhook payload: the change ends every other
   * way into the user's account (sessions, grants, tokens), keeping the request's own session when
   * `keptSessionId` names it (a first second step), or all of it (a Pending account taken over at sign-up).
   */
  endsOtherAccess?: { keptSessionId: string | null };
  /** For the subscribers alone (`user.sessions_ended`): the sessions that ended, whose browsers' provider sessions end with them. */
  endedSessions?: EndedSessions;
  /** For the subscribers alone (`user.signed_in`): the browser signed in from, for the new-browser notice. */
  signedInBrowser?: SignedInBrowser;
}

/**
 * The browser a sign-in came from: the random id its long-lived signed cookie carries (never a
 * fingerprint), the language the person signed in in, and the request's logger.
 */
export interface SignedInBrowser {
  id: string;
  locale: Locale;
  log: Log;
}

/**
 * Sessions a person or an administrator ended: their row ids, and, when every other session was ended,
 * the asking browser's own (its session and its provider session cookie), whose provider session stays.
 */
export interface EndedSessions {
  ids: readonly string[];
  kept?: { sessionId: string; providerSessionId: string | undefined };
}

/** What a change says happened: one kind, with that kind's details. */
export type DomainEvent = { [K in AuditEventType]: EventOf<K> }[AuditEventType];

/** An event as subscribers get it: stamped with its organisation, time, actor and origin. */
export interface EmittedEvent {
  organisationId: string;
  type: AuditEventType;
  at: number;
  actor: Actor;
  subject: { kind: SubjectKind; id: string } | null;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The audit row's id, set by the audit subscriber (the first); webhook payloads name the event by it. */
  id: number | null;
  endsOtherAccess: { keptSessionId: string | null } | null;
  endedSessions: EndedSessions | null;
  signedInBrowser: SignedInBrowser | null;
}

/**
 * A transaction of the change (or the database itself when the event is the only thing written), bound
 * to the organisation or not: a Scope's transaction (`scope.transaction`) is given as `scope.db`.
 */
export type ChangeExecutor = Executor | ScopedExecutor;

export interface Subscriber {
  name: string;
  kinds: readonly AuditEventType[] | 'all';
  /** Rows written with the change, in its transaction; a throw rolls the change back. */
  inTransaction?(ctx: AppContext, trx: Executor, event: EmittedEvent): Promise<void>;
  /** The same for many events of one organisation at once (`emitAll`), when the subscriber can write them in one statement. */
  inTransactionAll?(ctx: AppContext, trx: Executor, events: EmittedEvent[]): Promise<void>;
  /** Effects once the change has committed (never after a rollback); must not wait on anything. */
  afterCommit?(ctx: AppContext, event: EmittedEvent): void;
}

/** The subscribers of a context, in the order they run; built once with the context (boot.ts, the test harness). */
export class DomainEvents {
  readonly #byKind = new Map<AuditEventType, Subscriber[]>();
  readonly subscribers: readonly Subscriber[];

  constructor(subscribers: readonly Subscriber[]) {
    this.subscribers = subscribers;
  }

  /** The subscribers of one kind, in registration order. */
  for(type: AuditEventType): readonly Subscriber[] {
    let list = this.#byKind.get(type);
    if (!list) this.#byKind.set(type, (list = this.subscribers.filter((s) => s.kinds === 'all' || s.kinds.includes(type))));
    return list;
  }
}

/** The event as it happened in the scope (scope/scope.ts): its organisation, actor, request id and origin. */
function stamp(ctx: AppContext, scope: Scope, event: DomainEvent): EmittedEvent {
  // The record names who acted by kind and id only (an acting actor's role is not part of it).
  const actor = event.actor ?? scope.actor;
  return {
    organisationId: scope.organisation.id,
    type: event.type,
    at: ctx.clock.now(),
    actor: { kind: actor.kind, id: actor.id },
    subject: event.subject ?? null,
    details: event.details ?? {},
    ip: scope.origin.ip,
    userAgent: scope.origin.userAgent,
    requestId: scope.requestId,
    id: null,
    endsOtherAccess: event.endsOtherAccess ?? null,
    endedSessions: event.endedSessions ?? null,
    signedInBrowser: event.signedInBrowser ?? null,
  };
}

async function deliver(ctx: AppContext, trx: Executor, emitted: EmittedEvent): Promise<void> {
  for (const subscriber of ctx.events.for(emitted.type)) {
    if (subscriber.inTransaction) await subscriber.inTransaction(ctx, trx, emitted);
    if (subscriber.afterCommit) {
      const effect = subscriber.afterCommit.bind(subscriber);
      afterCommit(trx, () => effect(ctx, emitted));
    }
  }
}

/**
 * Says that `event` happened in the organisation. Called with the transaction of the change, the
 * subscribers' rows go with it and their effects wait for its commit; called with the database itself
 * (an event that is the only write: a sign-in, a refused one, a management call), the event gets a
 * transaction of its own.
 */
export async function emit(ctx: AppContext, db: ChangeExecutor, scope: Scope, event: DomainEvent): Promise<void> {
  if (ctx.events.for(event.type).length === 0) return;
  const emitted = stamp(ctx, scope, event);
  // Subscribers bind the change's transaction to the event's organisation themselves.
  const change: Executor = organisationOf(db) === undefined ? (db as Executor) : unbound(db as ScopedExecutor).db;
  if (change.isTransaction) {
    if (!carriesAfterCommit(change)) throw new Error('emit needs a transaction opened on the database (db/database.ts)');
    return deliver(ctx, change, emitted);
  }
  await change.transaction().execute((trx) => deliver(ctx, trx, emitted));
}

/**
 * Many events of one kind in the scope, in the change's transaction (an import's batch): a subscriber
 * that writes them all at once (`inTransactionAll`) gets them together, the others one by one.
 */
export async function emitAll(ctx: AppContext, trx: Executor, scope: Scope, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0 || ctx.events.for(events[0]!.type).length === 0) return;
  if (!carriesAfterCommit(trx)) throw new Error('emitAll needs a transaction opened on the database (db/database.ts)');
  const emitted = events.map((event) => stamp(ctx, scope, event));
  for (const subscriber of ctx.events.for(emitted[0]!.type)) {
    if (subscriber.inTransactionAll) await subscriber.inTransactionAll(ctx, trx, emitted);
    else if (subscriber.inTransaction) for (const one of emitted) await subscriber.inTransaction(ctx, trx, one);
    if (subscriber.afterCommit) {
      const effect = subscriber.afterCommit.bind(subscriber);
      for (const one of emitted) afterCommit(trx, () => effect(ctx, one));
    }
  }
}
