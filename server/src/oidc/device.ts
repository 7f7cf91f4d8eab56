/**
 * Guessing the user codes of the device flow (RFC 8628 5.1): from one address, DEVICE_CODE_ATTEMPTS
 * wrong codes may be entered, then it waits DEVICE_CODE_COOLDOWN_MS. Only wrong codes count: a code that
 * was found gives its attempt back, and never clears the count (issue 27: a guesser who entered a code of
 * their own between guesses had the count start again, 40 guesses where 5 were allowed).
 * Counted in the database like the failed sign-ins of unknown emails (sign_in_throttle, under the key
 * `device-code:<address>`, which no email can be), so every process sees the same count.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ERRORS } from '@gatehouse/common/errors';
import { MINUTE } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { refundUnknownAttempt, reserveUnknownAttempt } from '../accounts/store.ts';
import type { Organisation } from '../organisations/model.ts';
import { deviceLimitedPage } from './pages.ts';

export const DEVICE_CODE_ATTEMPTS = 5;
export const DEVICE_CODE_COOLDOWN_MS = 15 * MINUTE;
const CODE_VERIFICATION_PATH = '/oidc/device';

export function limitDeviceCodeAttempts(ctx: AppContext, org: Organisation) {
  return async function deviceCodeAttempts(koaCtx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (koaCtx.method !== 'POST' || koaCtx.path !== CODE_VERIFICATION_PATH) return next();
    const key = `device-code:${koaCtx.ip}`;
    const now = ctx.clock.now();
    const policy = { now, cooldownEvery: DEVICE_CODE_ATTEMPTS, cooldownMs: DEVICE_CODE_COOLDOWN_MS, lockoutAfter: 0 };
    if (!(await reserveUnknownAttempt(ctx.db.kysely, org.id, key, policy))) {
      koaCtx.status = 429;
      koaCtx.type = 'html';
      koaCtx.set('retry-after', String(DEVICE_CODE_COOLDOWN_MS / 1000));
      koaCtx.body = deviceLimitedPage(org.displayName, ERRORS.RATE_LIMITED.message);
      return;
    }
    await next();
    // The code was found (confirmation or success followed): no failure, so its attempt is given back.
    if (koaCtx.oidc?.entities.DeviceCode) await refundUnknownAttempt(ctx.db.kysely, org.id, key, policy);
  };
}
