import { usersApi } from '@gatehouse/common/api/users';
import { MESSAGES } from '@gatehouse/common/messages';
import { isAdminRole, LIMITS, ROLE_LABELS } from '@gatehouse/common/policy';
import { matchRoute, ROUTES } from '@gatehouse/common/routes';
import type { Account } from '@gatehouse/common/schemas/account';
import { type UpdateUserRequest, updateUserRequest } from '@gatehouse/common/schemas/users';
import { USER_MESSAGES as M } from '@gatehouse/common/user-messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';

import { call } from '../../api/client.ts';
import { storeUser, useUser } from '../../api/user-queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Form } from '../../components/Form.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { UserActivityCard } from '../../features/audit/UserActivityCard.tsx';
import { UserConnectionsCard } from '../../features/connections/UserConnectionsCard.tsx';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { ConnectedApplicationsCard } from '../../features/sessions/ConnectedApplicationsCard.tsx';
import { SessionsCard } from '../../features/sessions/SessionsCard.tsx';
import { ApplicationsField } from '../../features/users/ApplicationSelector.tsx';
import { ManagedByNotice } from '../../features/users/ManagedBy.tsx';
import { useReturnUrl } from '../../features/users/return-url.ts';
import { mayManage, roleOptions } from '../../features/users/roles.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { UserAccessCard } from './UserAccessCard.tsx';
import { AccessHistoryCard, UserAccountCard } from './UserAccountCard.tsx';
import { UserFactorsCard } from './UserFactorsCard.tsx';

import '../../features/applications/applications.css';
import '../../features/users/users.css';

type UpdateUser = z.output<typeof updateUserRequest>;
const FIELDS = ['firstName', 'surname', 'phoneNumber', 'role', 'multiFactorAuthRequired', 'clients'] as const;

const formValues = (user: Account): UpdateUserRequest => ({
  firstName: user.firstName ?? '',
  surname: user.surname ?? '',
  phoneNumber: user.phoneNumber ?? '',
  role: user.role,
  multiFactorAuthRequired: user.multiFactorAuthRequired,
  clients: isAdminRole(user.role) ? [] : user.accessibleClientIDs,
});

/**
 * /users/{id}: the user's details (left card), their account state with its actions (right card), their
 * MFA methods (another's, within the admin's reach) and their access history. On oneself, role, MFA, applications and the status actions are not offered.
 * A user who cannot be fetched (404 or another failure) sends the admin back to /users with a notice.
 */
export function UserPage() {
  usePageTitle(ROUTES.user.title);
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const user = useUser(id);
  const { user: me } = useSignedInUser();
  const navigate = useNavigate();
  const { notifyError } = useNotifications();

  useEffect(() => {
    if (user.isError) {
      notifyError(user.error, 'user');
      void navigate(ROUTES.users.path, { replace: true });
    }
  }, [user.isError, user.error, notifyError, navigate]);

  if (!user.data) return <Loader />;
  return (
    <>
      <h1>{M.editTitle}</h1>
      <div className="user-layout">
        {/* Keyed by id: another user starts a fresh form. */}
        <UserDetailsForm key={user.data.id} user={user.data} />
        <div className="application-aside">
          <UserAccountCard user={user.data} />
          {me.id !== user.data.id && mayManage(me.role, user.data.role) && <UserFactorsCard user={user.data} />}
          <AccessHistoryCard user={user.data} />
          <UserAccessCard userId={user.data.id} />
          <UserConnectionsCard userId={user.data.id} />
          {/* One's own sessions are on /account, where this browser is told apart. */}
          {me.id !== user.data.id && mayManage(me.role, user.data.role) && (
            <>
              <SessionsCard whose={user.data.id} />
              <ConnectedApplicationsCard whose={user.data.id} />
            </>
          )}
          <UserActivityCard userId={user.data.id} email={user.data.email} />
        </div>
      </div>
    </>
  );
}

function UserDetailsForm({ user }: { user: Account }) {
  const { org, user: me } = useSignedInUser();
  const self = me.id === user.id;
  const editable = mayManage(me.role, user.role);
  const navigate = useNavigate();
  const returnUrl = useReturnUrl();
  const queryClient = useQueryClient();
  const feedback = useActionFeedback();
  const form = useForm<UpdateUserRequest, unknown, UpdateUser>({
    resolver: zodResolver(updateUserRequest),
    defaultValues: formValues(user),
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: UpdateUser) =>
      call(usersApi.update, {
        params: { id: user.id },
        body: {
          firstName: values.firstName,
          surname: values.surname,
          phoneNumber: values.phoneNumber,
          returnurl: returnUrl ?? undefined,
          // What the screen does not show is not sent (undefined is left out): the server keeps it as it is.
          clients: self ? undefined : values.clients,
          ...(self ? {} : { role: values.role }),
          ...(self || org.requireTwoStep ? {} : { multiFactorAuthRequired: values.multiFactorAuthRequired }),
        },
      }),
    onSuccess: (result) => {
      storeUser(queryClient, result.user);
      if (returnUrl) {
        void navigate(returnUrl);
        return;
      }
      feedback.succeed(MESSAGES.userDetailsUpdated);
      form.reset(formValues(result.user));
    },
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    feedback.start();
    setFormError(null);
    save.mutate(values);
  });
  const { errors } = form.formState;
  // Fields an identity provider sets through SCIM are its to change (docs/scim.md): read-only, saying why.
  const manager = user.managedBy?.name;
  const owned = manager ? { readOnly: true, hint: M.scimOwnedField(manager) } : {};

  return (
    <Card className="application-form" title={user.email}>
      {!editable && <Alert kind="info">{M.aboveYourRole}</Alert>}
      {manager && <ManagedByNotice application={manager} />}
      {formError && (
        <Alert kind="error" scrollIntoView>
          {formError}
        </Alert>
      )}
      <Form onSubmit={submit}>
        <fieldset className="plain-fieldset" disabled={!editable}>
          <legend className="visually-hidden">{M.detailsCard}</legend>
          <TextField
            label={M.firstName}
            maxLength={LIMITS.firstNameMax}
            autoComplete="off"
            error={errors.firstName?.message}
            {...owned}
            {...form.register('firstName')}
          />
          <TextField label={M.surname} autoComplete="off" error={errors.surname?.message} {...owned} {...form.register('surname')} />
          <TextField
            label={M.phoneNumber}
            type="tel"
            autoComplete="off"
            error={errors.phoneNumber?.message}
            {...owned}
            {...form.register('phoneNumber')}
          />
          {!self &&
            (editable ? (
              <Select label={M.role} options={roleOptions(me.role)} error={errors.role?.message} {...form.register('role')} />
            ) : (
              <p>
                {M.role}: {ROLE_LABELS[user.role]}
              </p>
            ))}
          {!self && !org.requireTwoStep && <Checkbox label={M.enforceMfa} {...form.register('multiFactorAuthRequired')} />}
          {!self && (
            <ApplicationsField
              control={form.control}
              legend={M.selectApplicationsEdit}
              applications={me.clients}
              error={errors.clients?.message}
            />
          )}
        </fieldset>
        {/* Outside the fieldset: Save is disabled (and looks it) with the fields, Cancel still leaves. */}
        <div className="actions">
          <Button type="submit" busy={save.isPending} disabled={!editable}>
            {M.save}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(returnUrl ?? ROUTES.users.path)}>
            {M.cancel}
          </Button>
          <ActionStatus message={feedback.message} />
        </div>
      </Form>
    </Card>
  );
}
