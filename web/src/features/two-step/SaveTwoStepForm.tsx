import { accountApi } from '@gatehouse/common/api/account';
import { MFA_MESSAGES } from '@gatehouse/common/mfa-messages';
import type { TwoStepKind } from '@gatehouse/common/policy';
import { type SaveTwoStepRequest, saveTwoStepRequest, type SaveTwoStepResult } from '@gatehouse/common/schemas/mfa';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';

const FIELDS = ['code', 'password', 'name'] as const;
type SaveTwoStepValues = z.output<typeof saveTwoStepRequest>;

interface SaveTwoStepFormProps {
  kind: TwoStepKind;
  /** The code field's label (it names the digit count and where the code comes from). */
  codeLabel: string;
  /** The authenticator key shown, for the app method. */
  secret?: string | undefined;
  /** Back to the method choices; absent when there is nothing to go back to. */
  onCancel?: (() => void) | undefined;
  onSaved: (result: SaveTwoStepResult) => void;
  /** A message from the step before (sending a code), shown in this form's message area. */
  message?: string | null;
  /** Offers a name for the factor (an authenticator app: a person may have several). */
  named?: boolean;
}

/** The end of every set-up: the code the method produced and the current password, then Save (and Cancel). */
export function SaveTwoStepForm({ kind, codeLabel, secret, onCancel, onSaved, message = null, named = false }: SaveTwoStepFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<SaveTwoStepRequest, unknown, SaveTwoStepValues>({
    resolver: zodResolver(saveTwoStepRequest),
    defaultValues: { type: kind, code: '', password: '', secret, name: '' },
  });
  useEffect(() => form.setValue('secret', secret), [form, secret]);
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: SaveTwoStepValues) => call(accountApi.save, { body: values }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.account, result.user);
      onSaved(result);
    },
    onError: (error) => {
      // Only a field the answer faults is emptied: a wrong code keeps the password typed.
      const faulted = isApiError(error) ? Object.keys(error.body?.validation?.errors ?? {}) : [];
      if (faulted.includes('password')) form.resetField('password');
      if (faulted.includes('code')) form.resetField('code', { keepError: true });
      applyServerError(error);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    save.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <>
      <FormError message={formError ?? message} />
      <Form onSubmit={submit}>
        <TextField
          label={codeLabel}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          error={errors.code?.message}
          {...form.register('code')}
        />
        {named && (
          <TextField
            label={MFA_MESSAGES.factorName}
            hint={MFA_MESSAGES.factorNameHint}
            autoComplete="off"
            maxLength={64}
            error={errors.name?.message}
            {...form.register('name')}
          />
        )}
        <PasswordField
          label={MFA_MESSAGES.password}
          hint={MFA_MESSAGES.passwordHint}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="button-row">
          <Button type="submit" busy={save.isPending}>
            {MFA_MESSAGES.save}
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {MFA_MESSAGES.cancel}
            </Button>
          )}
        </div>
      </Form>
    </>
  );
}
