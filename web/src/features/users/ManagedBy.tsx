/**
 * Which identity provider provisions a user (an application with SCIM on, docs/scim.md): a line on the
 * users list and a notice on the user page, whose fields it sets are read-only there.
 */
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';

import { Alert } from '../../components/Alert.tsx';

import './managed-by.css';

/** "Managed by <application>", under a user's email on the users list. */
export function ManagedByLabel({ application }: { application: string }) {
  return (
    <span className="managed-by">
      {M.managedBy} {application}
    </span>
  );
}

/** Why the user's details cannot be changed here, on the user page. */
export function ManagedByNotice({ application }: { application: string }) {
  return <Alert kind="info">{M.managedByNotice(application)}</Alert>;
}
