import { type Locale, LOCALES } from '@gatehouse/common/i18n/locales';
import { activeLocale } from '@gatehouse/common/i18n/runtime';
import { LANGUAGE_MESSAGES } from '@gatehouse/common/language-messages';
import { useId, useState } from 'react';

import { pickLanguage } from '../../app/language.ts';
import { Button } from '../../components/Button.tsx';

/**
 * The public pages' language switcher: the organisation's offered languages, each named in itself (and
 * marked with its `lang`, so a screen reader reads it in that language). Choosing is a separate press of
 * the button: a keyboard moving through the list changes nothing until then (WCAG 3.2.2).
 */
export function LanguageSwitcher({ offered }: { offered: readonly Locale[] }) {
  const id = useId();
  const current = activeLocale();
  const [chosen, setChosen] = useState<Locale>(current);
  // The pseudo-locale of the journeys is kept in the list while it is the page's language.
  const choices = offered.includes(current) ? offered : [...offered, current];
  if (choices.length < 2) return null;
  return (
    <div className="language-switcher" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {LANGUAGE_MESSAGES.language}
      </label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value as Locale)}>
        {choices.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALES[locale].name}
          </option>
        ))}
      </select>
      <Button variant="secondary" onClick={() => chosen !== current && pickLanguage(chosen)}>
        {LANGUAGE_MESSAGES.change}
      </Button>
    </div>
  );
}
