/**
 * The sign-in page the server sends already rendered (server-render.tsx, server/src/spa/sign-in-page.ts):
 * the browser paints it from the HTML, and the SPA hydrates it. What the server rendered from travels in
 * the page as JSON, so that the SPA's first render is the same tree.
 */
import type { Locale } from '@gatehouse/common/i18n/locales';
import type { Texts } from '@gatehouse/common/i18n/runtime';
import { LINK_TOKEN_PARAMETERS } from '@gatehouse/common/link-tokens';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import type { QueryClient } from '@tanstack/react-query';

import { queryKeys } from '../api/queries.ts';

/** The id of the JSON script element that carries the state. */
export const FIRST_PAINT_ID = 'gatehouse-first-paint';

export interface FirstPaint {
  organisation: PublicOrganisation;
  /** The page's language, and its catalog (none for English, the code's own texts): the SPA hydrates without fetching it. */
  locale: Locale;
  texts?: Texts;
}

/** The state the server rendered the page from, into the query cache where the SPA's hooks read it. */
export function seedFirstPaint(queryClient: QueryClient, state: FirstPaint): void {
  queryClient.setQueryData(queryKeys.organisation, state.organisation);
  // The server renders this page only for a browser without a session cookie: nobody is signed in. Dated
  // long ago, so that the SPA still asks the server at once.
  queryClient.setQueryData(queryKeys.account, null, { updatedAt: 0 });
}

/**
 * Whether this browser's first render of the page is the one the server made: not when the tab holds
 * what only it knows (router state such as a success banner, the code step of a sign-in under way) or a
 * link's token still to exchange. Then the SPA renders from scratch instead of hydrating.
 */
export function rendersAsServed(): boolean {
  const routerState: unknown = (window.history.state as { usr?: unknown } | null)?.usr;
  if (routerState !== undefined && routerState !== null) return false;
  try {
    if (window.sessionStorage.getItem(SIGN_IN_CHALLENGE_KEY) !== null) return false;
  } catch {
    // Storage refused: no code step can be stored either.
  }
  const params = new URLSearchParams(window.location.search);
  return !LINK_TOKEN_PARAMETERS.some((name) => params.has(name));
}

/** Where the sign-in page keeps the code step this tab is at (pages/sign-in/SignInPage.tsx). */
export const SIGN_IN_CHALLENGE_KEY = 'gatehouse.signInChallenge';

/** The JSON for the page: `<` escaped, so that no value can close the script element. */
export function firstPaintJson(state: FirstPaint): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
