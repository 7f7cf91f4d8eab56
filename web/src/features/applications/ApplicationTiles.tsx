import { MESSAGES } from '@gatehouse/common/messages';
import { isAdminRole } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';

import { Card } from '../../components/Card.tsx';
import { applicationColours, ApplicationLogo } from './ApplicationLogo.tsx';

import './applications.css';

/** The 'My applications' card: one tile per application the user can open, in the application's own colour, six to a row. */
export function ApplicationTiles({ user }: { user: Account }) {
  return (
    <Card title={MESSAGES.myApplications} className="card-wide">
      {user.clients.length === 0 ? (
        <>
          <p>{MESSAGES.noApplications}</p>
          {!isAdminRole(user.role) && <p>{MESSAGES.adminsAccessAll}</p>}
        </>
      ) : (
        <ul className="app-tiles">
          {user.clients.map((app) => {
            const content = (
              <>
                <ApplicationLogo app={app} />
                <span className="app-tile-name">{app.name}</span>
              </>
            );
            return (
              <li key={app.id} className="app-tile" style={{ borderTopColor: applicationColours(app).background }}>
                {app.landingURL ? <a href={app.landingURL}>{content}</a> : <span>{content}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/**
 * The dashboard redirect rule: an end user with exactly one application, which has a landing page,
 * goes straight there when the organisation turned the dashboard redirect on.
 */
export function dashboardRedirectURL(user: Pick<Account, 'role' | 'clients'>, dashboardRedirect: boolean): string | null {
  if (!dashboardRedirect || user.role !== 'EndUser' || user.clients.length !== 1) return null;
  return user.clients[0]!.landingURL;
}
