/**
 * The fields of a SAML application shared by the Add a SAML application screen and the application's
 * page: the service provider (entity ID, ACS URLs, single logout, certificates), the assertion (what
 * is signed, NameID format, attribute names) and the preset that fills the assertion in. One form
 * type for both; the resolver picks the shared schema that fits (saml-apps schemas in common/).
 */
import { presetSettings, SAML_APP_PRESET_IDS, SAML_APP_PRESETS, type SamlAppPresetId } from '@gatehouse/common/saml-app-presets';
import {
  NAME_ID_FORMAT_KEYS,
  type NameIdFormat,
  SAML_APP_SCREEN_MESSAGES as S,
  SAML_ATTRIBUTE_SOURCES,
  SAML_SIGNING,
} from '@gatehouse/common/saml-apps';
import {
  BINDING_KEYS,
  newSamlApplicationForms,
  type SamlApplication,
  type SamlAppSource,
  samlSettings,
  type SamlSettingsInput,
} from '@gatehouse/common/schemas/saml-apps';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Resolver, useFieldArray, type UseFormReturn, useWatch } from 'react-hook-form';

import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Select } from '../../components/Select.tsx';
import { TextArea } from '../../components/TextArea.tsx';
import { TextField } from '../../components/TextField.tsx';

/** The form's values: an application's settings, and on the Add screen where they come from. */
export type SamlFormValues = Omit<SamlSettingsInput, 'nameIDFormat'> & {
  /** Blank: as the metadata asks (the Add screen, from metadata). */
  nameIDFormat?: NameIdFormat | '';
  source?: SamlAppSource;
  metadataURL?: string;
  metadataXML?: string;
  preset?: SamlAppPresetId | '';
};

/** The fields a server validation message can be shown at. */
export const SAML_FIELDS = [
  'name',
  'metadataURL',
  'metadataXML',
  'entityID',
  'assertionConsumerServices',
  'singleLogoutURL',
  'signingCertificate',
  'encryptionCertificate',
  'nameIDFormat',
  'landingURL',
  'policyURL',
] as const;

/** Validates with the schema of the source chosen on the Add screen, or an application's settings. */
export const samlFormResolver: Resolver<SamlFormValues> = (values, context, options) => {
  const schema = values.source ? newSamlApplicationForms[values.source] : samlSettings;
  return (zodResolver(schema) as unknown as Resolver<SamlFormValues>)(values, context, options);
};

/** An application as its page's form starts. */
export const samlFormValues = (app: SamlApplication): SamlFormValues => ({
  name: app.name,
  entityID: app.entityID,
  assertionConsumerServices: app.assertionConsumerServices,
  singleLogoutURL: app.singleLogoutURL ?? '',
  signingCertificate: app.signingCertificate ?? '',
  encryptionCertificate: app.encryptionCertificate ?? '',
  requireSignedRequests: app.requireSignedRequests,
  signing: app.signing,
  encryptAssertions: app.encryptAssertions,
  nameIDFormat: app.nameIDFormat,
  attributes: Object.fromEntries(SAML_ATTRIBUTE_SOURCES.map((source) => [source, app.attributes[source] ?? ''])),
  landingURL: app.landingURL ?? '',
  policyURL: app.policyURL ?? '',
  allowsUnverifiedAccess: app.allowsUnverifiedAccess,
});

type Form = UseFormReturn<SamlFormValues>;

/** A message of an array field or of one of its entries, where react-hook-form keeps either. */
function arrayError(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/** Entity ID, the ACS URLs, single logout and the service provider's certificates. */
export function ServiceProviderFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label={S.entityID}
        hint={S.entityIDHint}
        required
        spellCheck={false}
        error={errors.entityID?.message}
        {...form.register('entityID')}
      />
      <AcsListField form={form} />
      <TextField
        label={S.singleLogoutURL}
        type="url"
        placeholder="https://"
        error={errors.singleLogoutURL?.message}
        {...form.register('singleLogoutURL')}
      />
      <TextArea
        label={S.signingCertificate}
        hint={S.signingCertificateHint}
        rows={4}
        spellCheck={false}
        className="certificate"
        error={errors.signingCertificate?.message}
        {...form.register('signingCertificate')}
      />
      <Checkbox label={S.requireSignedRequests} {...form.register('requireSignedRequests')} />
      <TextArea
        label={S.encryptionCertificate}
        hint={S.encryptionCertificateHint}
        rows={4}
        spellCheck={false}
        className="certificate"
        error={errors.encryptionCertificate?.message}
        {...form.register('encryptionCertificate')}
      />
      <Checkbox label={S.encryptAssertions} {...form.register('encryptAssertions')} />
    </>
  );
}

