import { accountApi } from '@gatehouse/common/api/account';
import { passkeysApi } from '@gatehouse/common/api/passkeys';
import type { PasskeySignInRequest } from '@gatehouse/common/schemas/passkeys';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import { signInCodeRequest, type SignInChallenge, type SignInCodeRequest } from '@gatehouse/common/schemas/mfa';
import { call, isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useServerErrors, useSubmitGuard } from '../forms/use-server-form.ts';
import { useCodeSender } from './use-code-sender.ts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import './two-step.css';
import { Form } from '../../components/Form.tsx';

/** Answers that end this sign-in: the password step comes again, with the message. */
const RESTART_CODES = new Set(['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED', 'ACCOUNT_UNAVAILABLE']);

interface SignInCodeStepProps {
  challenge: SignInChallenge;
  returnUrl: string | undefined;
  onSignedIn: (result: SignInResult) => void;
  /** Back to the password step, with why (null when the user asked). */
  onRestart: (message: string | null) => void;
}

/** The sign-in page's code step: the code (or a recovery code), remember-me when offered, and Resend code for email and SMS. */
export function SignInCodeStep({ challenge, returnUrl, onSignedIn, onRestart }: SignInCodeStepProps) {
  const { digits, isEmail, isSMS, rememberMeDays, phoneNumber, passkey, passkeyOnly } = challenge.data;
  const form = useForm<SignInCodeRequest, unknown, z.output<typeof signInCodeRequest>>({
    resolver: zodResolver(signInCodeRequest),
    defaultValues: { signInStateID: challenge.signInStateID, code: '', rememberMe: false },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['code']);
  // The step opens on its first field: the Code field, or the passkey button for a passkey-only user
  // (which is focused by its autoFocus below). autoFocus alone is not applied when the step replaces
  // the password step, so the field is focused once shown.
  const { setFocus } = form;
  useEffect(() => {
    if (!passkeyOnly) setFocus('code');
  }, [passkeyOnly, setFocus]);
  const verify = useMutation({
    mutationFn: (values: z.output<typeof signInCodeRequest>) =>
      // The code step is answered a session, never another challenge.
      call(accountApi.authenticate, { body: { ...values, returnurl: returnUrl } }) as Promise<SignInResult>,
    onSuccess: onSignedIn,
    onError: (error) => {
      form.resetField('code', { keepError: false });
      if (isApiError(error) && error.body && RESTART_CODES.has(error.body.code)) onRestart(error.message);
      else applyServerError(error);
    },
  });
  const submit = useSubmitGuard(
    form.handleSubmit((values) => {
      setFormError(null);
      verify.mutate(values);
    }),
  );
  const withPasskey = useMutation({
    mutationFn: async () => {
      const signInStateID = challenge.signInStateID;
      const optionsJSON = (await call(passkeysApi.signInOptions, {
        body: { signInStateID },
      })) as unknown as PublicKeyCredentialRequestOptionsJSON;
      // Loaded when used: the sign-in page's first load stays light.
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const credential = await startAuthentication({ optionsJSON });
      return call(passkeysApi.signIn, {
        body: {
          signInStateID,
          credential: credential as unknown as PasskeySignInRequest['credential'],
          rememberMe: form.getValues('rememberMe') ?? false,
          returnurl: returnUrl,
        },
      }) as Promise<SignInResult>;
    },
    onMutate: () => setFormError(null),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (isApiError(error) && error.body && RESTART_CODES.has(error.body.code)) onRestart(error.message);
      else if (error.name === 'NotAllowedError' || error.name === 'AbortError') setFormError(MFA_MESSAGES.passkeyCancelled);
      else setFormError(error.message);
    },
  });
  const intro = passkeyOnly
    ? MFA_MESSAGES.passkeyPrompt
    : isSMS
      ? MFA_MESSAGES.codeStepIntro[2](digits, phoneNumber ?? '')
      : isEmail
        ? MFA_MESSAGES.codeStepIntro[1](digits)
        : MFA_MESSAGES.codeStepIntro[0](digits);

  return (
    <>
      <h1>{passkeyOnly ? MFA_MESSAGES.passkeyStepHeading : MFA_MESSAGES.codeStepHeading}</h1>
      <p>{intro}</p>
      <FormError message={formError} />
      {passkey && (
        <div className="passwordless code-step-passkey">
          <Button
            variant={passkeyOnly ? 'primary' : 'secondary'}
            busy={withPasskey.isPending}
            autoFocus={passkeyOnly}
            onClick={() => withPasskey.mutate()}
          >
            {MFA_MESSAGES.usePasskey}
          </Button>
          <p className="divider" aria-hidden="true">
            <span>{MFA_MESSAGES.or}</span>
          </p>
        </div>
      )}
      <Form onSubmit={submit}>
        <TextField
          label={MFA_MESSAGES.code}
          hint={MFA_MESSAGES.recoveryHint}
          autoComplete="one-time-code"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        {rememberMeDays > 0 && <Checkbox label={MFA_MESSAGES.rememberDevice(rememberMeDays)} {...form.register('rememberMe')} />}
        <Button type="submit" variant={passkeyOnly ? 'secondary' : 'primary'} busy={verify.isPending}>
          {MFA_MESSAGES.verify}
        </Button>
      </Form>
      <div className="button-row auth-links">
        {(isEmail || isSMS) && <ResendCode signInStateID={challenge.signInStateID} onRestart={onRestart} />}
        <Button variant="link" onClick={() => onRestart(null)}>
          {MFA_MESSAGES.startAgain}
        </Button>
      </div>
    </>
  );
}

/** 'Code sent' (the password step just sent one), then 'Resend code' after a minute. */
function ResendCode({ signInStateID, onRestart }: { signInStateID: string; onRestart: (message: string | null) => void }) {
  const sender = useCodeSender('sent');
  const [problem, setProblem] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => call(accountApi.sendSignInCode, { body: { signInStateID } }),
    onMutate: () => setProblem(null),
    onSuccess: sender.markSent,
    onError: (error) => {
      if (isApiError(error) && error.body && RESTART_CODES.has(error.body.code)) onRestart(error.message);
      else setProblem(error.message);
    },
  });
  return (
    <>
      {problem && <Alert kind="error">{problem}</Alert>}
      <Button variant="secondary" disabled={sender.disabled} busy={resend.isPending} onClick={() => resend.mutate()}>
        {sender.label}
      </Button>
    </>
  );
}
