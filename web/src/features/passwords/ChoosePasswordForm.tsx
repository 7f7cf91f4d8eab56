import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { type NewPasswordRequest, newPasswordRequest } from '@gatehouse/common/schemas/passwords';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const FIELDS = ['password', 'confirmPassword'] as const;

/** 'Choose a new password': New password and Confirm password, then Submit. */
export function ChoosePasswordForm({ save, onSaved }: { save: (values: NewPasswordRequest) => Promise<unknown>; onSaved: () => void }) {
  const form = useForm<NewPasswordRequest>({
    resolver: zodResolver(newPasswordRequest),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const choose = useMutation({ mutationFn: save, onSuccess: onSaved, onError: applyServerError });
  // Shown in place of the code form (recovery), whose field had the focus: it moves to the new password.
  useLayoutEffect(() => form.setFocus('password'), [form]);
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    choose.mutate(values);
  });
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.choosePasswordTitle}</h1>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <NewPasswordFields form={form} passwordLabel={ACCOUNT_MESSAGES.newPassword} confirmLabel={ACCOUNT_MESSAGES.confirmNewPassword} />
        <Button type="submit" busy={choose.isPending}>
          {ACCOUNT_MESSAGES.submit}
        </Button>
      </Form>
    </>
  );
}
