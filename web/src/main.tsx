import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { isApiError, NETWORK_FAILURE } from './api/client.ts';
import { FIRST_PAINT_ID, type FirstPaint, rendersAsServed, seedFirstPaint } from './app/first-paint.ts';
import { startPageLanguage, startServedLanguage } from './app/language.ts';
import { AppRouter } from './app/router.tsx';
import { preloadServedSignInPage } from './pages/sign-in/SignInPage.tsx';

import './theme/base.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Retry only what may pass on a second try: network failures and server errors.
      retry: (count, error) => count < 2 && (!isApiError(error) || error.status === NETWORK_FAILURE || error.status >= 500),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

/**
 * Marks the document once React has taken the page over, its handlers attached: until then a served
 * sign-in form submits on its own and the server answers with a notice (spa/static.ts). Browser
 * journeys wait for the mark before they type.
 */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <LiveMark />
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>
);

const root = document.getElementById('root')!;
const servedJson = document.getElementById(FIRST_PAINT_ID)?.textContent;
const served = servedJson ? (JSON.parse(servedJson) as FirstPaint) : null;
// The texts are read while rendering, so the page's language comes first: from the served page's own
// catalog when it carries one (no request before hydration), else loaded.
if (!served || !startServedLanguage(served.locale, served.texts)) await startPageLanguage();
// The server sent the sign-in page already rendered (app/first-paint.ts): the SPA takes it over as it is.
if (served && rendersAsServed()) {
  const state = served;
  seedFirstPaint(queryClient, state);
  void preloadServedSignInPage(state.organisation).then(() => hydrateRoot(root, app));
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
