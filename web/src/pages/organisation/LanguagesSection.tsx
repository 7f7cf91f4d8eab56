/** Languages: the organisation's default language and the languages it offers (the page switcher lists them). */
import { LOCALES, SUPPORTED_LOCALES } from '@gatehouse/common/i18n/locales';
import { LANGUAGE_MESSAGES } from '@gatehouse/common/language-messages';
import type { OrganisationSettingsInput } from '@gatehouse/common/schemas/organisation-settings';
import { useId } from 'react';
import { type FieldError, useFormContext } from 'react-hook-form';

import { Card } from '../../components/Card.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { Select } from '../../components/Select.tsx';

const M = LANGUAGE_MESSAGES;
const OPTIONS = SUPPORTED_LOCALES.map((locale) => ({ value: locale, label: LOCALES[locale].name }));

export function LanguagesSection() {
  const { register, formState } = useFormContext<OrganisationSettingsInput>();
  const hintId = useId();
  const errorOf = (name: 'defaultLanguage' | 'offeredLanguages') => (formState.errors[name] as FieldError | undefined)?.message;
  const offeredError = errorOf('offeredLanguages');
  return (
    <Card title={M.language}>
      <Select
        label={M.defaultLanguage}
        hint={M.defaultLanguageHint}
        options={OPTIONS}
        error={errorOf('defaultLanguage')}
        {...register('defaultLanguage')}
      />
      <fieldset className="field" aria-describedby={hintId}>
        <legend>{M.offeredLanguages}</legend>
        <p id={hintId} className="field-hint">
          {M.offeredLanguagesHint}
        </p>
        {SUPPORTED_LOCALES.map((locale) => (
          <Checkbox
            key={locale}
            label={<span lang={locale}>{LOCALES[locale].name}</span>}
            value={locale}
            {...register('offeredLanguages')}
          />
        ))}
        {offeredError && <p className="field-error">{offeredError}</p>}
      </fieldset>
    </Card>
  );
}
