import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { accountApi } from '@gatehouse/common/api/account';
import type { Account } from '@gatehouse/common/schemas/account';
import { changePasswordForm, type ChangePasswordRequest, changePasswordRequest } from '@gatehouse/common/schemas/passwords';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';

import { call } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Button } from '../../components/Button.tsx';
import { Form } from '../../components/Form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

/**
 * The change-password form of /updatepassword and /passwordexpired: Current Password (only when the
 * user has a password), Password, Confirm Password. Every other session of the account ends.
 */
export function ChangePasswordForm({ user, onChanged }: { user: Account; onChanged: (user: Account) => void }) {
  const queryClient = useQueryClient();
  const hasPassword = user.passwordSetDate !== null;
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(hasPassword ? changePasswordForm : changePasswordRequest),
    defaultValues: { currentPassword: hasPassword ? '' : undefined, password: '', confirmPassword: '' },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const change = useMutation({
    mutationFn: (values: ChangePasswordRequest) => call(accountApi.changePassword, { body: values }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.account, result.user);
      form.reset();
      onChanged(result.user);
    },
    onError: (error) => {
      form.resetField('currentPassword');
      applyServerError(error);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    change.mutate(values);
  });
  return (
    <>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        {hasPassword && (
          <PasswordField
            label={ACCOUNT_MESSAGES.currentPassword}
            autoComplete="current-password"
            error={form.formState.errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <NewPasswordFields
          form={form}
          passwordLabel={ACCOUNT_MESSAGES.password}
          confirmLabel={ACCOUNT_MESSAGES.confirmPassword}
          userInputs={[user.email, user.firstName ?? '', user.surname ?? '']}
        />
        <Button type="submit" busy={change.isPending}>
          {ACCOUNT_MESSAGES.submit}
        </Button>
      </Form>
    </>
  );
}
