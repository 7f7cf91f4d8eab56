import { guardRoute } from '@gatehouse/common/routes';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';

import { isApiError, onAccountStale, onUnauthorised } from '../api/client.ts';
import { queryKeys, setSignedOut, useAccount, useOrganisation } from '../api/queries.ts';
import { Loader } from '../components/Loader.tsx';
import { useLinkTokenExchange } from '../features/link-tokens/use-link-exchange.ts';
import { NotificationsProvider } from '../features/notifications/notifications.tsx';
import { useOrganisationTheme } from '../features/organisation/theme.ts';
import { useInactivitySignOut } from '../features/session/use-inactivity-sign-out.ts';
import { useSignOut } from '../features/session/use-sign-out.ts';
import { PublicLayout } from '../layout/PublicLayout.tsx';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.tsx';
import { AppSessionContext } from './app-session.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { useFocusOnNavigate } from './focus-on-navigate.ts';
import { preloadPage } from './lazy-page.tsx';
import { PAGES } from './pages.ts';

// Only signed-in users see the side menu and top navigation: not part of the sign-in page's first load.
const loadAppLayout = async () => ({ default: (await import('../layout/AppLayout.tsx')).AppLayout });
const AppLayout = lazy(loadAppLayout);

/** Loads the organisation and user, applies the theme, runs the route guard and picks the layout. */
export function Root() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const orgQuery = useOrganisation();
  const accountQuery = useAccount();
  const signOut = useSignOut();
  const org = orgQuery.data;
  const user = accountQuery.data ?? null;

  useEffect(() => onUnauthorised(() => setSignedOut(queryClient)), [queryClient]);
  useEffect(() => onAccountStale(() => void queryClient.invalidateQueries({ queryKey: queryKeys.account })), [queryClient]);
  useInactivitySignOut(Boolean(user), () => signOut.mutate());

  useOrganisationTheme(org, orgQuery.dataUpdatedAt);

  const session = useMemo(() => (org ? { org, user } : null), [org, user]);
  const linkReady = useLinkTokenExchange();
  useFocusOnNavigate();

  if (orgQuery.isError && isApiError(orgQuery.error, 404)) return <NotFoundPage unknownOrganisation />;
  if (orgQuery.isError) throw orgQuery.error;
  if (!org || !session || accountQuery.isPending || !linkReady) return <Loader />;
  if (accountQuery.isError) throw accountQuery.error;

  const decision = guardRoute(location.pathname, user, org.isBase);
  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace state={decision.referrer ? { referrer: decision.referrer + location.search } : undefined} />;
  }
  const Page = decision.kind === 'allow' ? PAGES[decision.name] : undefined;
  // A page that fails (its code or data could not load) shows the error page in its place, in the layout.
  const content = (
    <ErrorBoundary resetKey={location.key} embedded>
      {Page ? <Page /> : <NotFoundPage />}
    </ErrorBoundary>
  );
  // A signed-in user of an organisation (not the base host) sees the side menu and top navigation.
  const layoutUser = org.isBase ? null : user;
  // The layout's and the page's chunks load side by side rather than one after the other.
  if (layoutUser && Page) preloadPage(Page);

  return (
    <AppSessionContext value={session}>
      <NotificationsProvider>
        {layoutUser ? (
          <Suspense fallback={<Loader />}>
            <AppLayout
              user={layoutUser}
              org={org}
              reduced={decision.kind === 'allow' && decision.name === 'twoStep' && layoutUser.requiresTwoStep}
            >
              {content}
            </AppLayout>
          </Suspense>
        ) : (
          <PublicLayout org={org}>{content}</PublicLayout>
        )}
      </NotificationsProvider>
    </AppSessionContext>
  );
}
