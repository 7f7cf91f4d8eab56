import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { ROUTES } from '@gatehouse/common/routes';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useNotifications } from '../notifications/notifications.tsx';

/**
 * An application's danger zone, OpenID Connect or SAML: Delete asks first, then `remove` runs and
 * `forget` drops the application from the query cache before the way back to the Applications list.
 */
export function DeleteApplicationCard({
  title,
  id,
  remove,
  forget,
}: {
  title: string;
  id: string;
  remove: () => Promise<unknown>;
  forget: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const { notify, notifyError } = useNotifications();
  const deletion = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      forget();
      notify('success', M.applicationDeleted);
      void navigate(ROUTES.applications.path, { replace: true });
    },
    onError: (error) => {
      setAsking(false);
      notifyError(error, 'client');
    },
  });
  return (
    <Card title={title} id={id} className="danger-zone">
      <Button variant="secondary" className="button-danger-outline" onClick={() => setAsking(true)}>
        {M.deleteApplication}
      </Button>
      <Dialog
        open={asking}
        header={M.deleteHeader}
        text={M.deleteText}
        confirmationText={M.deleteConfirmation}
        affirmativeButtonText={M.deleteButton}
        important
        busy={deletion.isPending}
        onAffirm={() => deletion.mutate()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
