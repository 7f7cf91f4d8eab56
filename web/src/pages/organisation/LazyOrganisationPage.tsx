import { lazy, Suspense } from 'react';
import { Loader } from '../../components/Loader.tsx';

// Only Organisation Admins open this page: its code loads when it is first shown, not with every sign-in page.
const OrganisationPage = lazy(async () => ({ default: (await import('./OrganisationPage.tsx')).OrganisationPage }));

export function LazyOrganisationPage() {
  return (
    <Suspense fallback={<Loader />}>
      <OrganisationPage />
    </Suspense>
  );
}
