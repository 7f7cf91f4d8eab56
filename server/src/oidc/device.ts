/**
 * Guessing the user codes of the device flow (RFC 8628 5.1): from one address, DEVICE_CODE_ATTEMPTS
 * wrong codes may be entered, then it waits DEVICE_CODE_COOLDOWN_MS. Only wrong codes count: a code that
 * was found gives its attempt back, and never clears the count (a guesser who entered a code of
 * their own between guesses had the count start again, 40 guesses where 5 were allowed).
 * Counted in the database like the failed sign-ins of unknown emails (sign_in_throttle, under the keys
 * `device-code:<address>` and, for a signed-in browser, `device-code-user:<user id>`, which no email can
 * be), so every process sees the same count.
 */
import { ERRORS } from '@gatehouse/common/errors';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

import { refundUnknownAttempt, reserveUnknownAttempt } from '../accounts/store.ts';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { scoped } from '../db/scoped.ts';
import type { Organisation } from '../tenancy/organisation.ts';
import { deviceLimitedPage, errorPage } from './pages.ts';
import { authOf } from './request-sign-in.ts';

export const DEVICE_CODE_ATTEMPTS = 5;
export const DEVICE_CODE_COOLDOWN_MS = 15 * MINUTE;
const CODE_VERIFICATION_PATH = '/oidc/device';

/** What a code form posted without the provider's session is told (the form's anti-forgery value lives there). */
export const DEVICE_FORM_WITHOUT_SESSION = 'could not find device form details';

/**
 * Whether the browser holds a live provider session, where the code form keeps its anti-forgery value.
 * Without one the provider refuses the form and then, re-showing it, fails to save the session it never
 * stored (a plain-text 500): so it is checked first.
 */
async function hasProviderSession(provider: Provider, koaCtx: KoaContextWithOIDC, cookieName: string): Promise<boolean> {
  const id = koaCtx.cookies.get(cookieName);
  if (!id) return false;
  return (await (provider.Session as unknown as { find(id: string): Promise<unknown> }).find(id)) !== undefined;
}

export function limitDeviceCodeAttempts(ctx: AppContext, org: Organisation, provider: Provider, sessionCookie: string) {
  return async function deviceCodeAttempts(koaCtx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (koaCtx.method !== 'POST' || koaCtx.path !== CODE_VERIFICATION_PATH) return next();
    if (!(await hasProviderSession(provider, koaCtx, sessionCookie))) {
      koaCtx.status = 400;
      koaCtx.type = 'html';
      koaCtx.set('cache-control', 'no-store');
      const correlationId = String(koaCtx.res.getHeader('x-correlation-id') ?? '');
      koaCtx.body = errorPage(org.displayName, { error: 'invalid_request', error_description: DEVICE_FORM_WITHOUT_SESSION }, correlationId);
      return;
    }
    // Counted per address and, when the browser is signed in, per user too (a user guessing from many addresses).
    const auth = authOf(koaCtx.req);
    const keys = [`device-code:${koaCtx.ip}`, ...(auth ? [`device-code-user:${auth.user.id}`] : [])];
    const now = ctx.clock.now();
    const policy = { now, cooldownEvery: DEVICE_CODE_ATTEMPTS, cooldownMs: DEVICE_CODE_COOLDOWN_MS, lockoutAfter: 0 };
    const reserved: string[] = [];
    for (const key of keys) {
      if (await reserveUnknownAttempt(scoped(ctx.db.kysely, org.id), key, policy)) {
        reserved.push(key);
        continue;
      }
      for (const done of reserved) await refundUnknownAttempt(scoped(ctx.db.kysely, org.id), done, policy);
      koaCtx.status = 429;
      koaCtx.type = 'html';
      koaCtx.set('retry-after', String(DEVICE_CODE_COOLDOWN_MS / 1000));
      koaCtx.body = deviceLimitedPage(org.displayName, ERRORS.RATE_LIMITED.message);
      return;
    }
    await next();
    // The code was found (confirmation or success followed): no failure, so its attempts are given back.
    if (koaCtx.oidc?.entities.DeviceCode) for (const key of keys) await refundUnknownAttempt(scoped(ctx.db.kysely, org.id), key, policy);
  };
}
