import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { BASE_SIGNUP_MESSAGES as M } from '@gatehouse/common/base-signup-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { type BaseSignUpEmailRequest, baseSignUpEmailRequest } from '@gatehouse/common/schemas/base-signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';

import { call } from '../../api/client.ts';
import { useBaseSignUp } from '../../api/public-queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ConsentCheckbox } from '../../features/account/ConsentCheckbox.tsx';
import { rememberBaseSignUp } from '../../features/base-signup/current-signup.ts';
import { SignUpProblem } from '../../features/base-signup/SignUpProblem.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['email', 'consent'] as const;

/**
 * /getstarted on the base host: the trial's email step, and where its emailed link (?signupid=) comes
 * back to, to continue at /signuporganisation. Other hosts have no sign-up of organisations.
 */
export function GetStartedPage() {
  const { org } = useAppSession();
  usePageTitle(ROUTES.getStarted.title);
  const [params] = useSearchParams();
  const signupid = params.get('signupid');
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!org.isBase) return <Navigate to={ROUTES.dashboard.path} replace />;
  if (signupid) return <ResumeSignUp id={signupid} />;
  if (sentTo) {
    return (
      <Card className="auth-card">
        <h1>{M.checkYourEmailHeading}</h1>
        <Alert kind="success">{M.checkYourEmail(sentTo)}</Alert>
      </Card>
    );
  }
  return <EmailStep product={org.displayName} onSent={setSentTo} />;
}

function EmailStep({ product, onSent }: { product: string; onSent: (email: string) => void }) {
  const form = useForm({
    resolver: zodResolver(baseSignUpEmailRequest),
    defaultValues: { email: '', consent: false } as BaseSignUpEmailRequest,
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const start = useMutation({
    mutationFn: (values: { email: string }) => call(frontDoorApi.baseSignUpEmail, { body: { ...values, consent: true } }),
    onSuccess: (result) => onSent(result.email),
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    start.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <Card className="auth-card">
      <h1>{M.welcome(product)}</h1>
      <p>{M.intro}</p>
      <p>{M.emailStep}</p>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField label={M.emailAddress} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <ConsentCheckbox error={errors.consent?.message} {...form.register('consent')} />
        <Button type="submit" busy={start.isPending}>
          {M.getStarted}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.demo.path}>{M.tryDemo}</Link>
      </p>
    </Card>
  );
}

/** The emailed link: checks the sign-up is still open, then on to choosing the organisation's name. */
function ResumeSignUp({ id }: { id: string }) {
  const navigate = useNavigate();
  const signUp = useBaseSignUp(id);
  const resumed = signUp.data?.baseSignUpID;
  useEffect(() => {
    if (!resumed) return;
    rememberBaseSignUp(resumed);
    void navigate(ROUTES.signupOrganisation.path, { replace: true });
  }, [resumed, navigate]);
  if (signUp.isError) return <SignUpProblem error={signUp.error} />;
  return (
    <Card className="auth-card">
      <h1>{M.checkingLink}</h1>
      <Loader label={M.checkingLink} />
    </Card>
  );
}
