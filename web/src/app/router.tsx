import { BrowserRouter, Route, Routes, useLocation } from 'react-router';

import { ErrorBoundary } from './error-boundary.tsx';
import { Root } from './Root.tsx';

/**
 * One catch-all route: the Root applies the shared route table (common/src/routes.ts) and its guard rules.
 * A declarative router, not a data router (createBrowserRouter): the SPA uses no loaders, actions or
 * fetchers, and the data router would add 17 KB gzip to the sign-in page's first load.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes without their router: the server renders them in a StaticRouter (server-render.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="*" element={<RootWithErrorPage />} />
    </Routes>
  );
}

function RootWithErrorPage() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.key}>
      <Root />
    </ErrorBoundary>
  );
}
