import { accountApi } from '@gatehouse/common/api/account';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import { disableTwoStepRequest, type DisableTwoStepRequest } from '@gatehouse/common/schemas/mfa';
import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useServerErrors, useSubmitGuard } from '../forms/use-server-form.ts';
import { Form } from '../../components/Form.tsx';

/**
 * MFA is on: Disable, or Reset when MFA is required (the user then sets it up again), with the password,
 * behind the 'Warning' dialog and its confirmation statement.
 */
export function TwoStepEnabled({ kind, required }: { kind: TwoStepKind; required: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const form = useForm<DisableTwoStepRequest>({ resolver: zodResolver(disableTwoStepRequest), defaultValues: { password: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['password']);
  const disable = useMutation({
    mutationFn: (values: DisableTwoStepRequest) => call(accountApi.disable, { body: values }),
    onSuccess: (account) => queryClient.setQueryData(queryKeys.account, account),
    onError: (error) => {
      setAsking(false);
      form.resetField('password');
      applyServerError(error);
    },
  });
  const ask = useSubmitGuard(
    form.handleSubmit(() => {
      setFormError(null);
      setAsking(true);
    }),
  );
  return (
    <section aria-labelledby="mfa-on-heading">
      <h2 id="mfa-on-heading">{MFA_MESSAGES.enabledHeading}</h2>
      <p>{MFA_MESSAGES.enabledText(kind)}</p>
      {required && <p>{MFA_MESSAGES.requiredNote}</p>}
      <FormError message={formError} />
      <Form onSubmit={ask}>
        <PasswordField
          label={MFA_MESSAGES.password}
          hint={MFA_MESSAGES.passwordHint}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" variant="secondary">
          {required ? MFA_MESSAGES.reset : MFA_MESSAGES.disable}
        </Button>
      </Form>
      <Dialog
        open={asking}
        header={MFA_MESSAGES.warning}
        text={required ? MFA_MESSAGES.resetText : MFA_MESSAGES.disableText}
        confirmationText={required ? MFA_MESSAGES.resetConfirmation : MFA_MESSAGES.disableConfirmation}
        affirmativeButtonText={required ? MFA_MESSAGES.resetButton : MFA_MESSAGES.disableButton}
        important
        busy={disable.isPending}
        onAffirm={() => disable.mutate(form.getValues())}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
