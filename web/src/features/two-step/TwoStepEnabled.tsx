import { accountApi } from '@gatehouse/common/api/account';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import { disableTwoStepRequest } from '@gatehouse/common/schemas/mfa';
import { useQueryClient } from '@tanstack/react-query';

import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { PasswordConfirmedAction } from './PasswordConfirmedAction.tsx';

/**
 * MFA is on: Disable, or Reset when MFA is required (the user then sets it up again), with the password,
 * behind the 'Warning' dialog and its confirmation statement.
 */
export function TwoStepEnabled({ kind, required }: { kind: TwoStepKind; required: boolean }) {
  const queryClient = useQueryClient();
  return (
    <section aria-labelledby="mfa-on-heading">
      <h2 id="mfa-on-heading">{MFA_MESSAGES.enabledHeading}</h2>
      <p>{MFA_MESSAGES.enabledText(kind)}</p>
      {required && <p>{MFA_MESSAGES.requiredNote}</p>}
      <PasswordConfirmedAction
        schema={disableTwoStepRequest}
        submitLabel={required ? MFA_MESSAGES.reset : MFA_MESSAGES.disable}
        dialog={
          required
            ? {
                text: MFA_MESSAGES.resetText,
                confirmationText: MFA_MESSAGES.resetConfirmation,
                affirmativeButtonText: MFA_MESSAGES.resetButton,
              }
            : {
                text: MFA_MESSAGES.disableText,
                confirmationText: MFA_MESSAGES.disableConfirmation,
                affirmativeButtonText: MFA_MESSAGES.disableButton,
              }
        }
        action={(values) => call(accountApi.disable, { body: values })}
        onDone={(account) => queryClient.setQueryData(queryKeys.account, account)}
      />
    </section>
  );
}
