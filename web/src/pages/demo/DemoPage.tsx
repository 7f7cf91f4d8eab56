import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { BASE_SIGNUP_MESSAGES as M } from '@gatehouse/common/base-signup-messages';
import { DEMO_ADMIN_EMAIL } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import { demoRequest } from '@gatehouse/common/schemas/base-signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { useServiceInfo } from '../../api/public-queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ConsentCheckbox } from '../../features/account/ConsentCheckbox.tsx';
import { rememberBaseSignUp } from '../../features/base-signup/current-signup.ts';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['consent'] as const;

/** /demo on the base host: a demo organisation for the fixed demo address, named at /signuporganisation. */
export function DemoPage() {
  const { org } = useAppSession();
  usePageTitle(ROUTES.demo.title);
  const serviceInfo = useServiceInfo();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(demoRequest), defaultValues: { consent: false } });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const start = useMutation({
    // The email step with the demo address: its sign-up id comes back at once.
    mutationFn: () => call(frontDoorApi.baseSignUpEmail, { body: { email: DEMO_ADMIN_EMAIL, consent: true } }),
    onSuccess: (result) => {
      rememberBaseSignUp(result.baseSignUpID!);
      void navigate(ROUTES.signupOrganisation.path);
    },
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, () => {
    setFormError(null);
    start.mutate();
  });
  if (!org.isBase) return <Navigate to={ROUTES.dashboard.path} replace />;
  return (
    <Card className="auth-card">
      <h1>{M.demoHeading}</h1>
      {serviceInfo.data ? <p>{M.demoIntro(serviceInfo.data.demoLifetimeHours)}</p> : <Loader />}
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <ConsentCheckbox error={form.formState.errors.consent?.message} {...form.register('consent')} />
        <Button type="submit" busy={start.isPending}>
          {M.startDemo}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.getStarted.path}>{M.freeTrial}</Link>
      </p>
    </Card>
  );
}
