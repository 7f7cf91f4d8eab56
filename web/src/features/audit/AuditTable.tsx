import { AUDIT_MESSAGES as M } from '@gatehouse/common/audit';
import type { AuditEvent } from '@gatehouse/common/schemas/audit';

import { actorLabel, detailLines, eventLabel, subjectLabel } from './format.ts';

/** Audit events as a table (a list of cards on a phone: each cell carries its column's name). */
export function AuditTable({
  events,
  caption,
  formatTime,
  showSubject = true,
}: {
  events: readonly AuditEvent[];
  caption: string;
  formatTime: (at: number) => string;
  showSubject?: boolean;
}) {
  return (
    <div className="audit-table-wrap">
      <table className="data-table audit-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.time}</th>
            <th scope="col">{M.eventType}</th>
            <th scope="col">{M.doneBy}</th>
            {showSubject && <th scope="col">{M.about}</th>}
            <th scope="col">{M.address}</th>
            <th scope="col">{M.details}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td data-label={M.time}>
                <time dateTime={new Date(event.at).toISOString()}>{formatTime(event.at)}</time>
              </td>
              <th scope="row" data-label={M.eventType}>
                {eventLabel(event.type)}
              </th>
              <td data-label={M.doneBy}>{actorLabel(event.actor)}</td>
              {showSubject && <td data-label={M.about}>{subjectLabel(event.subject)}</td>}
              <td data-label={M.address} className="audit-address">
                {event.ip ?? ''}
              </td>
              <td data-label={M.details}>
                {detailLines(event.details, event.names).map((line) => (
                  <div key={line} className="audit-detail">
                    {line}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
