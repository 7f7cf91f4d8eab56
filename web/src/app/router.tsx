import { Component, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';
import { Root } from './Root.tsx';

/**
 * One catch-all route: the Root applies the shared route table (common/routes.ts) and its guard rules.
 * A declarative router, not a data router (createBrowserRouter): the SPA uses no loaders, actions or
 * fetchers, and the data router would add 17 KB gzip to the sign-in page's first load (issue 16).
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

interface BoundaryProps {
  /** A new location clears the error, as the data router's error element did. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown; at: string } | null;
}

/** Shows the error page in place of the page that failed to render. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error, at: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failure) return null;
    // The error belongs to the location it happened at; moving on renders the new location's page.
    if (state.failure.at === '') return { failure: { ...state.failure, at: props.resetKey } };
    return state.failure.at === props.resetKey ? null : { failure: null };
  }

  override render() {
    return this.state.failure ? <ErrorPage error={this.state.failure.error} /> : this.props.children;
  }
}
