import { Link } from 'react-router';
import { AUDIT_MESSAGES as M } from '@gatehouse/common/audit';
import { formatDateTime } from '@gatehouse/common/format';
import { ROUTES } from '@gatehouse/common/routes';
import { useUserEvents } from '../../api/audit-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { actorLabel, eventLabel, subjectLabel } from './format.ts';
import './audit.css';

/** A user's latest events on their page, for Organisation Admins (who may read the audit log). */
export function UserActivityCard({ userId, email }: { userId: string; email: string }) {
  const { user: me } = useSignedInUser();
  const allowed = me.role === 'OrganisationAdministrator';
  const events = useUserEvents(userId, allowed);
  if (!allowed) return null;
  return (
    <Card title={M.recentHeading}>
      {events.isPending ? (
        <Loader />
      ) : events.isError ? (
        <Alert kind="error">{events.error.message}</Alert>
      ) : events.data.events.length === 0 ? (
        <p>{M.recentNone}</p>
      ) : (
        <ul className="user-activity">
          {events.data.events.map((event) => (
            <li key={event.id}>
              <strong>{eventLabel(event.type)}</strong> <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
              {/* What this user did to someone or something else names it: "User disabled" alone reads as their own. */}
              {event.subject && event.subject.id !== userId && (
                <span className="audit-detail">{` ${M.about}: ${subjectLabel(event.subject)}`}</span>
              )}
              {event.actor.id !== userId && <span className="audit-detail">{` ${M.doneBy}: ${actorLabel(event.actor)}`}</span>}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`${ROUTES.audit.path}?who=${encodeURIComponent(email)}`}>{M.seeAll}</Link>
      </p>
    </Card>
  );
}
