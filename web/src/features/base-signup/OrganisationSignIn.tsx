import { frontDoorApi } from '@gatehouse/common/api/front-door';
import { BASE_SIGNUP_MESSAGES as M } from '@gatehouse/common/base-signup-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { ROUTES } from '@gatehouse/common/routes';
import { type OrgExistsQuery, orgExistsQuery } from '@gatehouse/common/schemas/base-signup';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { call } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../forms/FormError.tsx';
import { useFormSubmit, useServerErrors } from '../forms/use-server-form.ts';

const FIELDS = ['name'] as const;

/** The sign-in page of the base host: people sign in at their organisation's host, found here by its name. */
export function OrganisationSignIn({ baseHostname }: { baseHostname: string }) {
  const form = useForm({ resolver: zodResolver(orgExistsQuery), defaultValues: { name: '' } as OrgExistsQuery });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const find = useMutation({
    mutationFn: (values: { name: string }) => call(frontDoorApi.orgExists, { query: values }),
    onSuccess: (result) => window.location.assign(result.url),
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    find.mutate(values);
  });
  return (
    <Card className="auth-card">
      <h1>{MESSAGES.signInHeader}</h1>
      <p>{M.organisationSignInIntro}</p>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField
          label={M.organisationName}
          placeholder={M.organisationNamePlaceholder}
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          suffix={`.${baseHostname}`}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Button type="submit" busy={find.isPending || find.isSuccess}>
          {MESSAGES.signInButton}
        </Button>
      </Form>
      <p className="auth-links">
        <Link to={ROUTES.getStarted.path}>{M.notSignedUpYet}</Link>
      </p>
    </Card>
  );
}
