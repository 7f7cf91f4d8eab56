/**
 * The sign-in page rendered by React's server renderer, for the server to send as HTML (server/src/spa/
 * sign-in-page.ts): the organisation's name, logo and form paint before any script runs, and the SPA
 * hydrates them (main.tsx). Built by `vite build --ssr` into web/dist-ssr/, a module Node imports as is.
 * The tree is the SPA's own (the same routes, root and page); only the router is a StaticRouter.
 */
import { loadCatalog, prepareLocale } from '@gatehouse/common/i18n/load';
import { DEFAULT_LOCALE, type Locale } from '@gatehouse/common/i18n/locales';
import { setPageLocale } from '@gatehouse/common/i18n/runtime';
import { MESSAGES } from '@gatehouse/common/messages';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { FIRST_PAINT_ID, type FirstPaint, firstPaintJson, seedFirstPaint } from './app/first-paint.ts';
import { AppRoutes } from './app/router.tsx';

const ROOT = '<div id="root"></div>';

let rendering: Promise<unknown> = Promise.resolve();

/**
 * The page's HTML in `locale`: the SPA's index.html (`template`) with the rendered sign-in page in its
 * root, the state it was rendered from beside it, and its title. `location` is the page's path and query.
 * Renderings take turns: the texts read the one page language of this module while React renders (the
 * server caches each page per organisation and language, so turns are rare).
 */
export function renderSignInPage(
  template: string,
  organisation: PublicOrganisation,
  location: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const turn = rendering.then(async () => {
    await prepareLocale(locale);
    setPageLocale(locale);
    try {
      const texts = locale === DEFAULT_LOCALE ? undefined : await loadCatalog(locale);
      return await render(template, { organisation, locale, ...(texts ? { texts } : {}) }, location);
    } finally {
      setPageLocale(DEFAULT_LOCALE);
    }
  });
  rendering = turn.catch(() => undefined);
  return turn;
}

async function render(template: string, state: FirstPaint, location: string): Promise<string> {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty root element');
  const { organisation } = state;
  const queryClient = new QueryClient();
  seedFirstPaint(queryClient, state);
  // Waits for the lazy parts the page shows (the base host's organisation finder, passwordless sign-in).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  const decoder = new TextDecoder();
  let markup = '';
  for await (const chunk of prelude as AsyncIterable<string | Uint8Array>) {
    markup += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  markup += decoder.decode();
  queryClient.clear();
  // As usePageTitle sets it once the SPA runs.
  const title = `${MESSAGES.signInTitle} - ${organisation.displayName}`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      ROOT,
      () => `<div id="root">${markup}</div><script type="application/json" id="${FIRST_PAINT_ID}">${firstPaintJson(state)}</script>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
