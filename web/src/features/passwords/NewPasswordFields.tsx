import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';

import { PasswordField } from '../../components/PasswordField.tsx';
import { PasswordStrength } from './PasswordStrength.tsx';

interface NewPasswordFieldsProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  passwordLabel: string;
  confirmLabel: string;
  /** Things an attacker would try first for this user (their email, name). */
  userInputs?: string[];
}

/** A new password with its strength while typing, and its confirmation. */
export function NewPasswordFields<T extends FieldValues>({ form, passwordLabel, confirmLabel, userInputs }: NewPasswordFieldsProps<T>) {
  const password = useWatch({ control: form.control, name: 'password' as Path<T> }) as string | undefined;
  const errors = form.formState.errors as Partial<Record<'password' | 'confirmPassword', { message?: string }>>;
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password' as Path<T>)}
      />
      <PasswordStrength password={password ?? ''} userInputs={userInputs} />
      <PasswordField
        label={confirmLabel}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword' as Path<T>)}
      />
    </>
  );
}
