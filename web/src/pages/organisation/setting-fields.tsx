/** Fields of the settings form, labelled and explained from the shared texts, registered by setting name. */
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import {
  type NumericSetting,
  type OrganisationSettings,
  type OrganisationSettingsInput,
  SETTINGS_RANGES,
} from '@gatehouse/common/schemas/organisation-settings';
import { useId } from 'react';
import { type FieldError, useFormContext } from 'react-hook-form';

import { Checkbox } from '../../components/Checkbox.tsx';
import { TextField } from '../../components/TextField.tsx';

export type SettingName = keyof OrganisationSettingsInput & keyof typeof ORGANISATION_MESSAGES.labels;
type BooleanSetting = { [K in SettingName]: OrganisationSettings[K] extends boolean ? K : never }[SettingName];

const hintOf = (name: SettingName): string | undefined => (ORGANISATION_MESSAGES.hints as Partial<Record<SettingName, string>>)[name];

/** The message of a field's error, wherever react-hook-form keeps it. */
export function useFieldError(name: SettingName): string | undefined {
  const { formState } = useFormContext<OrganisationSettingsInput>();
  return (formState.errors[name] as FieldError | undefined)?.message;
}

export function NumberSetting({ name }: { name: NumericSetting }) {
  const { register } = useFormContext<OrganisationSettingsInput>();
  const range = SETTINGS_RANGES[name];
  return (
    <TextField
      label={ORGANISATION_MESSAGES.labels[name]}
      hint={hintOf(name)}
      error={useFieldError(name)}
      type="number"
      inputMode={name === 'rememberMeDays' ? 'decimal' : 'numeric'}
      min={range.min}
      max={range.max}
      step={name === 'rememberMeDays' ? 'any' : 1}
      required
      className="input-number"
      {...register(name)}
    />
  );
}

export function TextSetting({ name, type = 'text' }: { name: SettingName; type?: 'text' | 'url' }) {
  const { register } = useFormContext<OrganisationSettingsInput>();
  return (
    <TextField
      label={ORGANISATION_MESSAGES.labels[name]}
      hint={hintOf(name)}
      error={useFieldError(name)}
      type={type}
      {...(type === 'url' ? { inputMode: 'url' as const, placeholder: 'https://' } : {})}
      {...register(name)}
    />
  );
}

export function CheckboxSetting({ name }: { name: BooleanSetting }) {
  const { register } = useFormContext<OrganisationSettingsInput>();
  const hint = hintOf(name);
  const hintId = useId();
  return (
    <>
      <Checkbox
        label={ORGANISATION_MESSAGES.labels[name]}
        error={useFieldError(name)}
        {...register(name)}
        {...(hint ? { 'aria-describedby': hintId } : {})}
      />
      {hint && (
        <p id={hintId} className="field-hint checkbox-hint">
          {hint}
        </p>
      )}
    </>
  );
}
