import { AUDIT_MESSAGES as M, USER_ACTIVITY_KINDS, type UserActivityKind } from '@gatehouse/common/audit';
import { formatDateTime } from '@gatehouse/common/format';
import { ROUTES } from '@gatehouse/common/routes';
import { useState } from 'react';
import { Link } from 'react-router';

import { useUserEvents } from '../../api/audit-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Select } from '../../components/Select.tsx';
import { actorLabel, eventLabel, subjectLabel } from './format.ts';

import './audit.css';

const KIND_OPTIONS = [
  { value: '', label: M.allActivity },
  ...Object.entries(USER_ACTIVITY_KINDS).map(([value, kind]) => ({ value, label: kind.label })),
];

/**
 * A person's activity timeline on their page, for Organisation Admins (who may read the audit log):
 * their events newest first, ten at a time with older ones on demand, filtered by kind, each with the
 * address it came from and its correlation id.
 */
export function UserActivityCard({ userId, email }: { userId: string; email: string }) {
  const { user: me } = useSignedInUser();
  const allowed = me.role === 'OrganisationAdministrator';
  const [kind, setKind] = useState<UserActivityKind | ''>('');
  const events = useUserEvents(userId, kind ? USER_ACTIVITY_KINDS[kind].types : [], allowed);
  if (!allowed) return null;
  const list = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Card title={M.recentHeading}>
      <Select
        label={M.activityKind}
        options={KIND_OPTIONS}
        value={kind}
        onChange={(e) => setKind(e.target.value as UserActivityKind | '')}
      />
      {events.isPending ? (
        <Loader />
      ) : events.isError ? (
        <Alert kind="error">{events.error.message}</Alert>
      ) : list.length === 0 ? (
        <p>{M.recentNone}</p>
      ) : (
        <ul className="user-activity">
          {list.map((event) => (
            <li key={event.id}>
              <strong>{eventLabel(event.type)}</strong> <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
              {typeof event.details.method === 'string' && <span className="audit-detail">{` · ${event.details.method}`}</span>}
              {/* What this user did to someone or something else names it: "User disabled" alone reads as their own. */}
              {event.subject && event.subject.id !== userId && (
                <span className="audit-detail">{` ${M.about}: ${subjectLabel(event.subject)}`}</span>
              )}
              {event.actor.id !== userId && <span className="audit-detail">{` ${M.doneBy}: ${actorLabel(event.actor)}`}</span>}
              {event.ip && <span className="audit-detail">{` · ${M.address} ${event.ip}`}</span>}
              {event.requestId && <span className="audit-detail">{` · ${M.correlationId} ${event.requestId}`}</span>}
            </li>
          ))}
        </ul>
      )}
      {events.hasNextPage && (
        <Button variant="secondary" busy={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
          {M.loadMore}
        </Button>
      )}
      <p>
        <Link to={`${ROUTES.audit.path}?who=${encodeURIComponent(email)}`}>{M.seeAll}</Link>
      </p>
    </Card>
  );
}
