/**
 * Who and where an audited change comes from, without threading it through every service: each
 * request runs in an AsyncLocalStorage scope holding its correlation id, client address, user agent
 * and (once the session is read) its signed-in user; the CLI runs as the operator and jobs as the
 * system. emit (events/events.ts) reads it; an event may still name its actor itself (a sign-in's user).
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Scope } from '../scope/scope.ts';
import type { Organisation } from '../tenancy/organisation.ts';

export type { Actor };

export interface AuditOrigin {
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const storage = new AsyncLocalStorage<AuditOrigin>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();
const origins = new WeakMap<FastifyRequest, AuditOrigin>();

/** Who the request turned out to act as (a signed-in user, an application), for its log line; null when no one. */
export function actorOf(request: FastifyRequest): Actor | null {
  const actor = origins.get(request)?.actor;
  return actor && actor.id !== null ? actor : null;
}

/** Where an event recorded now comes from: the request's, or the system's outside any request. */
export function currentOrigin(): AuditOrigin {
  return storage.getStore() ?? { actor: { kind: 'system', id: null }, ip: null, userAgent: null, requestId: null };
}

/**
 * Transitional (issue 29): the scope of work on `organisation` as the AsyncLocalStorage origin has it, for
 * a caller that does not hold its Scope yet. Goes with the origin storage once every entry point passes
 * its Scope whole.
 */
export function ambientScope(organisation: Organisation): Scope {
  const { actor, ip, userAgent, requestId } = currentOrigin();
  return { organisation, actor, requestId, origin: { ip, userAgent } };
}

/** The session of this request turned out to be this user's: later events are theirs. */
export function setActor(actor: Actor): void {
  const origin = storage.getStore();
  if (origin) origin.actor = actor;
}

/** Runs `work` as the operator (the CLI) or a named job, outside any request. */
export function runAs<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return storage.run({ actor, ip: null, userAgent: null, requestId: null }, work);
}

export function registerAuditOrigin(app: FastifyInstance): void {
  // The scope is entered in onRequest and re-entered before validation: the body is read in the
  // socket's own async context, which would otherwise lose it.
  app.addHook('onRequest', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    const origin: AuditOrigin = {
      actor: { kind: 'anonymous', id: null },
      ip: request.ip,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
      requestId: request.id,
    };
    origins.set(request, origin);
    storage.run(origin, () => {
      const scope = new AsyncResource('gatehouse-audit-origin');
      scopes.set(request, scope);
      scope.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}
