import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import type { NavigationState } from '../../app/navigation-state.ts';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { LinkProblem } from '../../features/account/LinkProblem.tsx';
import { useRunOnce } from '../../features/account/use-run-once.ts';
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
    mutationFn: () => call(signUpApi.verifyEmail, { body: { verificationID } }),
    onSuccess: (result) => {
      if (result.outcome === 'completeSignUp') {
        void navigate(ROUTES.completeSignup.path, { replace: true, state: { email: result.email } });
      } else if (user) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        notify('success', MESSAGES.emailVerificationSuccessful);
        void navigate(ROUTES.dashboard.path, { replace: true });
      } else {
        const success: NavigationState['success'] = result.outcome === 'verified' ? 'emailVerificationSuccessful' : 'alreadySignedUp';
        void navigate(ROUTES.home.path, { replace: true, state: { success } satisfies NavigationState });
      }
    },
  });
  useRunOnce(() => verify.mutate());

  if (verify.isError) {
    return (
      <Card className="auth-card">
        <LinkProblem error={verify.error}>
          {!org.preventSelfSignUp && !user && <Link to={ROUTES.signup.path}>{ACCOUNT_MESSAGES.requestNewLink}</Link>}
        </LinkProblem>
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
