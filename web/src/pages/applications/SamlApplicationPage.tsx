import { samlAppsApi } from '@gatehouse/common/api/saml-apps';
import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { MESSAGES } from '@gatehouse/common/messages';
import { matchRoute, ROUTES } from '@gatehouse/common/routes';
import { SAML_APP_SCREEN_MESSAGES as S } from '@gatehouse/common/saml-apps';
import type { SamlApplication, SamlSettings } from '@gatehouse/common/schemas/saml-apps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';

import { call, isApiError } from '../../api/client.ts';
import { samlAppKeys, useSamlApplication } from '../../api/saml-app-queries.ts';
import { ActionStatus } from '../../components/ActionStatus.tsx';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Form } from '../../components/Form.tsx';
import { ImageField } from '../../components/ImageField.tsx';
import { Loader } from '../../components/Loader.tsx';
import { SectionNav } from '../../components/SectionNav.tsx';
import { TextField } from '../../components/TextField.tsx';
import { clientLogoSrc } from '../../features/applications/ApplicationLogo.tsx';
import { DeleteApplicationCard } from '../../features/applications/DeleteApplicationCard.tsx';
import { IdentityProviderCard } from '../../features/applications/IdentityProviderCard.tsx';
import {
  AssertionFields,
  PresetPicker,
  SAML_FIELDS,
  samlFormResolver,
  type SamlFormValues,
  samlFormValues,
  ServiceProviderFields,
} from '../../features/applications/SamlFields.tsx';
import { useBackToApplicationsOnError } from '../../features/applications/use-back-on-error.ts';
import { useActionFeedback } from '../../features/feedback/feedback.ts';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

const SECTIONS = {
  settings: { id: 'saml-settings', label: S.sections.settings },
  serviceProvider: { id: 'saml-service-provider', label: S.sections.serviceProvider },
  assertion: { id: 'saml-assertion', label: S.sections.assertion },
  identityProvider: { id: 'saml-identity-provider', label: S.sections.identityProvider },
  danger: { id: 'saml-danger-zone', label: 'Danger zone' },
} as const;

/**
 * /applications/saml/{id}: a SAML application's settings (as an OpenID application's: name, policy,
 * unverified access; the service provider; the assertion) in one form with one Save, beside what to give
 * the service provider and the danger zone. Access is given on the users' pages, as for any application.
 */
export function SamlApplicationPage() {
  usePageTitle(ROUTES.samlApplication.title);
  const id = matchRoute(useLocation().pathname)?.params.id ?? '';
  const application = useSamlApplication(id);
  const queryClient = useQueryClient();
  useBackToApplicationsOnError(application);

  if (!application.data) return <Loader />;
  return (
    <>
      <h1>{application.data.name}</h1>
      <SectionNav label={S.sections.label} sections={Object.values(SECTIONS)} />
      <div className="application-layout">
        {/* Keyed by id: another application starts a fresh form. */}
        <SamlApplicationForm key={application.data.id} app={application.data} />
        <div className="application-aside">
          <IdentityProviderCard idp={application.data.identityProvider} id={SECTIONS.identityProvider.id} />
          <DeleteApplicationCard
            title={SECTIONS.danger.label}
            id={SECTIONS.danger.id}
            remove={() => call(samlAppsApi.delete, { params: { id } })}
            forget={() => {
              queryClient.removeQueries({ queryKey: samlAppKeys.one(id) });
              void queryClient.invalidateQueries({ queryKey: samlAppKeys.all, exact: true });
            }}
          />
        </div>
      </div>
    </>
  );
}

function SamlApplicationForm({ app }: { app: SamlApplication }) {
  const queryClient = useQueryClient();
  const feedback = useActionFeedback();
  const form = useForm<SamlFormValues>({ resolver: samlFormResolver, defaultValues: samlFormValues(app) });
  const { formError, setFormError, applyServerError } = useServerErrors(form, SAML_FIELDS);
  // The logo is saved with the form, by its own call after the settings (an image is multipart, the settings JSON).
  const [logo, setLogo] = useState<{ file: File; preview: string } | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: async (values: SamlSettings) => {
      const updated = await call(samlAppsApi.update, { params: { id: app.id }, body: values });
      if (logo) return call(samlAppsApi.setLogo, { params: { id: app.id }, body: {}, files: { logo: logo.file } });
      if (removeLogo && updated.logoID) return call(samlAppsApi.deleteLogo, { params: { id: app.id } });
      return updated;
    },
    onSuccess: (updated) => {
      feedback.succeed(MESSAGES.applicationSettingsUpdated);
      form.reset(samlFormValues(updated));
      setLogo(null);
      setRemoveLogo(false);
      queryClient.setQueryData(samlAppKeys.one(app.id), updated);
      void queryClient.invalidateQueries({ queryKey: samlAppKeys.all, exact: true });
    },
    onError: (error) => {
      applyServerError(error);
      setLogoError(isApiError(error) ? error.body?.validation.errors.logo?.message : undefined);
    },
  });
  const submit = useFormSubmit(form, (values) => {
    feedback.start();
    setFormError(null);
    setLogoError(undefined);
    save.mutate(values as SamlSettings);
  });
  const { errors } = form.formState;
  return (
    <Form onSubmit={submit} className="application-sections">
      {formError && (
        <Alert kind="error" scrollIntoView>
          {formError}
        </Alert>
      )}
      <Card title={SECTIONS.settings.label} id={SECTIONS.settings.id}>
        <TextField label={M.name} required error={errors.name?.message} {...form.register('name')} />
        <ImageField
          label={M.logo}
          hint={M.logoHint}
          accept="image/png,image/jpeg,image/gif"
          src={logo?.preview ?? (removeLogo || !app.logoID ? null : clientLogoSrc(app.logoID))}
          status={logo ? M.logoChosen : removeLogo && app.logoID ? M.logoRemoved : app.logoID ? M.logoCurrent : M.noLogo}
          error={logoError}
          removeLabel={M.deleteLogo}
          onChoose={(file) => {
            const reader = new FileReader();
            reader.onload = () => {
              setLogo({ file, preview: String(reader.result) });
              setRemoveLogo(false);
            };
            reader.readAsDataURL(file);
          }}
          onRemove={() => {
            setLogo(null);
            setRemoveLogo(true);
          }}
        />
        <TextField
          label={M.landingUrl}
          type="url"
          placeholder="https://"
          error={errors.landingURL?.message}
          {...form.register('landingURL')}
        />
        <TextField
          label={M.policyUrl}
          type="url"
          placeholder="https://"
          error={errors.policyURL?.message}
          {...form.register('policyURL')}
        />
        <Checkbox label={M.allowsUnverifiedAccess} {...form.register('allowsUnverifiedAccess')} />
      </Card>
      <Card title={SECTIONS.serviceProvider.label} id={SECTIONS.serviceProvider.id}>
        <ServiceProviderFields form={form} />
      </Card>
      <Card title={SECTIONS.assertion.label} id={SECTIONS.assertion.id}>
        <PresetPicker form={form} />
        <AssertionFields form={form} />
      </Card>
      <div className="actions application-save">
        <Button type="submit" busy={save.isPending}>
          {M.save}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(samlFormValues(app));
            setLogo(null);
            setRemoveLogo(false);
          }}
        >
          {M.cancel}
        </Button>
        <ActionStatus message={feedback.message} />
      </div>
    </Form>
  );
}
