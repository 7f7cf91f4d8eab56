import { MESSAGES } from '@gatehouse/common/messages';
import { isAdminRole } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import type { PublicOrganisation } from '@gatehouse/common/schemas/organisation';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

import { useSignedInUser } from '../../app/app-session.ts';
import { ApplicationTiles, dashboardRedirectURL } from '../../features/applications/ApplicationTiles.tsx';
import { MetricTiles } from '../../features/dashboard/MetricTiles.tsx';
import { ProfileCard } from '../../features/dashboard/ProfileCard.tsx';
import { SecurityLogCard } from '../../features/dashboard/SecurityLogCard.tsx';
import { WelcomeCard } from '../../features/dashboard/WelcomeCard.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** Admins see the admin view ('Dashboard'); an end user sees 'Welcome'. */
export function DashboardPage() {
  const { user, org } = useSignedInUser();
  return isAdminRole(user.role) ? <AdminDashboard user={user} org={org} /> : <UserDashboard user={user} org={org} />;
}

function AdminDashboard({ user, org }: { user: Account; org: PublicOrganisation }) {
  usePageTitle(MESSAGES.dashboardTitle);
  // A newly signed-up organisation arrives from the base organisation's hand-over with signupcomplete=true.
  const [params] = useSearchParams();
  const signupComplete = params.get('signupcomplete') === 'true';
  // Admins are given every application of the organisation: none yet means it is still being set up.
  const showWelcome = signupComplete || user.clients.length === 0;
  return (
    <>
      <h1>{MESSAGES.dashboardTitle}</h1>
      <p className="lead">
        {org.displayName} · {org.hostname}
      </p>
      {showWelcome && (
        <div className="dashboard-section">
          <WelcomeCard user={user} signupComplete={signupComplete} />
        </div>
      )}
      <MetricTiles user={user} org={org} />
      <div className="card-grid dashboard-section">
        <SecurityLogCard user={user} />
        <ProfileCard user={user} />
      </div>
    </>
  );
}

function UserDashboard({ user, org }: { user: Account; org: PublicOrganisation }) {
  usePageTitle(MESSAGES.welcomeTitle);
  const landing = dashboardRedirectURL(user, org.dashboardRedirect);
  useEffect(() => {
    if (landing) window.location.replace(landing);
  }, [landing]);
  return (
    <>
      <h1>{MESSAGES.welcomeTitle}</h1>
      <div className="card-grid">
        <SecurityLogCard user={user} />
        <ProfileCard user={user} />
        <ApplicationTiles user={user} />
      </div>
    </>
  );
}
