import { accountApi } from '@gatehouse/common/api/account';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import { regenerateRecoveryCodesRequest } from '@gatehouse/common/schemas/mfa';

import { call } from '../../api/client.ts';
import { PasswordConfirmedAction } from './PasswordConfirmedAction.tsx';

/**
 * A new set of recovery codes, with the password and behind a confirmation: the old set stops working
 * and the new one is shown once (by the page, through `onRecoveryCodes`).
 */
export function RegenerateRecoveryCodes({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  return (
    <section className="regenerate-codes" aria-labelledby="regenerate-heading">
      <h2 id="regenerate-heading">{M.regenerateHeading}</h2>
      <p>{M.regenerateIntro}</p>
      <PasswordConfirmedAction
        schema={regenerateRecoveryCodesRequest}
        submitLabel={M.regenerateCodes}
        dialog={{ text: M.regenerateText, confirmationText: M.regenerateConfirmation, affirmativeButtonText: M.regenerateCodes }}
        action={(values) => call(accountApi.regenerateRecoveryCodes, { body: values })}
        onDone={(result) => onRecoveryCodes(result.recoveryCodes)}
      />
    </section>
  );
}
