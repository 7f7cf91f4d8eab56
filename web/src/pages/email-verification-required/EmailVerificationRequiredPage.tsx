import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { useSignedInUser } from '../../app/app-session.ts';
import { useResendVerification } from '../../features/account/use-resend-verification.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /emailverificationrequired: an application needs a verified address; the email is resent on arrival. */
export function EmailVerificationRequiredPage() {
  const { user } = useSignedInUser();
  const navigate = useNavigate();
  usePageTitle(ROUTES.emailVerificationRequired.title);
  const resend = useResendVerification();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || user.emailVerifiedDate !== null) return;
    sent.current = true;
    resend.mutate();
  }, [resend, user.emailVerifiedDate]);

  return (
    <Card className="form-card">
      <h1>{ACCOUNT_MESSAGES.verificationRequiredHeading}</h1>
      <p>{ACCOUNT_MESSAGES.verificationRequiredText}</p>
      <div className="button-row">
        <Button onClick={() => void navigate('/redirecting')}>{ACCOUNT_MESSAGES.continue}</Button>
        <Button variant="secondary" onClick={() => void navigate('/')}>
          {ACCOUNT_MESSAGES.cancel}
        </Button>
      </div>
    </Card>
  );
}
