import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import type { SaveTwoStepResult } from '@gatehouse/common/schemas/mfa';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { useFlash } from '../../features/feedback/feedback.ts';
import { Passkeys } from '../../features/passkeys/Passkeys.tsx';
import { AppSetup } from '../../features/two-step/AppSetup.tsx';
import { EmailSetup, SmsSetup } from '../../features/two-step/CodeSetup.tsx';
import { Factors, factorsKey, useFactors } from '../../features/two-step/Factors.tsx';
import { availableMethods, MethodChoice } from '../../features/two-step/MethodChoice.tsx';
import { RecoveryCodes } from '../../features/two-step/RecoveryCodes.tsx';
import { RegenerateRecoveryCodes } from '../../features/two-step/RegenerateRecoveryCodes.tsx';
import { TwoStepEnabled } from '../../features/two-step/TwoStepEnabled.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/two-step/two-step.css';

/**
 * /twostep: choose a method (App, SMS or Email as the organisation allows), set it up, and see the
 * recovery codes once. With MFA on: the person's methods (make one the default, rename, remove), 'Add
 * another method', new recovery codes, and Disable (or Reset where it is required). A user who must set
 * it up stays here (reduced layout) until they have.
 */
export function TwoStepPage() {
  const { org, user } = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageTitle(MFA_MESSAGES.title);
  // A success that led here (saving settings that now require MFA of this admin).
  const flash = useFlash(ROUTES.twoStep.path);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<TwoStepKind | null>(null);
  const [adding, setAdding] = useState(false);
  const enabled = user.twoStep.enabled;
  const factors = useFactors(enabled);
  // Apps may be added again and again; email and SMS codes once each.
  const methods = availableMethods(org).filter(
    (kind) => !enabled || kind === TWO_STEP_KINDS.app || !factors.data?.some((f) => f.kind === kind),
  );
  const onSaved = (result: SaveTwoStepResult) => {
    setChosen(null);
    setAdding(false);
    void queryClient.invalidateQueries({ queryKey: factorsKey });
    if (result.recoveryCodes.length > 0) setRecoveryCodes(result.recoveryCodes);
  };
  const stopAdding = () => {
    setChosen(null);
    setAdding(false);
  };
  // Cancel returns to the choices; with the app the only method there are none, and one who must set it up stays.
  const onCancel = enabled
    ? methods.length > 1
      ? () => setChosen(null)
      : stopAdding
    : methods.length > 1
      ? () => setChosen(null)
      : user.requiresTwoStep
        ? undefined
        : () => void navigate(ROUTES.dashboard.path);
  const method = chosen ?? (methods.length === 1 ? TWO_STEP_KINDS.app : null);

  let setUp;
  if (method === null) setUp = <MethodChoice methods={methods} onContinue={setChosen} onCancel={enabled ? stopAdding : undefined} />;
  else if (method === TWO_STEP_KINDS.sms) setUp = <SmsSetup user={user} onCancel={onCancel} onSaved={onSaved} />;
  else if (method === TWO_STEP_KINDS.email) setUp = <EmailSetup user={user} onCancel={onCancel} onSaved={onSaved} />;
  else setUp = <AppSetup onCancel={onCancel} onSaved={onSaved} />;

  if (recoveryCodes) {
    return (
      <>
        <h1>{MFA_MESSAGES.title}</h1>
        <Card className="form-card two-step">
          <RecoveryCodes codes={recoveryCodes} />
        </Card>
      </>
    );
  }
  return (
    <>
      <h1>{MFA_MESSAGES.title}</h1>
      <ActionStatus message={flash.message} />
      {user.requiresTwoStep && <Alert kind="info">{MFA_MESSAGES.requiredIntro}</Alert>}
      {!enabled && (
        <Card className="form-card two-step">
          {method === null && <p>{MFA_MESSAGES.chooseIntro}</p>}
          {setUp}
        </Card>
      )}
      {enabled && (
        <Card className="form-card two-step">
          <Factors />
          {adding ? (
            <section className="add-method" aria-labelledby="add-method-heading">
              <h2 id="add-method-heading">{MFA_MESSAGES.addMethodHeading}</h2>
              {setUp}
            </section>
          ) : (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {MFA_MESSAGES.addMethod}
            </Button>
          )}
        </Card>
      )}
      <Card className="form-card two-step">
        <Passkeys onRecoveryCodes={setRecoveryCodes} />
      </Card>
      {enabled && (
        <>
          <Card className="form-card two-step">
            <RegenerateRecoveryCodes onRecoveryCodes={setRecoveryCodes} />
          </Card>
          {user.twoStep.kind !== null && (
            <Card className="form-card two-step">
              <TwoStepEnabled kind={user.twoStep.kind} required={user.twoStep.required} />
            </Card>
          )}
        </>
      )}
    </>
  );
}
