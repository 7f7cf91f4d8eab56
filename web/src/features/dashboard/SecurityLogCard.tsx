import { formatDateTime } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { Link } from 'react-router';

import { Card } from '../../components/Card.tsx';

/** Sign-in history of the signed-in user; missing dates read 'Never', a missing password date reads nothing. */
export function SecurityLogCard({ user }: { user: Account }) {
  return (
    <Card title={MESSAGES.securityLog}>
      <dl className="facts">
        <dt>{MESSAGES.previouslySignedInAt}</dt>
        <dd>{formatDateTime(user.previousSignIn) ?? MESSAGES.never}</dd>
        <dt>{MESSAGES.lastFailedSignInAt}</dt>
        <dd>{formatDateTime(user.lastFailedSignIn) ?? MESSAGES.never}</dd>
        <dt>{MESSAGES.passwordLastChanged}</dt>
        <dd>{formatDateTime(user.passwordSetDate) ?? ''}</dd>
      </dl>
      <Link to={ROUTES.updatePassword.path}>{MESSAGES.changePassword}</Link>
    </Card>
  );
}
