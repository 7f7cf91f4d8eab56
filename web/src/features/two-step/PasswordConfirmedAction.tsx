import { MFA_MESSAGES as M } from '@gatehouse/common/mfa-messages';
import type { disableTwoStepRequest } from '@gatehouse/common/schemas/mfa';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';

/** A request that is the current password alone (disabling MFA, new recovery codes). */
type PasswordRequestSchema = typeof disableTwoStepRequest;
type PasswordRequest = { password: string };

/**
 * A weighty change of the person's second step: the password, then the 'Warning' dialog with its
 * confirmation statement. A refused password closes the dialog and shows at the field.
 */
export function PasswordConfirmedAction<T>({
  schema,
  submitLabel,
  dialog,
  action,
  onDone,
}: {
  schema: PasswordRequestSchema;
  submitLabel: string;
  dialog: { text: string; confirmationText: string; affirmativeButtonText: string };
  action: (values: PasswordRequest) => Promise<T>;
  onDone: (result: T) => void;
}) {
  const [asking, setAsking] = useState(false);
  const form = useForm<PasswordRequest>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['password']);
  const confirmed = useMutation({
    mutationFn: action,
    onSuccess: onDone,
    onError: (error) => {
      setAsking(false);
      form.resetField('password');
      applyServerError(error);
    },
  });
  const ask = useFormSubmit(form, () => {
    setFormError(null);
    setAsking(true);
  });
  return (
    <>
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
          {submitLabel}
        </Button>
      </Form>
      <Dialog
        open={asking}
        header={M.warning}
        {...dialog}
        important
        busy={confirmed.isPending}
        onAffirm={() => confirmed.mutate(form.getValues())}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
