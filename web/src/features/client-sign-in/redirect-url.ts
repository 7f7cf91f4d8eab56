/**
 * The "redirect URL" of an application sign-in in progress (spec: authentication state redirectURL):
 * where /redirecting finally sends the browser so the provider can answer the application. It is kept
 * for this tab in sessionStorage, so the pages on the way (/applicationpolicy, /emailverificationrequired,
 * /passwordexpired, /twostep) can all return to /redirecting, even after a reload. Only a same-site
 * hand-over path of the provider is ever kept.
 */
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';

const KEY = 'gatehouse.redirectURL';

export function rememberRedirectURL(url: string | null | undefined): void {
  if (url && clientIdOfRedirectUrl(url)) window.sessionStorage.setItem(KEY, url);
}

/** The pending redirect URL, or null when no application sign-in is in progress in this tab. */
export function pendingRedirectURL(): string | null {
  const url = window.sessionStorage.getItem(KEY);
  return url && clientIdOfRedirectUrl(url) ? url : null;
}

export function forgetRedirectURL(): void {
  window.sessionStorage.removeItem(KEY);
}

/** Leaves the SPA for the redirect URL (the provider then answers the application). */
export function continueToApplication(url: string): void {
  forgetRedirectURL();
  window.location.assign(url);
}
