import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';

/** 'Sorry...' with the spec's token message (or the caller's, such as a used invitation's) when an emailed link did not work (a server fault says so instead). */
export function LinkProblem({ error, refusedText, children }: { error: unknown; refusedText?: string; children?: ReactNode }) {
  const refused = !isApiError(error) || (error.status >= 400 && error.status < 500);
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.sorry}</h1>
      <Alert kind="error">{refused ? (refusedText ?? MESSAGES.tokenUnrecognised) : MESSAGES.genericError}</Alert>
      <p className="auth-links">
        <Link to={ROUTES.home.path}>{MESSAGES.backToHome}</Link>
        {children}
      </p>
    </>
  );
}