/** The ACS URLs, each with its binding, index and whether it is the default one. */
function AcsListField({ form }: { form: Form }) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'assertionConsumerServices' });
  const errors = form.formState.errors.assertionConsumerServices;
  const entries = Array.isArray(errors) ? (errors as ({ url?: { message?: string }; index?: { message?: string } } | undefined)[]) : [];
  const listError = arrayError(errors);
  const nextIndex = () => {
    const used = (form.getValues('assertionConsumerServices') ?? []).map((acs) => Number(acs.index) || 0);
    return used.length === 0 ? 0 : Math.max(...used) + 1;
  };
  return (
    <fieldset className={`field saml-acs${listError ? ' field-invalid' : ''}`} aria-describedby={listError ? `${id}-error` : `${id}-hint`}>
      <legend>{S.acsList}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {S.acsHint}
      </p>
      <ol className="saml-acs-list">
        {fields.map((field, i) => (
          <li key={field.id} className="saml-acs-row">
            <TextField
              label={S.acsUrl(i + 1)}
              type="url"
              placeholder="https://"
              spellCheck={false}
              error={entries[i]?.url?.message}
              {...form.register(`assertionConsumerServices.${i}.url`)}
            />
            <Select
              label={S.acsBinding(i + 1)}
              options={BINDING_KEYS.map((binding) => ({ value: binding, label: S.bindings[binding] }))}
              {...form.register(`assertionConsumerServices.${i}.binding`)}
            />
            <TextField
              label={S.acsIndex(i + 1)}
              type="number"
              inputMode="numeric"
              min={0}
              max={65535}
              error={entries[i]?.index?.message}
              {...form.register(`assertionConsumerServices.${i}.index`, { valueAsNumber: true })}
            />
            <Checkbox label={S.acsDefault(i + 1)} {...form.register(`assertionConsumerServices.${i}.isDefault`)} />
            <Button variant="secondary" onClick={() => remove(i)}>
              {S.acsRemove(i + 1)}
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => append({ url: '', binding: 'post', index: nextIndex(), isDefault: fields.length === 0 })}>
        {S.acsAdd}
      </Button>
      {listError && (
        <p id={`${id}-error`} className="field-error">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

/** What Gatehouse signs, the NameID format and the attribute names; `fromMetadata` offers "as the metadata asks". */
export function AssertionFields({ form, fromMetadata = false }: { form: Form; fromMetadata?: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <Select
        label={S.signing}
        options={SAML_SIGNING.map((signing) => ({ value: signing, label: S.signings[signing] }))}
        {...form.register('signing')}
      />
      <Select
        label={S.nameIDFormat}
        options={[
          ...(fromMetadata ? [{ value: '', label: S.nameIDFromMetadata }] : []),
          ...NAME_ID_FORMAT_KEYS.map((format) => ({ value: format, label: S.nameIDFormats[format] })),
        ]}
        error={errors.nameIDFormat?.message}
        {...form.register('nameIDFormat')}
      />
      <fieldset className="field saml-attributes">
        <legend>{S.attributes}</legend>
        <p className="field-hint">{S.attributesHint}</p>
        {SAML_ATTRIBUTE_SOURCES.map((source) => (
          <TextField
            key={source}
            label={S.attributeSources[source]}
            spellCheck={false}
            error={errors.attributes?.[source]?.message}
            {...form.register(`attributes.${source}`)}
          />
        ))}
      </fieldset>
    </>
  );
}

export const presetOptions = (noneLabel: string) => [
  { value: '', label: noneLabel },
  ...SAML_APP_PRESET_IDS.map((preset) => ({ value: preset, label: SAML_APP_PRESETS[preset].label })),
];

/** Fills the form with what a preset's service provider expects (its entity ID too, where it has one fixed). */
export function applyPreset(form: Form, preset: SamlAppPresetId) {
  const { attributes, nameIDFormat, signing } = presetSettings(preset);
  const { entityID } = SAML_APP_PRESETS[preset];
  form.setValue('nameIDFormat', nameIDFormat, { shouldDirty: true });
  form.setValue('signing', signing, { shouldDirty: true });
  for (const source of SAML_ATTRIBUTE_SOURCES) form.setValue(`attributes.${source}`, attributes[source] ?? '', { shouldDirty: true });
  if (entityID) form.setValue('entityID', entityID, { shouldDirty: true });
}

/** The preset's hint on the Add screen, where it follows the chosen preset. */
export function PresetHint({ form }: { form: Form }) {
  const preset = useWatch({ control: form.control, name: 'preset' });
  return preset ? <Alert kind="info">{SAML_APP_PRESETS[preset].hint}</Alert> : null;
}

/** On an application's page: a preset chosen fills the assertion in, to be saved with the form. */
export function PresetPicker({ form }: { form: Form }) {
  const [applied, setApplied] = useState<SamlAppPresetId | null>(null);
  return (
    <>
      <Select
        label={S.presetApply}
        hint={S.presetHint}
        value={applied ?? ''}
        options={presetOptions(S.presetNone)}
        onChange={(event) => {
          const preset = event.target.value as SamlAppPresetId | '';
          setApplied(preset || null);
          if (preset) applyPreset(form, preset);
        }}
      />
      <p role="status" className="field-hint">
        {applied ? S.presetApplied(SAML_APP_PRESETS[applied].label) : ''}
      </p>
    </>
  );
}
