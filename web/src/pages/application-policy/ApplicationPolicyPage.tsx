import { applicationsApi } from '@gatehouse/common/api/applications';
import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { clientIdOfRedirectUrl } from '@gatehouse/common/client-sign-in';
import { ROUTES } from '@gatehouse/common/routes';
import { type AcceptPolicyInput, acceptPolicyRequest, type ClientAuthSteps } from '@gatehouse/common/schemas/applications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';

import { useClientAuthSteps } from '../../api/application-queries.ts';
import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { forgetRedirectURL, pendingRedirectURL } from '../../features/client-sign-in/redirect-url.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

/** /applicationpolicy: the application's privacy policy must be accepted before the sign-in continues. */
export function ApplicationPolicyPage() {
  usePageTitle(ROUTES.applicationPolicy.title);
  const clientId = clientIdOfRedirectUrl(pendingRedirectURL());
  const steps = useClientAuthSteps(clientId);
  if (!clientId) return <Navigate to={ROUTES.home.path} replace />;
  if (steps.isPending) return <Loader />;
  if (steps.isError) return <Alert kind="error">{steps.error.message}</Alert>;
  if (!steps.data.policy.requiresAppPolicyConsent) return <Navigate to={ROUTES.home.path} replace />;
  return <PolicyForm steps={steps.data} />;
}

function PolicyForm({ steps }: { steps: ClientAuthSteps }) {
  const navigate = useNavigate();
  const form = useForm<AcceptPolicyInput>({
    resolver: zodResolver(acceptPolicyRequest),
    defaultValues: { clientID: steps.clientID, accept: false },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, ['accept'] as const);
  const accept = useMutation({
    mutationFn: (values: AcceptPolicyInput) => call(applicationsApi.acceptPolicy, { body: values }),
    // /redirecting asks for the steps afresh. (Updating this page's steps here would make it leave for /
    // at once: 'if consent is not required, to /'.)
    onSuccess: () => void navigate(ROUTES.redirecting.path, { replace: true }),
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    accept.mutate(values);
  });
  return (
    <Card className="auth-card">
      <h1>{ROUTES.applicationPolicy.title}</h1>
      <p className="lead-org">{steps.policy.orgName}</p>
      <p>{M.policyIntro(steps.policy.orgName, steps.clientName)}</p>
      {steps.policy.policyURL && (
        <p>
          <a href={steps.policy.policyURL} target="_blank" rel="noopener noreferrer">
            {M.policyLink}
          </a>
        </p>
      )}
      {formError && (
        <Alert kind="error" scrollIntoView>
          {formError}
        </Alert>
      )}
      <Form onSubmit={submit}>
        <input type="hidden" {...form.register('clientID')} />
        <Checkbox label={M.acceptPolicy} error={form.formState.errors.accept?.message} {...form.register('accept')} />
        <div className="actions">
          <Button type="submit" busy={accept.isPending}>
            {M.continue}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              forgetRedirectURL();
              void navigate(ROUTES.home.path);
            }}
          >
            {M.cancel}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
