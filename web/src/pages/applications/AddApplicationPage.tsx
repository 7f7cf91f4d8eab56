import { applicationsApi } from '@gatehouse/common/api/applications';
import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import { SAML_APP_SCREEN_MESSAGES as S } from '@gatehouse/common/saml-apps';
import { type CreateApplicationInput, createApplicationRequest } from '@gatehouse/common/schemas/applications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { applicationKeys } from '../../api/application-queries.ts';
import { call } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { TextField } from '../../components/TextField.tsx';
import { SecretNotice } from '../../features/applications/SecretNotice.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

const FIELDS = ['name', 'redirectURI'] as const;

/** /applications/add: name and redirect URI; afterwards the one-time secret. */
export function AddApplicationPage() {
  usePageTitle(ROUTES.addApplication.title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CreateApplicationInput>({
    resolver: zodResolver(createApplicationRequest),
    defaultValues: { name: '', redirectURI: '' },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const create = useMutation({
    mutationFn: (values: CreateApplicationInput) => call(applicationsApi.create, { body: values }),
    onSuccess: (created) => {
      const { secret: _secret, ...application } = created;
      queryClient.setQueryData(applicationKeys.one(created.id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all, exact: true });
    },
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    create.mutate(values);
  });
  const { errors } = form.formState;

  useLayoutEffect(() => {
    form.setFocus('name');
  }, [form]);

  if (create.data) {
    return (
      <>
        <h1>{M.addApplicationTitle}</h1>
        <Card title={create.data.name}>
          <Alert kind="success" focus>
            {M.applicationAdded}
          </Alert>
          <SecretNotice clientId={create.data.id} secret={create.data.secret} />
          <p className="actions">
            <Link to={ROUTES.applications.path}>{M.backToApplications}</Link>
            <Link to={routePath('application', { id: create.data.id })}>{M.openSettings}</Link>
          </p>
        </Card>
      </>
    );
  }

  return (
    <>
      <h1>{M.addApplicationTitle}</h1>
      <p>
        <Link to={ROUTES.addSamlApplication.path}>{S.addSamlInstead}</Link>
      </p>
      <Card className="application-form">
        {formError && (
          <Alert kind="error" scrollIntoView>
            {formError}
          </Alert>
        )}
        <Form onSubmit={submit}>
          <TextField label={M.name} required error={errors.name?.message} {...form.register('name')} />
          <TextField
            label={M.redirectUri}
            type="url"
            placeholder="https://"
            error={errors.redirectURI?.message}
            {...form.register('redirectURI')}
          />
          <div className="actions">
            <Button type="submit" busy={create.isPending}>
              {M.save}
            </Button>
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              {M.cancel}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
