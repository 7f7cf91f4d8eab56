import { usersApi } from '@gatehouse/common/api/users';
import { MESSAGES } from '@gatehouse/common/messages';
import { LIMITS } from '@gatehouse/common/policy';
import { ROUTES } from '@gatehouse/common/routes';
import { type InviteUserRequest, inviteUserRequest } from '@gatehouse/common/schemas/users';
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';

import { call } from '../../api/client.ts';
import { storeUser } from '../../api/user-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Form } from '../../components/Form.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { flashOn } from '../../features/feedback/feedback.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { ApplicationsField } from '../../features/users/ApplicationSelector.tsx';
import { useReturnUrl } from '../../features/users/return-url.ts';
import { roleOptions } from '../../features/users/roles.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';
import '../../features/users/users.css';

type InviteUser = z.output<typeof inviteUserRequest>;
const FIELDS = ['firstName', 'surname', 'email', 'role', 'multiFactorAuthRequired', 'clients'] as const;

/**
 * /users/add: invite a user. An end user with no applications ticked is confirmed first ('No
 * applications selected'); success goes to the returnurl, or to /users.
 */
export function AddUserPage() {
  usePageTitle(ROUTES.addUser.title);
  const { org, user: me } = useSignedInUser();
  const navigate = useNavigate();
  const returnUrl = useReturnUrl();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<InviteUser | null>(null);
  const form = useForm<InviteUserRequest, unknown, InviteUser>({
    resolver: zodResolver(inviteUserRequest),
    defaultValues: { firstName: '', surname: '', email: '', role: 'EndUser', multiFactorAuthRequired: false, clients: [] },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const invite = useMutation({
    mutationFn: (values: InviteUser) => call(usersApi.invite, { body: { ...values, returnurl: returnUrl ?? undefined } }),
    onSuccess: (created) => {
      storeUser(queryClient, created);
      if (!returnUrl) flashOn(ROUTES.users.path, MESSAGES.userInvited(created.email));
      void navigate(returnUrl ?? ROUTES.users.path);
    },
    onError: applyServerError,
  });
  const send = (values: InviteUser) => {
    setFormError(null);
    invite.mutate(values);
  };
  const submit = useFormSubmit(form, (values) => {
    if (values.role === 'EndUser' && values.clients.length === 0) setConfirming(values);
    else send(values);
  });
  const { errors } = form.formState;

  useLayoutEffect(() => {
    form.setFocus('firstName');
  }, [form]);

  return (
    <>
      <h1>{M.addTitle}</h1>
      <p>{M.addDescription}</p>
      <Card className="application-form">
        {formError && (
          <Alert kind="error" scrollIntoView>
            {formError}
          </Alert>
        )}
        <Form onSubmit={submit}>
          <TextField
            label={M.firstName}
            required
            maxLength={LIMITS.firstNameMax}
            autoComplete="off"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField label={M.surname} autoComplete="off" error={errors.surname?.message} {...form.register('surname')} />
          <TextField label={M.email} type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
          <Select label={M.role} options={roleOptions(me.role)} error={errors.role?.message} {...form.register('role')} />
          {!org.requireTwoStep && <Checkbox label={M.enforceMfa} {...form.register('multiFactorAuthRequired')} />}
          <ApplicationsField
            control={form.control}
            legend={M.selectApplicationsAdd}
            applications={me.clients}
            error={errors.clients?.message}
          />
          <div className="actions">
            <Button type="submit" busy={invite.isPending}>
              {M.save}
            </Button>
            <Button variant="secondary" onClick={() => void navigate(returnUrl ?? ROUTES.users.path)}>
              {M.cancel}
            </Button>
          </div>
        </Form>
      </Card>
      <Dialog
        open={confirming !== null}
        header={M.noApplicationsHeader}
        text={M.noApplicationsText}
        onAffirm={() => {
          if (confirming) send(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
