/**
 * The user's page (user admins): the sign-in connections the person is linked to, with the groups the
 * provider sent at their last sign-in through each (the connection's groups claim, a plain attribute
 * that grants nothing). Nothing shows for a person with no link.
 */
import { CONNECTION_MESSAGES as M } from '@gatehouse/common/connection-messages';
import { formatDateTime } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';

import { useUserConnections } from '../../api/connection-queries.ts';
import { Card } from '../../components/Card.tsx';

export function UserConnectionsCard({ userId }: { userId: string }) {
  const links = useUserConnections(userId);
  if (!links.data || links.data.length === 0) return null;
  return (
    <Card title={M.userConnectionsTitle}>
      {links.data.map((link) => (
        <dl key={link.connectionId} className="user-facts" aria-label={link.name}>
          <dt>{M.userConnection}</dt>
          <dd>{link.name}</dd>
          <dt>{M.userGroups}</dt>
          <dd>{link.groups && link.groups.length > 0 ? link.groups.join(', ') : M.userNoGroups}</dd>
          <dt>{M.userLastUsed}</dt>
          <dd>{formatDateTime(link.lastUsedAt) ?? MESSAGES.never}</dd>
        </dl>
      ))}
    </Card>
  );
}
