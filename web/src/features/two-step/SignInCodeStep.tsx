import { accountApi } from '@gatehouse/common/api/account';
import { passkeysApi } from '@gatehouse/common/api/passkeys';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { SignInResult } from '@gatehouse/common/schemas/account';
import { type SignInChallenge, type SignInCodeRequest, signInCodeRequest } from '@gatehouse/common/schemas/mfa';
import type { PasskeySignInRequest } from '@gatehouse/common/schemas/passkeys';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { call, isApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';
import { useCodeSender } from './use-code-sender.ts';

import './two-step.css';

/** Answers that end this sign-in: the password step comes again, with the message. */
const RESTART_CODES = new Set(['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED', 'ACCOUNT_UNAVAILABLE']);

interface SignInCodeStepProps {
  challenge: SignInChallenge;
  returnUrl: string | undefined;
  onSignedIn: (result: SignInResult) => void;
  /** Back to the password step, with why (null when the user asked). */
  onRestart: (message: string | null) => void;
  /** 'Use another method' answered the code step anew, for the method chosen. */
  onChallenge: (challenge: SignInChallenge) => void;
}

/** The sign-in page's code step: the code (or a recovery code), remember-me when offered, and Resend code for email and SMS. */
export function SignInCodeStep({ challenge, returnUrl, onSignedIn, onRestart, onChallenge }: SignInCodeStepProps) {
  const { digits, isEmail, isSMS, rememberMeDays, phoneNumber, passkey, passkeyOnly, otherMethods } = challenge.data;
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
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    verify.mutate(values);
  });
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
        {(isEmail || isSMS) && (
          <ResendCode key={challenge.data.isSMS ? 'sms' : 'email'} signInStateID={challenge.signInStateID} onRestart={onRestart} />
        )}
        <Button variant="link" onClick={() => onRestart(null)}>
          {MFA_MESSAGES.startAgain}
        </Button>
      </div>
      {otherMethods.length > 0 && (
        <AnotherMethod
          signInStateID={challenge.signInStateID}
          methods={otherMethods}
          // The old code's error is about the method being left: it goes as the choices open.
          onOpen={() => {
            form.clearErrors('code');
            setFormError(null);
          }}
          onChallenge={(next) => {
            form.resetField('code');
            setFormError(null);
            onChallenge(next);
          }}
          onRestart={onRestart}
        />
      )}
    </>
  );
}

/** 'Use another method': the person's other factors, each a button that asks for it instead. */
function AnotherMethod({
  signInStateID,
  methods,
  onOpen,
  onChallenge,
  onRestart,
}: {
  signInStateID: string;
  methods: SignInChallenge['data']['otherMethods'];
  onOpen: () => void;
  onChallenge: (challenge: SignInChallenge) => void;
  onRestart: (message: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = useMutation({
    mutationFn: (kind: number) => call(accountApi.switchSignInMethod, { body: { signInStateID, kind: kind as 0 | 1 | 2 | 3 } }),
    onMutate: () => setProblem(null),
    onSuccess: (next) => {
      setOpen(false);
      onChallenge(next);
    },
    onError: (error) => {
      if (isApiError(error) && error.body && RESTART_CODES.has(error.body.code)) onRestart(error.message);
      else setProblem(error.message);
    },
  });
  const label = (method: (typeof methods)[number]) =>
    method.kind === 2
      ? MFA_MESSAGES.anotherMethods[2](method.phoneNumber)
      : method.kind === 1
        ? MFA_MESSAGES.anotherMethods[1]
        : MFA_MESSAGES.anotherMethods[0];
  if (!open)
    return (
      <div className="button-row auth-links">
        <Button
          variant="link"
          aria-expanded={false}
          onClick={() => {
            onOpen();
            setOpen(true);
          }}
        >
          {MFA_MESSAGES.useAnotherMethod}
        </Button>
      </div>
    );
  return (
    <section aria-labelledby="another-method-heading" className="another-method">
      <h2 id="another-method-heading">{MFA_MESSAGES.anotherMethodLegend}</h2>
      {problem && <Alert kind="error">{problem}</Alert>}
      <ul className="another-method-list">
        {methods.map((method) => (
          <li key={method.kind}>
            <Button
              variant="secondary"
              busy={choose.isPending && choose.variables === method.kind}
              autoFocus={method === methods[0]}
              onClick={() => choose.mutate(method.kind)}
            >
              {label(method)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Code sent' (the password step just sent one), then 'Resend code' after a minute. */
function ResendCode({ signInStateID, onRestart }: { signInStateID: string; onRestart: (message: string | null) => void }) {
  const sender = useCodeSender('sent');
  const [problem, setProblem] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: () => call(accountApi.sendSignInCode, { body: { signInStateID } }),
    onMutate: () => setProblem(null),
    onSuccess: () => sender.markSent(),
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
