import { samlAppsApi } from '@gatehouse/common/api/saml-apps';
import { APPLICATION_MESSAGES as M } from '@gatehouse/common/applications';
import { routePath, ROUTES } from '@gatehouse/common/routes';
import type { SamlAppPresetId } from '@gatehouse/common/saml-app-presets';
import { SAML_APP_SCREEN_MESSAGES as S } from '@gatehouse/common/saml-apps';
import {
  type NewSamlApplicationForm,
  newSamlApplicationRequest,
  SAML_APP_SOURCES,
  type SamlAppSource,
} from '@gatehouse/common/schemas/saml-apps';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';

import { call } from '../../api/client.ts';
import { samlAppKeys } from '../../api/saml-app-queries.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Card } from '../../components/Card.tsx';
import { Form } from '../../components/Form.tsx';
import { Select } from '../../components/Select.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';
import {
  applyPreset,
  AssertionFields,
  PresetHint,
  presetOptions,
  SAML_FIELDS,
  samlFormResolver,
  type SamlFormValues,
  ServiceProviderFields,
} from '../../features/applications/SamlFields.tsx';
import { useFormSubmit, useServerErrors } from '../../features/forms/use-server-form.ts';
import { useNotifications } from '../../features/notifications/notifications.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

import '../../features/applications/applications.css';

const DEFAULTS: SamlFormValues = {
  source: 'metadataURL',
  preset: '',
  name: '',
  metadataURL: '',
  metadataXML: '',
  entityID: '',
  assertionConsumerServices: [{ url: '', binding: 'post', index: 0, isDefault: true }],
  singleLogoutURL: '',
  signingCertificate: '',
  encryptionCertificate: '',
  requireSignedRequests: false,
  encryptAssertions: false,
  signing: 'assertion',
  nameIDFormat: '',
  attributes: { email: '', givenName: '', surname: '', displayName: '' },
};

/**
 * /applications/add/saml: a SAML application from its service provider's metadata (its address or the
 * XML) or by hand, with a preset of a well-known service provider; then its page, with the identity
 * provider's details to give the service provider.
 */
export function AddSamlApplicationPage() {
  usePageTitle(ROUTES.addSamlApplication.title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const sourceName = useId();
  const form = useForm<SamlFormValues>({ resolver: samlFormResolver, defaultValues: DEFAULTS });
  const { formError, setFormError, applyServerError } = useServerErrors(form, SAML_FIELDS);
  const create = useMutation({
    mutationFn: (values: NewSamlApplicationForm[SamlAppSource]) => call(samlAppsApi.create, { body: newSamlApplicationRequest(values) }),
    onSuccess: (created) => {
      queryClient.setQueryData(samlAppKeys.one(created.id), created);
      void queryClient.invalidateQueries({ queryKey: samlAppKeys.all, exact: true });
      notify('success', S.created);
      void navigate(routePath('samlApplication', { id: created.id }));
    },
    onError: applyServerError,
  });
  const submit = useFormSubmit(form, (values) => {
    setFormError(null);
    create.mutate(values as NewSamlApplicationForm[SamlAppSource]);
  });
  const { errors } = form.formState;
  const source = useWatch({ control: form.control, name: 'source' }) ?? 'metadataURL';

  useLayoutEffect(() => {
    form.setFocus('preset');
  }, [form]);

  return (
    <>
      <h1>{ROUTES.addSamlApplication.title}</h1>
      <Form onSubmit={submit} className="application-form saml-form">
        {formError && (
          <Alert kind="error" scrollIntoView>
            {formError}
          </Alert>
        )}
        <Card>
          <Select
            label={S.preset}
            hint={S.presetHint}
            options={presetOptions(S.presetNone)}
            {...form.register('preset', {
              onChange: (event: { target: { value: string } }) => {
                const preset = event.target.value as SamlAppPresetId | '';
                if (preset) applyPreset(form, preset);
              },
            })}
          />
          <PresetHint form={form} />
          <TextField label={M.name} required error={errors.name?.message} {...form.register('name')} />
          <fieldset className="field saml-source">
            <legend>{S.source}</legend>
            {SAML_APP_SOURCES.map((option) => (
              <div className="field field-checkbox" key={option}>
                <input
                  type="radio"
                  id={`${sourceName}-${option}`}
                  value={option}
                  {...form.register('source', {
                    onChange: () => {
                      // By hand has no metadata to take the NameID format from.
                      if (option === 'byHand' && !form.getValues('nameIDFormat')) form.setValue('nameIDFormat', 'email');
                    },
                  })}
                />
                <label htmlFor={`${sourceName}-${option}`}>{S.sources[option]}</label>
              </div>
            ))}
          </fieldset>
          {source === 'metadataURL' && (
            <TextField
              label={S.metadataURL}
              hint={S.metadataURLHint}
              type="url"
              placeholder="https://"
              required
              spellCheck={false}
              error={errors.metadataURL?.message}
              {...form.register('metadataURL')}
            />
          )}
          {source === 'metadataXML' && (
            <TextArea
              label={S.metadataXML}
              hint={S.metadataXMLHint}
              rows={8}
              required
              spellCheck={false}
              error={errors.metadataXML?.message}
              {...form.register('metadataXML')}
            />
          )}
        </Card>
        {source === 'byHand' && (
          <Card title={S.serviceProvider}>
            <ServiceProviderFields form={form} />
          </Card>
        )}
        <Card title={S.assertion}>
          <AssertionFields form={form} fromMetadata={source !== 'byHand'} />
        </Card>
        <div className="actions">
          <Button type="submit" busy={create.isPending}>
            {M.save}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            {M.cancel}
          </Button>
        </div>
      </Form>
    </>
  );
}
