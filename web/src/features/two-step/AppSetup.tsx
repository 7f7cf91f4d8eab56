import { accountApi } from '@gatehouse/common/api/account';
import { inGroupsOfFour } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { SaveTwoStepResult } from '@gatehouse/common/schemas/mfa';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { Loader } from '../../components/Loader.tsx';
import { useRunOnce } from '../account/use-run-once.ts';
import { SaveTwoStepForm } from './SaveTwoStepForm.tsx';

/**
 * The authenticator app: a new key as a QR code ('Can't scan?' shows it in groups of 4), then the
 * app's code and the password. A QR code that could not be drawn says so and offers another key.
 */
export function AppSetup({ onCancel, onSaved }: { onCancel?: (() => void) | undefined; onSaved: (result: SaveTwoStepResult) => void }) {
  const [showSecret, setShowSecret] = useState(false);
  const refresh = useMutation({ mutationFn: () => call(accountApi.startAppSetup) });
  // One key per visit: a second request would replace the key already on the screen.
  useRunOnce(() => refresh.mutate());
  const setup = refresh.data;

  if (refresh.isError) {
    return (
      <>
        <Alert kind="error">{MFA_MESSAGES.qrFailure}</Alert>
        <Button onClick={() => refresh.mutate()} busy={refresh.isPending}>
          {MFA_MESSAGES.tryAgain}
        </Button>
      </>
    );
  }
  if (!setup) return <Loader />;
  return (
    <>
      <p>{MFA_MESSAGES.appIntro}</p>
      <div className="qr-code">
        {setup.qrCode ? (
          <img src={setup.qrCode} alt={MFA_MESSAGES.qrAlt} width={200} height={200} />
        ) : (
          <>
            <Alert kind="error">{MFA_MESSAGES.qrFailure}</Alert>
            <Button variant="secondary" onClick={() => refresh.mutate()} busy={refresh.isPending}>
              {MFA_MESSAGES.tryAgain}
            </Button>
          </>
        )}
      </div>
      <p>
        <Button variant="link" aria-expanded={showSecret} onClick={() => setShowSecret((shown) => !shown)}>
          {MFA_MESSAGES.cantScan}
        </Button>
      </p>
      {showSecret && (
        <p className="secret-key">
          {MFA_MESSAGES.secretIntro} <CopyField value={setup.secret} display={inGroupsOfFour(setup.secret)} />
        </p>
      )}
      <SaveTwoStepForm
        key={setup.secret}
        kind={TWO_STEP_KINDS.app}
        codeLabel={MFA_MESSAGES.appCodeLabel(setup.digits)}
        secret={setup.secret}
        named
        onCancel={onCancel}
        onSaved={onSaved}
      />
    </>
  );
}
