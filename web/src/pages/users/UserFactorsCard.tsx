import { usersApi } from '@gatehouse/common/api/users';
import { formatDateTime } from '@gatehouse/common/format';
import { MESSAGES } from '@gatehouse/common/messages';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import type { Factor } from '@gatehouse/common/schemas/mfa';
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { userKeys, useUserFactors } from '../../api/user-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';

import '../../features/two-step/two-step.css';

const kindOf = (factor: Factor) => MFA_MESSAGES.methods[factor.kind as TwoStepKind];
const labelOf = (factor: Factor) => factor.name ?? kindOf(factor);

/**
 * The person's second factors for their administrator: kind, name, when added and last used,
 * each removable behind a confirmation (audited). Removing the last one resets their MFA; 'Reset' in the
 * account card removes them all.
 */
export function UserFactorsCard({ user }: { user: Account }) {
  const factors = useUserFactors(user.id, true);
  const queryClient = useQueryClient();
  const { notifyError } = useNotifications();
  const feedback = useActionFeedback();
  const [removing, setRemoving] = useState<Factor | null>(null);
  const remove = useMutation({
    mutationFn: (factor: Factor) => call(usersApi.removeFactor, { params: { id: user.id, factorId: factor.id } }),
    onMutate: () => feedback.start(),
    onSuccess: (list) => {
      queryClient.setQueryData(userKeys.factors(user.id), list);
      // The account card's MFA state follows.
      void queryClient.invalidateQueries({ queryKey: userKeys.one(user.id) });
      setRemoving(null);
      feedback.succeed(M.factorRemoved);
    },
    onError: (error) => {
      setRemoving(null);
      notifyError(error, 'user');
    },
  });
  const list = factors.data ?? [];
  return (
    <Card title={M.factorsCard}>
      <ActionStatus message={feedback.message} />
      {factors.data && list.length === 0 && <p>{M.noFactors}</p>}
      <ul className="factor-list">
        {list.map((factor) => (
          <li className="factor" key={factor.id}>
            <div className="factor-summary">
              <strong>{kindOf(factor)}</strong>
              {(factor.name ?? factor.phoneNumber) && <span> · {factor.name ?? factor.phoneNumber}</span>}
              {factor.isDefault && <span className="badge">{M.factorDefault}</span>}
            </div>
            <p className="field-hint">
              {M.factorAdded} {formatDateTime(factor.createdAt)} · {M.factorLastUsed} {formatDateTime(factor.lastUsedAt) ?? MESSAGES.never}
            </p>
            <Button
              variant="secondary"
              aria-label={M.removeFactorLabel(labelOf(factor))}
              busy={remove.isPending && remove.variables?.id === factor.id}
              onClick={() => setRemoving(factor)}
            >
              {M.removeFactor}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={removing !== null}
        header={M.removeFactorHeader}
        text={removing ? M.removeFactorText(labelOf(removing), list.length === 1) : ''}
        important
        busy={remove.isPending}
        onAffirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
