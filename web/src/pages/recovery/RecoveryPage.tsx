import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import { ROUTES } from '@gatehouse/common/routes';
import { type RecoveryRequest, recoveryRequest } from '@gatehouse/common/schemas/recovery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { useAppSession } from '../../app/app-session.ts';
import type { NavigationState } from '../../app/navigation-state.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['email'] as const;

/** /recovery: the account's email; a code is emailed and the user continues at /recoverycode. */
export function RecoveryPage() {
  const { org } = useAppSession();
  usePageTitle(ACCOUNT_MESSAGES.recoveryTitle);
  if (org.isBase) return <Navigate to={ROUTES.home.path} replace />;
  return <RecoveryForm />;
}

function RecoveryForm() {
  const navigate = useNavigate();
  const form = useForm<RecoveryRequest>({ resolver: zodResolver(recoveryRequest), defaultValues: { email: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const request = useMutation({
    mutationFn: (values: RecoveryRequest) => call(signUpApi.recover, { body: values }),
    onSuccess: (_, values) => void navigate(ROUTES.recoveryCode.path, { state: { email: values.email } satisfies NavigationState }),
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    request.mutate(values);
  });
  return (
    <Card className="auth-card">
      <h1>{ACCOUNT_MESSAGES.recoveryTitle}</h1>
      <p>{ACCOUNT_MESSAGES.recoveryIntro}</p>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" busy={request.isPending}>
          {ACCOUNT_MESSAGES.emailMeACode}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.recoveryCode.path}>{ACCOUNT_MESSAGES.alreadyHaveACode}</Link>
      </p>
    </Card>
  );
}
