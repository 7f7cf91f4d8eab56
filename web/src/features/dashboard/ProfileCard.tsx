import { ROLE_LABELS } from '@gatehouse/common/policy';
import { MESSAGES } from '@gatehouse/common/messages';
import type { Account } from '@gatehouse/common/schemas/account';
import { formatDateTime } from '@gatehouse/common/format';
import { Card } from '../../components/Card.tsx';

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
        <dd>{formatDateTime(user.emailVerifiedDate) ?? MESSAGES.notYetVerified}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
      </dl>
    </Card>
  );
}
