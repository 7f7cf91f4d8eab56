import { accountSessionsApi } from '@gatehouse/common/api/sessions';
import { formatDateTime } from '@gatehouse/common/format';
import type { ConnectedApplication } from '@gatehouse/common/schemas/sessions';
import { SESSION_MESSAGES as M } from '@gatehouse/common/session-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '../../api/client.ts';
import { sessionKeys, useConnectedApplications, type Whose } from '../../api/session-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useActionFeedback } from '../feedback/feedback.ts';
import { useNotifications } from '../notifications/notifications.tsx';

import '../two-step/two-step.css';

/**
 * "Connected applications": each application holding a grant or refresh token of the person, what it
 * was granted and when it was last used; the person removes an application's access (administrators
 * see the list; "Sign out everywhere" removes them all).
 */
export function ConnectedApplicationsCard({ whose }: { whose: Whose }) {
  const applications = useConnectedApplications(whose);
  const queryClient = useQueryClient();
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const remove = useMutation({
    mutationFn: (app: ConnectedApplication) => call(accountSessionsApi.removeApplication, { params: { clientId: app.id } }),
    onMutate: () => feedback.start(),
    onSuccess: (list) => {
      queryClient.setQueryData(sessionKeys.applications(whose), list);
      feedback.succeed(M.accessRemoved);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.applications(whose) });
      notifyError(error);
    },
  });
  const list = applications.data?.applications ?? [];
  return (
    <Card title={M.applicationsHeading}>
      {whose === null && <p>{M.applicationsIntro}</p>}
      <ActionStatus message={feedback.message} />
      {applications.isPending ? (
        <Loader />
      ) : applications.isError ? (
        <Alert kind="error">{applications.error.message}</Alert>
      ) : list.length === 0 ? (
        <p>{M.noApplications}</p>
      ) : (
        <ul className="factor-list">
          {list.map((app) => (
            <li className="factor" key={app.id}>
              <div className="factor-summary">
                <strong>{app.name}</strong>
                {app.scopes.length > 0 && <span> · {app.scopes.join(', ')}</span>}
              </div>
              <p className="field-hint">
                {M.granted} {formatDateTime(app.grantedAt) ?? M.never} · {M.lastUsed} {formatDateTime(app.lastUsed) ?? M.never}
              </p>
              {whose === null && (
                <Button
                  variant="secondary"
                  aria-label={`${M.removeAccess}: ${app.name}`}
                  busy={remove.isPending && remove.variables?.id === app.id}
                  onClick={() => remove.mutate(app)}
                >
                  {M.removeAccess}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {applications.data?.more && <p className="field-hint">{M.moreApplications(list.length)}</p>}
    </Card>
  );
}
