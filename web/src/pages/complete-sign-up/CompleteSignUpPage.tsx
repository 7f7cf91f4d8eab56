import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { signUpApi } from '@gatehouse/common/api/sign-up';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { completeSignUpForm } from '@gatehouse/common/schemas/signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';

import { call, isApiError } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ConsentCheckbox } from '../../features/account/ConsentCheckbox.tsx';
import { LinkProblem } from '../../features/account/LinkProblem.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { NewPasswordFields } from '../../features/passwords/NewPasswordFields.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const FIELDS = ['password', 'confirmPassword', 'consent'] as const;

/**
 * /completesignup: the invitee (?invitationID=) or the person who just verified their address
 * (the email comes in navigation state) chooses a password, and is signed in.
 */
export function CompleteSignUpPage() {
  usePageTitle(ROUTES.completeSignup.title);
  const location = useLocation();
  const [params] = useSearchParams();
  const invitationID = params.get('invitationID');
  const stateEmail = (location.state as { email?: unknown } | null)?.email;
  const email = typeof stateEmail === 'string' ? stateEmail : null;
  const invitation = useQuery({
    queryKey: ['invitation', invitationID],
    queryFn: () => call(signUpApi.invitation, { query: { invitationID: invitationID! } }),
    enabled: invitationID !== null,
    retry: false,
  });

  if (!invitationID && !email) return <Navigate to={ROUTES.signup.path} replace />;
  if (invitationID && invitation.isPending) return <Loader />;
  if (invitationID && invitation.isError) {
    return (
      <Card className="auth-card">
        <LinkProblem error={invitation.error} refusedText={ACCOUNT_MESSAGES.invitationUsed} />
      </Card>
    );
  }
  return <CompleteSignUpForm invitationID={invitationID} email={invitation.data?.email ?? email} />;
}

function CompleteSignUpForm({ invitationID, email }: { invitationID: string | null; email: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = completeSignUpForm(invitationID !== null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '', consent: false },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const complete = useMutation({
    mutationFn: (values: z.output<typeof schema>) =>
      call(signUpApi.completeSignUp, {
        body: { ...values, invitationID: invitationID ?? undefined, email: email ?? undefined },
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.account, result.user);
      void navigate(ROUTES.home.path, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.body?.code === 'TOKEN_INVALID')
        setFormError(invitationID ? ACCOUNT_MESSAGES.invitationUsed : MESSAGES.tokenUnrecognised);
      else applyServerError(error);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    complete.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <Card className="auth-card">
      <h1>{ACCOUNT_MESSAGES.completeSignUpTitle}</h1>
      <p>{email ?? ACCOUNT_MESSAGES.chooseYourPassword}</p>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <NewPasswordFields
          form={form}
          passwordLabel={ACCOUNT_MESSAGES.password}
          confirmLabel={ACCOUNT_MESSAGES.confirmNewPassword}
          userInputs={email ? [email] : []}
        />
        {invitationID && <ConsentCheckbox error={errors.consent?.message} {...form.register('consent')} />}
        <Button type="submit" busy={complete.isPending}>
          {ACCOUNT_MESSAGES.signUpButton}
        </Button>
      </Form>
    </Card>
  );
}
