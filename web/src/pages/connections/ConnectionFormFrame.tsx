/** What both connection forms (OpenID Connect and SAML) share around their own fields: saving, and the frame. */
import { CONNECTION_MESSAGES as M } from '@gatehouse/common/connection-messages';
import type { Connection } from '@gatehouse/common/schemas/connections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { isApiError } from '../../api/client.ts';
import { connectionKeys } from '../../api/connection-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';

/**
 * Saves a new connection or a change through `send`; success refreshes the list and says which it was.
 * `errors` are the server's field errors; `failure` its message when no field is to blame.
 */
export function useSaveConnection(connection: Connection | undefined, onDone: (message: string) => void, send: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionKeys.all });
      onDone(connection ? M.updated : M.created);
    },
  });
  const errors = isApiError(save.error) ? (save.error.body?.validation.errors ?? {}) : {};
  const failure = save.isError && Object.keys(errors).length === 0 ? save.error.message : null;
  return { save, errors, failure };
}

/** The form named for what it does, with Save and Cancel for a change, Add (`addLabel`) in a card for a new connection. */
export function ConnectionFormFrame({
  connection,
  heading,
  addLabel,
  busy,
  failure,
  onSubmit,
  onDone,
  children,
}: {
  connection: Connection | undefined;
  heading: string;
  addLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: () => void;
  onDone: (message: string) => void;
  children: ReactNode;
}) {
  const form = (
    <Form onSubmit={onSubmit} aria-label={connection ? `${M.edit}: ${connection.name}` : heading}>
      {failure && <Alert kind="error">{failure}</Alert>}
      {children}
      <div className="connection-actions">
        <Button type="submit" busy={busy}>
          {connection ? M.save : addLabel}
        </Button>
        {connection && (
          <Button type="button" variant="secondary" onClick={() => onDone('')}>
            {M.cancel}
          </Button>
        )}
      </div>
    </Form>
  );
  return connection ? form : <Card title={heading}>{form}</Card>;
}
