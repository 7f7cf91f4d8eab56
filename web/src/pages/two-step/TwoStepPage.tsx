import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS, type TwoStepKind } from '@gatehouse/common/policy';
import type { SaveTwoStepResult } from '@gatehouse/common/schemas/mfa';
import { ROUTES } from '@gatehouse/common/routes';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { useFlash } from '../../features/feedback/feedback.ts';
import { Card } from '../../components/Card.tsx';
import { useSignedInUser } from '../../app/app-session.ts';
import { AppSetup } from '../../features/two-step/AppSetup.tsx';
import { EmailSetup, SmsSetup } from '../../features/two-step/CodeSetup.tsx';
import { availableMethods, MethodChoice } from '../../features/two-step/MethodChoice.tsx';
import { RecoveryCodes } from '../../features/two-step/RecoveryCodes.tsx';
import { TwoStepEnabled } from '../../features/two-step/TwoStepEnabled.tsx';
import { Passkeys } from '../../features/passkeys/Passkeys.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import '../../features/two-step/two-step.css';

/**
 * /twostep: choose a method (App, SMS or Email as the organisation allows), set it up, and see the
 * recovery codes once; with MFA on, Disable (or Reset where it is required). A user who must set it up
 * stays here (reduced layout) until they have.
 */
export function TwoStepPage() {
  const { org, user } = useSignedInUser();
  const navigate = useNavigate();
  usePageTitle(MFA_MESSAGES.title);
  // A success that led here (saving settings that now require MFA of this admin).
  const flash = useFlash(ROUTES.twoStep.path);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<TwoStepKind | null>(null);
  const methods = availableMethods(org);
  const onSaved = (result: SaveTwoStepResult) => {
    setChosen(null);
    setRecoveryCodes(result.recoveryCodes);
  };
  // Cancel returns to the choices; with the app the only method there are none, and one who must set it up stays.
  const onCancel =
    methods.length > 1 ? () => setChosen(null) : user.requiresTwoStep ? undefined : () => void navigate(ROUTES.dashboard.path);
  const method = chosen ?? (methods.length === 1 ? TWO_STEP_KINDS.app : null);

  let content;
  if (recoveryCodes) content = <RecoveryCodes codes={recoveryCodes} />;
  else if (user.twoStep.enabled && user.twoStep.kind !== null)
    content = <TwoStepEnabled kind={user.twoStep.kind} required={user.twoStep.required} />;
  else if (method === null) content = <MethodChoice methods={methods} onContinue={setChosen} />;
  else if (method === TWO_STEP_KINDS.sms) content = <SmsSetup user={user} onCancel={onCancel} onSaved={onSaved} />;
  else if (method === TWO_STEP_KINDS.email) content = <EmailSetup user={user} onCancel={onCancel} onSaved={onSaved} />;
  else content = <AppSetup onCancel={onCancel} onSaved={onSaved} />;

  return (
    <>
      <h1>{MFA_MESSAGES.title}</h1>
      <ActionStatus message={flash.message} />
      {user.requiresTwoStep && !recoveryCodes && <Alert kind="info">{MFA_MESSAGES.requiredIntro}</Alert>}
      <Card className="form-card two-step">
        {!user.twoStep.enabled && !recoveryCodes && method === null && <p>{MFA_MESSAGES.chooseIntro}</p>}
        {content}
      </Card>
      {!recoveryCodes && (
        <Card className="form-card two-step">
          <Passkeys onRecoveryCodes={setRecoveryCodes} />
        </Card>
      )}
    </>
  );
}
