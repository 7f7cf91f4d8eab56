import { DASHBOARD_MESSAGES } from '@gatehouse/common/dashboard';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { Link } from 'react-router';

import { Card } from '../../components/Card.tsx';

/**
 * The admin dashboard's welcome card, shown to a newly set-up organisation (signupcomplete=true) or one
 * with no applications: where to start. Each link is shown only to a role that may follow it.
 */
export function WelcomeCard({ user, signupComplete }: { user: Account; signupComplete: boolean }) {
  const organisationAdmin = user.role === 'OrganisationAdministrator';
  return (
    <Card title={DASHBOARD_MESSAGES.welcomeTitle} className="welcome-card">
      <p>{signupComplete ? DASHBOARD_MESSAGES.welcomeSignupComplete : DASHBOARD_MESSAGES.welcomeIntro}</p>
      <ul className="welcome-links">
        {organisationAdmin && (
          <li>
            <Link to={ROUTES.addApplication.path}>{DASHBOARD_MESSAGES.welcomeAddApplication}</Link>
          </li>
        )}
        {organisationAdmin && (
          <li>
            <Link to={ROUTES.organisation.path}>{DASHBOARD_MESSAGES.welcomeOrganisation}</Link>
          </li>
        )}
        <li>
          <Link to={ROUTES.addUser.path}>{DASHBOARD_MESSAGES.welcomeAddUser}</Link>
        </li>
        {user.passwordSetDate === null && (
          <li>
            <Link to={ROUTES.updatePassword.path}>{DASHBOARD_MESSAGES.welcomeSetPassword}</Link>
          </li>
        )}
      </ul>
    </Card>
  );
}
