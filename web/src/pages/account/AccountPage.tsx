import { ACCOUNT_MESSAGES } from '@gatehouse/common/account-messages';
import { accountApi } from '@gatehouse/common/api/account';
import { LOCALES } from '@gatehouse/common/i18n/locales';
import { LANGUAGE_MESSAGES } from '@gatehouse/common/language-messages';
import { MESSAGES } from '@gatehouse/common/messages';
import { type Account, type UpdateAccountRequest, updateAccountRequest } from '@gatehouse/common/schemas/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { call } from '../../api/client.ts';
import { queryKeys, useOrganisation } from '../../api/queries.ts';
import { useSignedInUser } from '../../app/app-session.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import { FormError } from '../../features/forms/FormError.tsx';
import { NOT_SENT, useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { ConnectedApplicationsCard } from '../../features/sessions/ConnectedApplicationsCard.tsx';
import { SessionsCard } from '../../features/sessions/SessionsCard.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/sessions/sessions.css';

const FIELDS = ['firstName', 'surname', 'phoneNumber', 'currentPassword'] as const;

/** /account 'Edit details': First name, Surname, Mobile phone number ('Details updated'); the person's sessions and connected applications. */
export function AccountPage() {
  const { user } = useSignedInUser();
  usePageTitle(ACCOUNT_MESSAGES.accountTitle);
  return (
    <>
      <h1>{ACCOUNT_MESSAGES.accountTitle}</h1>
      <Card title={ACCOUNT_MESSAGES.editDetails} className="form-card">
        <EditDetailsForm user={user} />
      </Card>
      <Card title={LANGUAGE_MESSAGES.language} className="form-card">
        <LanguageForm user={user} />
      </Card>
      <div className="account-sections">
        <SessionsCard whose={null} />
        <ConnectedApplicationsCard whose={null} />
      </div>
    </>
  );
}

/** The person's own language: their screens, emails and text messages, and the `locale` claim; the page reloads in it. */
function LanguageForm({ user }: { user: Account }) {
  const org = useOrganisation();
  const [locale, setLocale] = useState(user.locale ?? '');
  const save = useMutation({
    mutationFn: () => call(accountApi.language, { body: { locale } }),
    onSuccess: () => window.location.reload(),
  });
  const offered = org.data?.offeredLanguages ?? [];
  const options = [{ value: '', label: LANGUAGE_MESSAGES.automatic }, ...offered.map((tag) => ({ value: tag, label: LOCALES[tag].name }))];
  return (
    <Form onSubmit={() => save.mutate()}>
      <Select
        label={LANGUAGE_MESSAGES.language}
        hint={LANGUAGE_MESSAGES.accountHint}
        name="locale"
        options={options}
        value={locale}
        onChange={(event) => setLocale(event.target.value)}
      />
      <div className="actions">
        <Button type="submit" busy={save.isPending}>
          {ACCOUNT_MESSAGES.save}
        </Button>
        <ActionStatus message={save.isSuccess && save.data.message} />
      </div>
    </Form>
  );
}

function EditDetailsForm({ user }: { user: Account }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateAccountRequest, unknown, z.output<typeof updateAccountRequest>>({
    resolver: zodResolver(updateAccountRequest),
    defaultValues: {
      firstName: user.firstName ?? '',
      surname: user.surname ?? '',
      phoneNumber: user.phoneNumber ?? '',
      currentPassword: '',
    },
  });
  const { formError, setFormError, applyServerError } = useServerErrors(form, FIELDS);
  const save = useMutation({
    mutationFn: (values: z.output<typeof updateAccountRequest>) =>
      call(accountApi.update, {
        body: { ...values, currentPassword: values.currentPassword || undefined },
      }),
    onSuccess: ({ message: _message, ...account }) => {
      queryClient.setQueryData(queryKeys.account, account);
      form.reset({
        firstName: account.firstName ?? '',
        surname: account.surname ?? '',
        phoneNumber: account.phoneNumber ?? '',
        currentPassword: '',
      });
    },
    onError: applyServerError,
  });
  // A new phone number may receive sign-in codes: changing it needs the current password.
  const phone = (useWatch({ control: form.control, name: 'phoneNumber' }) ?? '').trim();
  const needsPassword = user.passwordSetDate !== null && phone !== '' && phone !== (user.phoneNumber ?? '');
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    save.reset();
    // The field appears with the new number: left empty it is required here, not checked (and called
    // incorrect) by the server.
    if (needsPassword && !values.currentPassword) {
      form.setError('currentPassword', { type: 'required', message: MESSAGES.required }, { shouldFocus: true });
      return NOT_SENT;
    }
    save.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <>
      <FormError message={formError} />
      <Form onSubmit={submit}>
        <TextField
          label={ACCOUNT_MESSAGES.firstName}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={ACCOUNT_MESSAGES.surname}
          autoComplete="family-name"
          error={errors.surname?.message}
          {...form.register('surname')}
        />
        <TextField
          label={ACCOUNT_MESSAGES.mobilePhoneNumber}
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...form.register('phoneNumber')}
        />
        {needsPassword && (
          <PasswordField
            label={ACCOUNT_MESSAGES.currentPassword}
            autoComplete="current-password"
            hint={ACCOUNT_MESSAGES.phoneChangeNeedsPassword}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <div className="actions">
          <Button type="submit" busy={save.isPending}>
            {ACCOUNT_MESSAGES.save}
          </Button>
          <ActionStatus message={save.isSuccess && save.data.message} />
        </div>
      </Form>
    </>
  );
}
