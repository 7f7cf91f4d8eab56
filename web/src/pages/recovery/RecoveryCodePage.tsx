import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import { ROUTES } from '@gatehouse/common/routes';
import type { NewPasswordRequest } from '@gatehouse/common/schemas/passwords';
import { type RecoveryCodeRequest, recoveryCodeRequest } from '@gatehouse/common/schemas/recovery';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';

import { call } from '../../api/client.ts';
import { useAppSession } from '../../app/app-session.ts';
import { emailFrom, type NavigationState } from '../../app/navigation-state.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { LinkProblem } from '../../features/account/LinkProblem.tsx';
import { useRunOnce } from '../../features/account/use-run-once.ts';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { ChoosePasswordForm } from '../../features/passwords/ChoosePasswordForm.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['code'] as const;

/**
 * /recoverycode: the emailed code (or an administrator's ?resetID= link), then 'Choose a new password';
 * afterwards back to sign-in with 'Account details updated'.
 */
export function RecoveryCodePage() {
  const { org } = useAppSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const email = emailFrom(useLocation().state);
  const [verified, setVerified] = useState(false);
  usePageTitle(verified ? ACCOUNT_MESSAGES.choosePasswordTitle : ACCOUNT_MESSAGES.recoveryTitle);
  if (org.isBase) return <Navigate to={ROUTES.home.path} replace />;
  const resetID = params.get('resetID');
  const content = verified ? (
    <ChoosePasswordForm
      save={(values: NewPasswordRequest) => call(signUpApi.resetPassword, { body: values })}
      onSaved={() =>
        void navigate(ROUTES.home.path, {
          replace: true,
          state: { success: 'accountDetailsUpdated', ...(email ? { email } : {}) } satisfies NavigationState,
        })
      }
    />
  ) : resetID ? (
    <ResetLink resetID={resetID} onVerified={() => setVerified(true)} />
  ) : (
    <CodeForm onVerified={() => setVerified(true)} />
  );
  return <Card className="auth-card">{content}</Card>;
}

function CodeForm({ onVerified }: { onVerified: () => void }) {
  const form = useForm<RecoveryCodeRequest>({ resolver: zodResolver(recoveryCodeRequest), defaultValues: { code: '' } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const verify = useMutation({
    mutationFn: (values: RecoveryCodeRequest) => call(signUpApi.verifyRecovery, { body: values }),
    onSuccess: onVerified,
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    verify.mutate(values);
  });
  useLayoutEffect(() => form.setFocus('code'), [form]);
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.recoveryTitle}</h1>
      <p>{ACCOUNT_MESSAGES.codeIntro}</p>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField
          label={ACCOUNT_MESSAGES.codeLabel}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" busy={verify.isPending}>
          {ACCOUNT_MESSAGES.submit}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.recovery.path}>{ACCOUNT_MESSAGES.didntGetCode}</Link>
      </p>
    </>
  );
}

/** An administrator's reset link: checked on arrival. */
function ResetLink({ resetID, onVerified }: { resetID: string; onVerified: () => void }) {
  const verify = useMutation({
    mutationFn: () => call(signUpApi.verifyRecovery, { body: { resetID } }),
    onSuccess: onVerified,
  });
  useRunOnce(() => verify.mutate());
  if (verify.isError) {
    return (
      <LinkProblem error={verify.error}>
        <Link to={ROUTES.recovery.path}>{ACCOUNT_MESSAGES.emailMeACode}</Link>
      </LinkProblem>
    );
  }
  return <Loader />;
}
