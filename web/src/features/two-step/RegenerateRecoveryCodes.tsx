import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@gatehouse/common/api/account';
import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import { regenerateRecoveryCodesRequest, type RegenerateRecoveryCodesRequest } from '@gatehouse/common/schemas/mfa';
import { call } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useServerErrors, useSubmitGuard } from '../forms/use-server-form.ts';

/**
 * A new set of recovery codes, with the password and behind a confirmation: the old set stops working
 * and the new one is shown once (by the page, through `onRecoveryCodes`).
 */
export function RegenerateRecoveryCodes({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const [asking, setAsking] = useState(false);
  const form = useForm<RegenerateRecoveryCodesRequest>({
    resolver: zodResolver(regenerateRecoveryCodesRequest),
    defaultValues: { password: '' },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['password']);
  const regenerate = useMutation({
    mutationFn: (values: RegenerateRecoveryCodesRequest) => call(accountApi.regenerateRecoveryCodes, { body: values }),
    onSuccess: (result) => onRecoveryCodes(result.recoveryCodes),
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
    <section className="regenerate-codes" aria-labelledby="regenerate-heading">
      <h2 id="regenerate-heading">{M.regenerateHeading}</h2>
      <p>{M.regenerateIntro}</p>
      <FormError message={formError} />
      <Form onSubmit={ask}>
        <PasswordField
          label={M.password}
          hint={M.passwordHint}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" variant="secondary">
          {M.regenerateCodes}
        </Button>
      </Form>
      <Dialog
        open={asking}
        header={M.warning}
        text={M.regenerateText}
        confirmationText={M.regenerateConfirmation}
        affirmativeButtonText={M.regenerateCodes}
        important
        busy={regenerate.isPending}
        onAffirm={() => regenerate.mutate(form.getValues())}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
