import { accountApi } from '@gatehouse/common/api/account';
import { formatTime } from '@gatehouse/common/format';
import { MFA } from '@gatehouse/common/mfa';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import { TWO_STEP_KINDS } from '@gatehouse/common/policy';
import type { Account } from '@gatehouse/common/schemas/account';
import { type SaveTwoStepResult, type SmsSetupRequest, smsSetupRequest } from '@gatehouse/common/schemas/mfa';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { call, isApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useRunOnce } from '../account/use-run-once.ts';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';
import { SaveTwoStepForm } from './SaveTwoStepForm.tsx';
import { useCodeSender } from './use-code-sender.ts';

interface SetupProps {
  onCancel?: (() => void) | undefined;
  onSaved: (result: SaveTwoStepResult) => void;
}

/** SMS: the mobile number and 'Send code', then the texted code and the password; Cancel returns to the choices. */
export function SmsSetup({ user, onCancel, onSaved }: SetupProps & { user: Account }) {
  const sender = useCodeSender();
  const form = useForm<SmsSetupRequest, unknown, z.output<typeof smsSetupRequest>>({
    resolver: zodResolver(smsSetupRequest),
    defaultValues: { phoneNumber: user.phoneNumber ?? '' },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['phoneNumber']);
  const send = useMutation({
    mutationFn: (values: z.output<typeof smsSetupRequest>) => call(accountApi.setupSms, { body: values }),
    onSuccess: () => sender.markSent(),
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    send.mutate(values);
  });
  return (
    <>
      <FormError message={formError} />
      <Form onSubmit={submit} className="send-code-form">
        <TextField
          label={MFA_MESSAGES.phoneNumber}
          hint={MFA_MESSAGES.phoneHint}
          type="tel"
          autoComplete="tel"
          error={form.formState.errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        <Button type="submit" variant="secondary" disabled={sender.disabled} busy={send.isPending}>
          {sender.label}
        </Button>
      </Form>
      <SaveTwoStepForm
        kind={TWO_STEP_KINDS.sms}
        codeLabel={MFA_MESSAGES.smsCodeLabel(send.data?.digits ?? MFA.digits)}
        onCancel={onCancel}
        onSaved={onSaved}
      />
    </>
  );
}

/**
 * When this tab last emailed a set-up code. Chosen again within the minute (after Cancel), that code
 * still stands, so the refusal of another is no problem to report. Any other refusal (a text just sent,
 * a page reloaded, too many codes) is shown, with when a new code can be asked for.
 */
let lastEmailedAt = -Infinity;

/** Email: confirming the choice emails a code to the account's address; then the code and the password. */
export function EmailSetup({ user, onCancel, onSaved }: SetupProps & { user: Account }) {
  const sender = useCodeSender();
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => call(accountApi.setupEmail),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      lastEmailedAt = Date.now();
      sender.markSent();
    },
    onError: (error) => {
      const tooSoon = isApiError(error) && error.body?.code === 'MFA_RESEND_TOO_SOON';
      if (tooSoon && Date.now() - lastEmailedAt < MFA.resendMs) {
        sender.markSent(lastEmailedAt);
        return;
      }
      if (!tooSoon) {
        setProblem(error.message);
        return;
      }
      // The code the server counts was not sent from here: a new one can be asked for within the minute.
      const at = Date.now() + MFA.resendMs;
      sender.markRefused(at);
      setProblem(`${error.message}. ${MFA_MESSAGES.newCodeFrom(formatTime(at))}`);
    },
  });
  useRunOnce(() => send.mutate());
  // Only a code this page knows was emailed is announced as emailed.
  const emailed = sender.state === 'sent' || (sender.state === 'resendable' && problem === null);
  return (
    <>
      {emailed && <p>{MFA_MESSAGES.emailIntro(user.email)}</p>}
      <p>
        <Button variant="secondary" disabled={sender.disabled} busy={send.isPending} onClick={() => send.mutate()}>
          {sender.label}
        </Button>
      </p>
      <SaveTwoStepForm
        kind={TWO_STEP_KINDS.email}
        codeLabel={MFA_MESSAGES.emailCodeLabel(send.data?.digits ?? MFA.digits)}
        onCancel={onCancel}
        onSaved={onSaved}
        message={problem}
      />
    </>
  );
}
