/**
 * The Gatehouse sign-in of each browser request to the provider and the request's scope (its signed-in
 * user or anonymous), attached by the dispatcher (oidc/routes.ts) for the provider's hooks: the
 * interaction policy, the device flow and the adapter, which links a provider session to the Gatehouse
 * session it mirrors.
 */
import type { IncomingMessage } from 'node:http';

import type { Auth } from '../http/request-context.ts';
import type { Scope } from '../scope/scope.ts';

const requestSignIn = new WeakMap<IncomingMessage, { auth: Auth | null; scope: Scope }>();

export function attachSignIn(req: IncomingMessage, auth: Auth | null, scope: Scope): void {
  requestSignIn.set(req, { auth, scope });
}

export function authOf(req: IncomingMessage): Auth | null {
  return requestSignIn.get(req)?.auth ?? null;
}

/** The signed-in user of a browser request to the provider, with the request's scope; null when signed out. */
export function signedInOf(req: IncomingMessage): { auth: Auth; scope: Scope } | null {
  const found = requestSignIn.get(req);
  return found?.auth ? { auth: found.auth, scope: found.scope } : null;
}
