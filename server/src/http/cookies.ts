/**
 * Short-lived, signed, HttpOnly cookies that carry a browser through a flow (completing sign-up,
 * recovery, a sign-in waiting for its code) or remember its user's email or that it passed a code step:
 * host-only, SameSite=Lax, and `__Host-` prefixed and Secure on https, like the session cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppContext } from '../context.ts';

export type FlowCookie =
  | 'gatehouse_signup'
  | 'gatehouse_recovery'
  | 'gatehouse_remember'
  | 'gatehouse_signin'
  | 'gatehouse_device'
  | 'gatehouse_browser'
  | 'gatehouse_links'
  | 'gatehouse_passkey'
  | 'gatehouse_connection'
  | 'gatehouse_saml';

export function flowCookieName(ctx: AppContext, name: FlowCookie): string {
  return ctx.config.publicScheme === 'https' ? `__Host-${name}` : name;
}

const options = (ctx: AppContext) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.publicScheme === 'https',
});

export function setFlowCookie(ctx: AppContext, reply: FastifyReply, name: FlowCookie, value: string, maxAgeMs: number): void {
  reply.setCookie(flowCookieName(ctx, name), value, { ...options(ctx), signed: true, maxAge: Math.floor(maxAgeMs / 1000) });
}

/** The cookie's value when present and its signature holds; otherwise null. */
export function readFlowCookie(ctx: AppContext, request: FastifyRequest, name: FlowCookie): string | null {
  const raw = request.cookies[flowCookieName(ctx, name)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function clearFlowCookie(ctx: AppContext, reply: FastifyReply, name: FlowCookie): void {
  reply.clearCookie(flowCookieName(ctx, name), options(ctx));
}
