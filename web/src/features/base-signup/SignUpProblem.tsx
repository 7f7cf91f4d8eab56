import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { BASE_SIGNUP_MESSAGES } from '@gatehouse/common/base-signup-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { Link } from 'react-router';

import { isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';

/** 'Sorry...' when a base sign-up has expired or was used (a server fault says so instead), with a way to start again. */
export function SignUpProblem({ error }: { error: unknown }) {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return (
    <Card className="auth-card">
      <h1>{ACCOUNT_MESSAGES.sorry}</h1>
      <Alert kind="error">{refused ? BASE_SIGNUP_MESSAGES.linkInvalid : MESSAGES.genericError}</Alert>
      <p className="auth-links">
        <Link to={ROUTES.getStarted.path}>{BASE_SIGNUP_MESSAGES.startAgain}</Link>
      </p>
    </Card>
  );
}
