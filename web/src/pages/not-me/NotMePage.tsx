import { ACCOUNT_MESSAGES as M } from '@gatehouse/common/account-messages';
import { newBrowserApi } from '@gatehouse/common/api/sessions';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';

import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { LinkProblem } from '../../features/account/LinkProblem.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /notme?token=...: a new-browser notice's "This wasn't me" link. Nothing happens on arrival (a mail
 * scanner that opens links must not sign anyone out): the person confirms with the button.
 */
export function NotMePage() {
  usePageTitle(ROUTES.notMe.title);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const token = params.get('token') ?? '';
  const disown = useMutation({
    mutationFn: () => call(newBrowserApi.notMe, { body: { token } }),
    // This browser is signed out too.
    onSuccess: () => queryClient.clear(),
  });

  if (disown.isError) {
    return (
      <Card className="auth-card">
        <LinkProblem error={disown.error} />
      </Card>
    );
  }
  return (
    <Card className="auth-card">
      <h1>{M.notMeHeading}</h1>
      {disown.isSuccess ? (
        <>
          <Alert kind="success">{M.notMeDone}</Alert>
          <p className="auth-links">
            <Link to={ROUTES.home.path}>{MESSAGES.backToHome}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{M.notMeText}</p>
          <Button busy={disown.isPending} onClick={() => disown.mutate()}>
            {M.notMeButton}
          </Button>
        </>
      )}
    </Card>
  );
}
