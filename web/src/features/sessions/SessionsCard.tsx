import { accountSessionsApi, userSessionsApi } from '@gatehouse/common/api/sessions';
import { formatDateTime } from '@gatehouse/common/format';
import type { SessionSummary } from '@gatehouse/common/schemas/sessions';
import { SESSION_MESSAGES as M, SIGN_IN_METHOD_LABELS } from '@gatehouse/common/session-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { sessionKeys, useSessions, type Whose } from '../../api/session-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useActionFeedback } from '../feedback/feedback.ts';
import { useNotifications } from '../notifications/notifications.tsx';

import '../two-step/two-step.css';

const deviceOf = (s: SessionSummary) => `${s.browser ?? M.unknownBrowser} · ${s.system ?? M.unknownSystem}`;

/**
 * "Devices and sessions": where the person is signed in (browser and system, address, first and last
 * seen, how), each signed out on its own; the person may sign out of every other session, an
 * administrator (`whose` a user's id) signs them out everywhere, applications included.
 */
export function SessionsCard({ whose }: { whose: Whose }) {
  const sessions = useSessions(whose);
  const queryClient = useQueryClient();
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.sessions(whose) });
  const end = useMutation({
    mutationFn: (session: SessionSummary) =>
      whose === null
        ? call(accountSessionsApi.end, { params: { sessionId: session.id } })
        : call(userSessionsApi.end, { params: { id: whose, sessionId: session.id } }),
    onMutate: () => feedback.start(),
    onSuccess: (list) => {
      queryClient.setQueryData(sessionKeys.sessions(whose), list);
      feedback.succeed(M.signedOutOne);
    },
    onError: (error) => {
      void refresh();
      notifyError(error);
    },
  });
  const others = useMutation({
    mutationFn: () => call(accountSessionsApi.endOthers),
    onMutate: () => feedback.start(),
    onSuccess: ({ ended }) => {
      void refresh();
      feedback.succeed(M.signedOutOthers(ended));
    },
    onError: (error) => notifyError(error),
  });
  const everywhere = useMutation({
    mutationFn: (id: string) => call(userSessionsApi.signOutEverywhere, { params: { id } }),
    onMutate: () => feedback.start(),
    onSuccess: () => {
      setConfirming(false);
      void refresh();
      void queryClient.invalidateQueries({ queryKey: sessionKeys.applications(whose) });
      feedback.succeed(M.signedOutEverywhere);
    },
    onError: (error) => {
      setConfirming(false);
      notifyError(error, 'user');
    },
  });
  const list = sessions.data?.sessions ?? [];
  return (
    <Card title={M.devicesHeading}>
      <p>{whose === null ? M.devicesIntro : M.userDevicesIntro}</p>
      <ActionStatus message={feedback.message} />
      {sessions.isPending ? (
        <Loader />
      ) : sessions.isError ? (
        <Alert kind="error">{sessions.error.message}</Alert>
      ) : list.length === 0 ? (
        <p>{M.noSessions}</p>
      ) : (
        <ul className="factor-list">
          {list.map((session) => (
            <li className="factor" key={session.id}>
              <div className="factor-summary">
                <strong>{deviceOf(session)}</strong>
                {session.current && <span className="badge">{M.thisDevice}</span>}
              </div>
              <p className="field-hint">
                {M.address} {session.address ?? '—'} · {M.firstSeen} {formatDateTime(session.firstSeen)} · {M.lastSeen}{' '}
                {formatDateTime(session.lastSeen)} · {M.signedInWith} {session.methods.map((m) => SIGN_IN_METHOD_LABELS[m]).join(', ')}
              </p>
              {!session.current && (
                <Button
                  variant="secondary"
                  aria-label={`${M.signOut}: ${deviceOf(session)}`}
                  busy={end.isPending && end.variables?.id === session.id}
                  onClick={() => end.mutate(session)}
                >
                  {M.signOut}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data?.more && <p className="field-hint">{M.moreSessions(list.length)}</p>}
      <div className="actions">
        {whose === null
          ? list.some((s) => !s.current) && (
              <Button variant="secondary" busy={others.isPending} onClick={() => others.mutate()}>
                {M.signOutOthers}
              </Button>
            )
          : list.length > 0 && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {M.signOutEverywhere}
              </Button>
            )}
      </div>
      {whose !== null && (
        <Dialog
          open={confirming}
          header={M.signOutEverywhere}
          text={M.signOutEverywhereConfirm}
          affirmativeButtonText={M.signOutEverywhere}
          important
          busy={everywhere.isPending}
          onAffirm={() => everywhere.mutate(whose)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}
