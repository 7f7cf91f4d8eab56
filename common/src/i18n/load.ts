/**
 * Loads a language's catalog on demand: in the browser each is its own chunk, so a page downloads only
 * the language it shows; the server loads every one at start.
 */
import type { Catalog } from './catalog.ts';
import { DEFAULT_LOCALE, type Locale, LOCALES, PSEUDO_LOCALE } from './locales.ts';
import { hasCatalog, registerCatalog } from './runtime.ts';

const LOADERS: { readonly [L in Exclude<Locale, typeof DEFAULT_LOCALE>]: () => Promise<Catalog> } = {
  de: () => import('./locales/de.ts').then((module) => module.default),
  fr: () => import('./locales/fr.ts').then((module) => module.default),
  es: () => import('./locales/es.ts').then((module) => module.default),
  'pt-BR': () => import('./locales/pt-BR.ts').then((module) => module.default),
  it: () => import('./locales/it.ts').then((module) => module.default),
  nl: () => import('./locales/nl.ts').then((module) => module.default),
  pl: () => import('./locales/pl.ts').then((module) => module.default),
  sv: () => import('./locales/sv.ts').then((module) => module.default),
  da: () => import('./locales/da.ts').then((module) => module.default),
  nb: () => import('./locales/nb.ts').then((module) => module.default),
  fi: () => import('./locales/fi.ts').then((module) => module.default),
  cs: () => import('./locales/cs.ts').then((module) => module.default),
  tr: () => import('./locales/tr.ts').then((module) => module.default),
  ru: () => import('./locales/ru.ts').then((module) => module.default),
  uk: () => import('./locales/uk.ts').then((module) => module.default),
  ar: () => import('./locales/ar.ts').then((module) => module.default),
  he: () => import('./locales/he.ts').then((module) => module.default),
  ja: () => import('./locales/ja.ts').then((module) => module.default),
  ko: () => import('./locales/ko.ts').then((module) => module.default),
  'zh-Hans': () => import('./locales/zh-Hans.ts').then((module) => module.default),
  'zh-Hant': () => import('./locales/zh-Hant.ts').then((module) => module.default),
  id: () => import('./locales/id.ts').then((module) => module.default),
  vi: () => import('./locales/vi.ts').then((module) => module.default),
  [PSEUDO_LOCALE]: () => import('./pseudo.ts').then((module) => module.pseudoCatalog()),
};

/** A language's catalog (English: the code's own texts, nothing to load). */
export async function loadCatalog(locale: Exclude<Locale, typeof DEFAULT_LOCALE>): Promise<Catalog> {
  return LOADERS[locale]();
}

/** Registers a language's catalog for the runtime, once. */
export async function prepareLocale(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || hasCatalog(locale)) return;
  registerCatalog(locale, await loadCatalog(locale));
}

/** Every language's catalog, for the server. */
export async function loadAllLocales(): Promise<void> {
  await Promise.all((Object.keys(LOCALES) as Locale[]).map((locale) => prepareLocale(locale)));
}
