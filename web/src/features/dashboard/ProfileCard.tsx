import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { ROLE_LABELS } from '@gatehouse/common/policy';
import { MESSAGES } from '@gatehouse/common/messages';
import type { Account } from '@gatehouse/common/schemas/account';
import { formatDateTime } from '@gatehouse/common/format';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { useResendVerification } from '../account/use-resend-verification.ts';
import { useNotifications } from '../notifications/notifications.tsx';

/** Who is signed in: name, email and its verification, role. */
export function ProfileCard({ user }: { user: Account }) {
  const name = [user.firstName, user.surname].filter(Boolean).join(' ');
  return (
    <Card title="Profile">
      <dl className="facts">
        {name && (
          <>
            <dt>Name</dt>
            <dd>{name}</dd>
          </>
        )}
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Email verified</dt>
        <dd>
          {formatDateTime(user.emailVerifiedDate) ?? (
            <>
              {MESSAGES.notYetVerified} <ResendConfirmation />
            </>
          )}
        </dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
      </dl>
    </Card>
  );
}

/** Sends the verification email again; then says 'Confirmation email sent'. */
function ResendConfirmation() {
  const resend = useResendVerification();
  const { notifyError } = useNotifications();
  if (resend.isSuccess) return <span role="status">{resend.data.message}</span>;
  return (
    <Button variant="link" busy={resend.isPending} onClick={() => resend.mutate(undefined, { onError: (error) => notifyError(error) })}>
      {ACCOUNT_MESSAGES.resendConfirmation}
    </Button>
  );
}
