/**
 * Link tokens out of logged URLs. An emailed link carries its token in the query string, which
 * servers and proxies log. On the link's first load the SPA exchanges that token, once, for a new
 * secret split in two: a handle that replaces the token in the address bar (and in the API calls the
 * page makes), and a key that stays in an HttpOnly cookie of this browser. Only both together are
 * the token, so neither a log line of the link (its token no longer works) nor one of a later call
 * (a handle without the cookie is nothing) is enough to use it.
 *
 * The exchange is a POST made by the page's script, not part of the page's GET: mail scanners that
 * fetch links without running scripts do not use them up.
 */
import { randomBytes } from 'node:crypto';

import type { AppContext } from '../context.ts';
import { hashToken, newToken } from '../crypto/tokens.ts';
import type { EmailTokenPurpose } from '../db/schema.ts';
import { scoped } from '../db/scoped.ts';
import { type Browser, type CookieChange, setCookie } from '../http/outcome.ts';
import { rekeyEmailToken } from './store.ts';

/** The purposes whose tokens travel in emailed links (the hand-over is used at its first load anyway). */
const LINK_PURPOSES: readonly EmailTokenPurpose[] = ['signup', 'verify', 'invitation', 'reset', 'basesignup'];

/** Handles are 32 characters (24 random bytes); the tokens of links are 43, so the two cannot be confused. */
const HANDLE_LENGTH = 32;

/** The browser's link key lives as long as the longest link (an invitation of 720 hours). */
const LINK_KEY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const tokenOf = (handle: string, key: string) => `${handle}.${key}`;

/** Exchanges a link's token for a handle bound to this browser's link key; null when the token does not work. */
export async function exchangeLinkToken(
  ctx: AppContext,
  browser: Browser,
  organisationId: string,
  token: string,
): Promise<{ handle: string; cookies: CookieChange[] } | null> {
  const key = browser.cookie('gatehouse_links') ?? newToken();
  const handle = randomBytes(24).toString('base64url');
  const exchanged = await rekeyEmailToken(
    scoped(ctx.db.kysely, organisationId),
    hashToken(token),
    hashToken(tokenOf(handle, key)),
    LINK_PURPOSES,
    ctx.clock.now(),
  );
  if (!exchanged) return null;
  return { handle, cookies: [setCookie('gatehouse_links', key, LINK_KEY_MAX_AGE_MS)] };
}

/** The token a link parameter stands for: a handle is completed with this browser's link key; a token is itself. */
export function linkTokenOf(browser: Browser, value: string): string {
  if (value.length !== HANDLE_LENGTH) return value;
  const key = browser.cookie('gatehouse_links');
  // Without the key a handle is no token: hashing the handle alone matches nothing.
  return key ? tokenOf(value, key) : value;
}
