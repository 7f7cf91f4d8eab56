/** The texts of choosing a language: the page switcher, /account's language and the organisation's languages. */
import { liveTexts } from './i18n/runtime.ts';

/** The English texts (ICU MessageFormat): the catalog's `language.*` keys. */
export const LANGUAGE_EN = {
  /** The switcher's label and /account's section and field. */
  language: 'Language',
  /** /account: no language of one's own, the browser's is used. */
  automatic: 'As your browser asks',
  accountHint: 'The language of your screens and of the emails and text messages sent to you.',
  saved: 'Language saved',
  /** The switcher's button: shows the page in the language chosen. */
  change: 'Change',
  unknown: 'Please choose one of the languages offered',
  defaultLanguage: 'Default language',
  defaultLanguageHint: 'Shown when a person asks for none of the offered languages.',
  offeredLanguages: 'Offered languages',
  offeredLanguagesHint: 'People can choose among these; the default language is always offered.',
} as const;

export const LANGUAGE_MESSAGES = liveTexts('language', LANGUAGE_EN);
