import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { useNavigate } from 'react-router';

import { useSignedInUser } from '../../app/app-session.ts';
import { Card } from '../../components/Card.tsx';
import { pendingRedirectURL } from '../../features/client-sign-in/redirect-url.ts';
import { ChangePasswordForm } from '../../features/passwords/ChangePasswordForm.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /passwordexpired: the user stays here until a new password is set, then goes on to the application being signed in to, or the dashboard. */
export function PasswordExpiredPage() {
  const { user } = useSignedInUser();
  const navigate = useNavigate();
  usePageTitle(ACCOUNT_MESSAGES.passwordExpiredTitle);
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.passwordExpiredTitle}</h1>
      <Card className="form-card">
        <p>{ACCOUNT_MESSAGES.passwordExpiredIntro}</p>
        <ChangePasswordForm
          user={user}
          onChanged={() => void navigate(pendingRedirectURL() ? ROUTES.redirecting.path : ROUTES.dashboard.path, { replace: true })}
        />
      </Card>
    </>
  );
}
