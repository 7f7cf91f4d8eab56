import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { useNavigate } from 'react-router';

import { useSignedInUser } from '../../app/app-session.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { useResendVerification } from '../../features/account/use-resend-verification.ts';
import { useRunOnce } from '../../features/account/use-run-once.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /emailverificationrequired: an application needs a verified address; the email is resent on arrival. */
export function EmailVerificationRequiredPage() {
  const { user } = useSignedInUser();
  const navigate = useNavigate();
  usePageTitle(ROUTES.emailVerificationRequired.title);
  const resend = useResendVerification();
  const { notifyError } = useNotifications();
  useRunOnce(() => resend.mutate(undefined, { onError: (error) => notifyError(error) }), user.emailVerifiedDate === null);

  return (
    <Card className="form-card">
      <h1>{ACCOUNT_MESSAGES.verificationRequiredHeading}</h1>
      <p>{ACCOUNT_MESSAGES.verificationRequiredText}</p>
      <div className="button-row">
        <Button onClick={() => void navigate(ROUTES.redirecting.path)}>{ACCOUNT_MESSAGES.continue}</Button>
        <Button variant="secondary" onClick={() => void navigate(ROUTES.home.path)}>
          {ACCOUNT_MESSAGES.cancel}
        </Button>
      </div>
    </Card>
  );
}
