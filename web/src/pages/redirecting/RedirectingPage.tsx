import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import { ROUTES } from '@gatehouse/common/routes';
import { applicationStep } from '@gatehouse/common/sign-in-steps';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { useClientAuthSteps } from '../../api/application-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import {
  continueToApplication,
  forgetRedirectURL,
  pendingRedirectURL,
  rememberRedirectURL,
} from '../../features/client-sign-in/redirect-url.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

/**
 * /redirecting: asks what stands between the user and the application and sends the browser on: to the
 * page of the first application step of the sign-in step list still to do (common/sign-in-steps.ts:
 * /applicationpolicy, /emailverificationrequired), or to the redirect URL where the provider answers
 * the application. Without a redirect URL it goes to /. A user without access sees why, and can return
 * to the application, which is then told access_denied.
 */
export function RedirectingPage() {
  usePageTitle(ROUTES.redirecting.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromQuery = params.get('redirecturl');
  const redirectURL = useMemo(() => {
    if (clientIdOfRedirectUrl(fromQuery)) {
      rememberRedirectURL(fromQuery);
      return fromQuery;
    }
    return pendingRedirectURL();
  }, [fromQuery]);
  const steps = useClientAuthSteps(clientIdOfRedirectUrl(redirectURL));

  useEffect(() => {
    if (!redirectURL) {
      void navigate(ROUTES.home.path, { replace: true });
      return;
    }
    // Only an answer fetched for this visit counts: the steps change as the user walks them.
    const data = steps.isFetchedAfterMount ? steps.data : undefined;
    if (!data || !data.hasAccess) return;
    // The account's steps are the guard's (Root.tsx), before this page shows; the application's are walked from here.
    const step = applicationStep(data);
    if (step) void navigate(ROUTES[step.route].path, { replace: true });
    else continueToApplication(redirectURL);
  }, [redirectURL, steps.data, steps.isFetchedAfterMount, navigate]);

  const cancel = (
    <Link to={ROUTES.home.path} onClick={forgetRedirectURL}>
      {M.cancel}
    </Link>
  );

  if (redirectURL && steps.data && !steps.data.hasAccess) {
    return (
      <Card className="auth-card">
        <h1>{M.noAccessTitle}</h1>
        <p>
          <strong>{steps.data.clientName}</strong>
        </p>
        <p>{M.noAccessText}</p>
        <div className="actions">
          <Button onClick={() => continueToApplication(redirectURL)}>{M.returnToApplication}</Button>
          {cancel}
        </div>
      </Card>
    );
  }
  return (
    <Card className="auth-card">
      <h1>{M.redirecting}</h1>
      {steps.isError ? <Alert kind="error">{steps.error.message}</Alert> : <Loader label={M.redirecting} />}
      <p>{cancel}</p>
    </Card>
  );
}
