/**
 * The edge between the domains and HTTP. A domain reads what a browser brought (`Browser`: its flow
 * cookies, its session token, its user agent) and answers what happened as plain data, with the cookies
 * to set or clear (`CookieChange`) and, for a browser path, where to go (`Redirect`); only the surface
 * turns that into a reply, with `applyCookies` and `sendRedirect` below.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';
import type { Log } from '../telemetry/log.ts';
import { clearFlowCookie, type FlowCookie, readFlowCookie, setFlowCookie } from './cookies.ts';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from './request-context.ts';

/** What a request's browser brought that a domain may read. */
export interface Browser {
  /** A flow cookie's value when present and its signature holds, otherwise null. */
  cookie(name: FlowCookie): string | null;
  /** The session cookie's token when present and signed (not yet checked against the sessions). */
  readonly sessionToken: string | null;
  readonly userAgent: string | undefined;
  /** The client's address (from the connection, or the proxy's header only when TRUST_PROXY says so). */
  readonly address: string;
  /** The request's logger: its lines carry the request's correlation id. */
  readonly log: Log;
}

/** A cookie a domain wants set or cleared: a flow cookie with its lifetime, or the session cookie. */
export type CookieChange =
  | { kind: 'set'; name: FlowCookie; value: string; maxAgeMs: number }
  | { kind: 'clear'; name: FlowCookie }
  | { kind: 'session'; token: string }
  | { kind: 'endSession' };

/** A browser path's answer: a 303 to `location`, never cached, with the cookies that go with it. */
export interface Redirect {
  kind: 'redirect';
  location: string;
  cookies: readonly CookieChange[];
}

export const setCookie = (name: FlowCookie, value: string, maxAgeMs: number): CookieChange => ({ kind: 'set', name, value, maxAgeMs });
export const clearCookie = (name: FlowCookie): CookieChange => ({ kind: 'clear', name });

/** The same redirect with `cookies` changed before its own. */
export const withCookies = (redirect: Redirect, ...cookies: CookieChange[]): Redirect => ({
  ...redirect,
  cookies: [...cookies, ...redirect.cookies],
});

export function browserOf(ctx: AppContext, request: FastifyRequest): Browser {
  const ua = request.headers['user-agent'];
  return {
    cookie: (name) => readFlowCookie(ctx, request, name),
    get sessionToken() {
      const raw = request.cookies[sessionCookieName(ctx)];
      if (!raw) return null;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : null;
    },
    userAgent: typeof ua === 'string' ? ua : undefined,
    address: request.ip,
    log: request.log,
  };
}

/** Writes a domain's cookie changes on the reply, in order. */
export function applyCookies(ctx: AppContext, reply: FastifyReply, cookies: readonly CookieChange[]): void {
  for (const change of cookies) {
    switch (change.kind) {
      case 'set':
        setFlowCookie(ctx, reply, change.name, change.value, change.maxAgeMs);
        break;
      case 'clear':
        clearFlowCookie(ctx, reply, change.name);
        break;
      case 'session':
        setSessionCookie(ctx, reply, change.token);
        break;
      case 'endSession':
        clearSessionCookie(ctx, reply);
        break;
    }
  }
}

/** A domain's redirect as the reply: its cookies, no-store, 303. */
export function sendRedirect(ctx: AppContext, reply: FastifyReply, redirect: Redirect): FastifyReply {
  applyCookies(ctx, reply, redirect.cookies);
  return reply.header('cache-control', 'no-store').redirect(redirect.location, 303);
}
