/** The language fields: a person's own language and an organisation's default and offered ones. */
import { z } from 'zod';

import { type Locale, SUPPORTED_LOCALES } from '../i18n/locales.ts';
import { LANGUAGE_MESSAGES } from '../language-messages.ts';
import { formList } from './fields.ts';

const unknownLanguage = () => LANGUAGE_MESSAGES.unknown;

/** A supported language tag (never the pseudo-locale); an enum, so the OpenAPI reference lists them. */
export const supportedLocale = z.enum(SUPPORTED_LOCALES as [Locale, ...Locale[]], { error: unknownLanguage });

/** A person's language: a supported tag, or blank/null for none (the browser's is used). */
export const personLocale = z.preprocess((value) => (value === '' ? null : value), supportedLocale.nullable());

/** `PUT /api/account/language`: the signed-in person's own language. */
export const accountLanguageRequest = z.object({ locale: personLocale });
export type AccountLanguageRequest = z.input<typeof accountLanguageRequest>;

/** The offered languages of an organisation's settings form: at least one, each supported, no repeats. */
export const offeredLocalesField = formList(z.string().trim())
  .pipe(z.array(supportedLocale).min(1, { error: unknownLanguage }))
  .transform((locales) => [...new Set(locales)]);
