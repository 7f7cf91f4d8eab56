import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import { ROUTES } from '@gatehouse/common/routes';
import { type SignUpRequest, signUpRequest } from '@gatehouse/common/schemas/signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';

import { call } from '../../api/client.ts';
import { useAppSession } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ConsentCheckbox } from '../../features/account/ConsentCheckbox.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { useProofOfWork } from '../../features/proof-of-work/use-proof-of-work.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['email', 'consent'] as const;

/** /signup: email and consent; the emailed link continues at /verifyemail. */
export function SignUpPage() {
  const { org } = useAppSession();
  usePageTitle(ACCOUNT_MESSAGES.signUpTitle);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (org.isBase) return <Navigate to={ROUTES.getStarted.path} replace />;
  if (org.preventSelfSignUp) return <Navigate to={ROUTES.home.path} replace />;
  if (sentTo) {
    return (
      <Card className="auth-card">
        <h1>{ACCOUNT_MESSAGES.checkYourEmailHeading}</h1>
        <Alert kind="success">{ACCOUNT_MESSAGES.checkYourEmail(sentTo)}</Alert>
        <p className="auth-links">
          <Link to={ROUTES.home.path}>{ACCOUNT_MESSAGES.alreadyHaveAccount}</Link>
        </p>
      </Card>
    );
  }
  return <SignUpForm onSent={setSentTo} />;
}

function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm({ resolver: zodResolver(signUpRequest), defaultValues: { email: '', consent: false } as SignUpRequest });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  // Asked on load: the organisation may ask every sign-up for a challenge.
  const proofOfWork = useProofOfWork('signUp', true);
  const signUp = useMutation({
    mutationFn: (values: { email: string }) => call(signUpApi.signUp, { body: { ...values, consent: true, altcha: proofOfWork.take() } }),
    onSuccess: (result) => onSent(result.email),
    onError: (error) => {
      proofOfWork.settle(error);
      applyServerError(error);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    signUp.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <Card className="auth-card">
      <h1>{ACCOUNT_MESSAGES.signUpHeading}</h1>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <ConsentCheckbox error={errors.consent?.message} {...form.register('consent')} />
        {proofOfWork.slot}
        <Button type="submit" busy={signUp.isPending}>
          {ACCOUNT_MESSAGES.createAccountButton}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.home.path}>{ACCOUNT_MESSAGES.alreadyHaveAccount}</Link>
      </p>
    </Card>
  );
}
