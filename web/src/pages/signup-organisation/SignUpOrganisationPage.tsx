import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { BASE_SIGNUP_MESSAGES as M } from '@gatehouse/common/base-signup-messages';
import { ROUTES } from '@gatehouse/common/routes';
import { type BaseSignUp, type OrganisationNameForm, organisationNameForm } from '@gatehouse/common/schemas/base-signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';

import { call, isApiError } from '../../api/client.ts';
import { useBaseSignUp, useServiceInfo } from '../../api/public-queries.ts';
import { useAppSession } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TextField } from '../../components/TextField.tsx';
import { currentBaseSignUp, forgetBaseSignUp } from '../../features/base-signup/current-signup.ts';
import { SignUpProblem } from '../../features/base-signup/SignUpProblem.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['organisationName'] as const;

/** The sign-up expired or was used meanwhile (in another tab): nothing more can be done with it. */
const signUpGone = (error: unknown) => isApiError(error) && error.body?.code === 'BASE_SIGNUP_INVALID';

/**
 * /signuporganisation on the base host: the name step of a trial or demo sign-up. Finishing sends the
 * browser to the new organisation's host, where the one-time hand-over signs its admin in.
 */
export function SignUpOrganisationPage() {
  const { org } = useAppSession();
  usePageTitle(ROUTES.signupOrganisation.title);
  const id = currentBaseSignUp();
  if (!org.isBase) return <Navigate to={ROUTES.dashboard.path} replace />;
  if (!id) return <Navigate to={ROUTES.getStarted.path} replace />;
  return <OrganisationStep id={id} />;
}

function OrganisationStep({ id }: { id: string }) {
  const signUp = useBaseSignUp(id);
  if (signUp.isPending) return <Loader />;
  if (signUp.isError) return <SignUpProblem error={signUp.error} />;
  return <NameStep signUp={signUp.data} />;
}

function NameStep({ signUp }: { signUp: BaseSignUp }) {
  const serviceInfo = useServiceInfo();
  const form = useForm({ resolver: zodResolver(organisationNameForm), defaultValues: { organisationName: '' } as OrganisationNameForm });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const finish = useMutation({
    mutationFn: (values: { organisationName: string }) =>
      call(frontDoorApi.baseSignUpOrg, { body: { baseSignUpID: signUp.baseSignUpID, ...values } }),
    onSuccess: (result) => {
      forgetBaseSignUp();
      window.location.assign(result.handoverURL);
    },
    onError: (error) => {
      if (signUpGone(error)) forgetBaseSignUp();
      applyServerError(error);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    finish.mutate(values);
  });
  if (signUpGone(finish.error)) return <SignUpProblem error={finish.error} />;
  const demoHours = serviceInfo.data?.demoLifetimeHours;
  return (
    <Card className="auth-card">
      <h1>{M.organisationHeading}</h1>
      <p>
        {M.signingUpAs} <strong>{signUp.email}</strong>
      </p>
      {signUp.demo && demoHours !== undefined && <Alert kind="info">{M.demoNotice(demoHours)}</Alert>}
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField
          label={M.organisationName}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          suffix={`.${signUp.baseHostname}`}
          hint={M.organisationNameHint(signUp.baseHostname)}
          error={form.formState.errors.organisationName?.message}
          {...form.register('organisationName')}
        />
        {/* Busy until the browser has left for the new organisation. */}
        <Button type="submit" busy={finish.isPending || finish.isSuccess}>
          {M.finish}
        </Button>
      </Form>
    </Card>
  );
}
