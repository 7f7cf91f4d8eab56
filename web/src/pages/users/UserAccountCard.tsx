import { usersApi } from '@gatehouse/common/api/users';
import { formatDateTime, formatNumber } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES, type UserAction } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { forgetUser, storeUser } from '../../api/user-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { flashOn, useActionFeedback } from '../../features/feedback/feedback.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { mayManage } from '../../features/users/roles.ts';
import { StatusPill } from '../../features/users/StatusPill.tsx';

/**
 * The edit screen's right card: email, status (Enable, Disable, Resend invite email, Clear lockout),
 * password (Send reset email), MFA (Reset), email verification (Resend verification email) and Delete
 * user. Each action answers with the spec's success message; on oneself the status, reset and delete
 * actions are not offered.
 */
export function UserAccountCard({ user }: { user: Account }) {
  const { user: me } = useSignedInUser();
  const others = me.id !== user.id && mayManage(me.role, user.role);
  const mayAct = mayManage(me.role, user.role);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const [deleting, setDeleting] = useState(false);
  const [resetting, setResetting] = useState(false);
  const act = useMutation({
    mutationFn: (action: UserAction) => call(usersApi.actions[action], { params: { id: user.id } }),
    onMutate: () => feedback.start(),
    onSuccess: (result) => {
      storeUser(queryClient, result.user);
      setResetting(false);
      feedback.succeed(result.message);
    },
    onError: (error) => {
      setResetting(false);
      notifyError(error, 'user');
    },
  });
  const remove = useMutation({
    mutationFn: () => call(usersApi.delete, { params: { id: user.id } }),
    onMutate: () => feedback.start(),
    onSuccess: () => {
      forgetUser(queryClient, user.id);
      flashOn(ROUTES.users.path, MESSAGES.userDeleted);
      void navigate(ROUTES.users.path, { replace: true });
    },
    onError: (error) => {
      setDeleting(false);
      notifyError(error, 'user');
    },
  });
  const action = (name: UserAction, label: string) => (
    <Button variant="secondary" busy={act.isPending && act.variables === name} onClick={() => act.mutate(name)}>
      {label}
    </Button>
  );
  const inactive = user.status === 'Disabled' || user.status === 'Inactive';
  const passwordState = user.passwordSetDate ? M.passwordSet : M.passwordNotSet;

  return (
    <Card title={M.accountCard}>
      <ActionStatus message={feedback.message} />
      <dl className="user-facts">
        <dt>{M.email}</dt>
        <dd>{user.email}</dd>
        <dt>{M.status}</dt>
        <dd>
          <StatusPill status={user.status} />
          {others && inactive && action('enable', M.enable)}
          {others && !inactive && action('disable', M.disable)}
          {mayAct && user.status === 'Pending' && action('resendverification', M.resendInvite)}
          {user.coolingDownUntil && <span className="field-hint">{M.coolingDownUntil(formatDateTime(user.coolingDownUntil) ?? '')}</span>}
          {mayAct && (user.status === 'LockedOut' || user.coolingDownUntil !== null) && action('clearlockout', M.clearLockout)}
        </dd>
        <dt>{M.passwordLabel}</dt>
        <dd>
          <span>{passwordState}</span>
          {others && (user.status === 'SignedUp' || user.status === 'LockedOut') && action('resetpassword', M.sendResetEmail)}
        </dd>
        <dt>{M.mfaLabel}</dt>
        <dd>
          <span>{user.twoStep.enabled ? M.mfaEnabled : M.mfaNotEnabled}</span>
          {user.twoStep.passkeys > 0 && <span> ({M.passkeyCount(user.twoStep.passkeys)})</span>}
          {others && user.twoStep.enabled && (
            <Button variant="secondary" busy={act.isPending && act.variables === 'resettwostep'} onClick={() => setResetting(true)}>
              {M.resetMfa}
            </Button>
          )}
        </dd>
        <dt>{M.emailVerification}</dt>
        <dd>
          <span>{formatDateTime(user.emailVerifiedDate) ?? MESSAGES.notYetVerified}</span>
          {mayAct && user.emailVerifiedDate === null && user.status !== 'Pending' && action('resendverification', M.resendVerification)}
        </dd>
      </dl>
      {others && (
        <div className="actions">
          <Button variant="secondary" className="button-danger-outline" onClick={() => setDeleting(true)}>
            {M.deleteUser}
          </Button>
        </div>
      )}
      <Dialog
        open={resetting}
        header={M.resetMfaHeader}
        text={M.resetMfaText(user.twoStep.passkeys)}
        important
        busy={act.isPending}
        onAffirm={() => act.mutate('resettwostep')}
        onCancel={() => setResetting(false)}
      />
      <Dialog
        open={deleting}
        header={M.deleteHeader}
        text={M.deleteText}
        important
        busy={remove.isPending}
        onAffirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      />
    </Card>
  );
}

/** 'Access history': last sign in, last failed sign in and consecutive failed sign ins. */
export function AccessHistoryCard({ user }: { user: Account }) {
  return (
    <Card title={M.accessHistory}>
      <dl className="user-facts">
        <dt>{M.lastSignIn}</dt>
        <dd>{formatDateTime(user.lastSignIn) ?? MESSAGES.never}</dd>
        <dt>{M.lastFailedSignIn}</dt>
        <dd>{formatDateTime(user.lastFailedSignIn) ?? MESSAGES.never}</dd>
        <dt>{M.consecutiveFailedSignIns}</dt>
        <dd>{formatNumber(user.failedAuthCount)}</dd>
      </dl>
    </Card>
  );
}
