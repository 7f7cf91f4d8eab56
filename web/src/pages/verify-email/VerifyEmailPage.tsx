import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { API, ROUTES } from '@gatehouse/common/routes';
import type { VerifyEmailResult } from '@gatehouse/common/schemas/signup';
import { api, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useAppSession } from '../../app/app-session.ts';
import type { NavigationState } from '../../app/navigation-state.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /verifyemail?verificationID=...: verifies on arrival, then on to choosing a password, or back to sign-in. */
export function VerifyEmailPage() {
  usePageTitle(ROUTES.verifyEmail.title);
  const { org, user } = useAppSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const verificationID = params.get('verificationID') ?? '';
  const verify = useMutation({
    mutationFn: () => api<VerifyEmailResult>(API.verifyemail, { form: { verificationID } }),
    onSuccess: (result) => {
      if (result.outcome === 'completeSignUp') {
        void navigate('/completesignup', { replace: true, state: { email: result.email } });
      } else if (user) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        notify('success', MESSAGES.emailVerificationSuccessful);
        void navigate('/dashboard', { replace: true });
      } else {
        const success: NavigationState['success'] = result.outcome === 'verified' ? 'emailVerificationSuccessful' : 'alreadySignedUp';
        void navigate('/', { replace: true, state: { success } satisfies NavigationState });
      }
    },
  });
  // Verify once, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate();
  }, [verify]);

  if (verify.isError) {
    const message = isApiError(verify.error) && verify.error.status < 500 ? MESSAGES.tokenUnrecognised : MESSAGES.genericError;
    return (
      <Card className="auth-card">
        <h1>{ACCOUNT_MESSAGES.sorry}</h1>
        <Alert kind="error">{message}</Alert>
        <p className="auth-links">
          <Link to="/">{MESSAGES.backToHome}</Link>
          {!org.preventSelfSignUp && !user && <Link to="/signup">{ACCOUNT_MESSAGES.requestNewLink}</Link>}
        </p>
      </Card>
    );
  }
  return (
    <Card className="auth-card">
      <h1>{ACCOUNT_MESSAGES.verifyingEmail}</h1>
      <Loader label={ACCOUNT_MESSAGES.verifyingEmail} />
    </Card>
  );
}
