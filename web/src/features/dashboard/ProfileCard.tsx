import { DASHBOARD_MESSAGES, profileCompletion, type ProfileTask, profileTasks } from '@gatehouse/common/dashboard';
import { ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { Link } from 'react-router';

import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Meter } from '../../components/Meter.tsx';
import { useResendVerification } from '../account/use-resend-verification.ts';
import { useNotifications } from '../notifications/notifications.tsx';

import './dashboard.css';

const TASK_LABELS: Record<ProfileTask, string> = {
  emailVerified: DASHBOARD_MESSAGES.taskVerifyEmail,
  firstName: DASHBOARD_MESSAGES.taskFirstName,
  mfa: DASHBOARD_MESSAGES.taskMfa,
};

/**
 * The profile completion widget ('Complete your profile'): email verified, first name set and MFA
 * enabled, each a third of 100%. An unverified email's task sends the confirmation email again; the
 * others link to /account and /twostep. Below them, the user's passkeys: how many, and a link to add or manage them.
 */
export function ProfileCard({ user }: { user: Account }) {
  const percent = profileCompletion(user);
  const label = DASHBOARD_MESSAGES.profileComplete(percent);
  return (
    <Card title={DASHBOARD_MESSAGES.completeProfile}>
      <Meter
        label={DASHBOARD_MESSAGES.profileCompletion}
        value={percent}
        valueText={label}
        // An unfinished profile is a to-do, not a danger: never red.
        tone={percent === 100 ? 'high' : 'medium'}
      />
      <ul className="profile-tasks">
        {profileTasks(user).map(({ task, done }) => (
          <li key={task} className={done ? 'profile-task profile-task-done' : 'profile-task'}>
            {done ? (
              <>
                <span aria-hidden="true">✓ </span>
                {TASK_LABELS[task]}
                <span className="visually-hidden"> ({DASHBOARD_MESSAGES.taskDone})</span>
              </>
            ) : task === 'emailVerified' ? (
              <ResendConfirmation />
            ) : (
              <Link to={task === 'firstName' ? ROUTES.account.path : ROUTES.twoStep.path}>{TASK_LABELS[task]}</Link>
            )}
          </li>
        ))}
      </ul>
      <p className="profile-passkeys">
        {DASHBOARD_MESSAGES.passkeyCount(user.twoStep.passkeys)} ·{' '}
        <Link to={ROUTES.twoStep.path}>
          {user.twoStep.passkeys === 0 ? DASHBOARD_MESSAGES.addPasskey : DASHBOARD_MESSAGES.managePasskeys}
        </Link>
      </p>
    </Card>
  );
}

/** Sends the verification email again; then says 'Confirmation email sent'. */
function ResendConfirmation() {
  const resend = useResendVerification();
  const { notifyError } = useNotifications();
  if (resend.isSuccess) return <span role="status">{resend.data.message}</span>;
  return (
    <Button
      variant="link"
      busy={resend.isPending}
      title={DASHBOARD_MESSAGES.taskVerifyEmailAction}
      onClick={() => resend.mutate(undefined, { onError: (error) => notifyError(error) })}
    >
      {DASHBOARD_MESSAGES.taskVerifyEmail}
    </Button>
  );
}
