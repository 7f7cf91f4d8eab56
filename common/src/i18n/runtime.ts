/**
 * Formatting texts in the active language with ICU MessageFormat (FormatJS's intl-messageformat:
 * plurals, selects, numbers and dates through `Intl`). English texts live beside the code that uses
 * them (the `*-messages.ts` files); other languages' catalogs are registered once loaded, so the
 * browser holds only the chosen one.
 *
 * Which language is active: in the browser, the page's (set once before the first render); on the
 * server, what `setLocaleSource` says (the request's language) or, for a message to one recipient,
 * `withLocale` around the synchronous code that builds it.
 */
import { IntlMessageFormat } from 'intl-messageformat';

import type { IcuArgs, ValuesOf } from './icu-types.ts';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export type Texts = Readonly<Record<string, string>>;

const catalogs = new Map<Locale, Texts>();
let pageLocale: Locale = DEFAULT_LOCALE;
let source: () => Locale = () => pageLocale;
const overrides: Locale[] = [];

/** Makes a loaded catalog available; English needs none (its texts are the code's own). */
export function registerCatalog(locale: Locale, texts: Texts): void {
  catalogs.set(locale, texts);
}

export function hasCatalog(locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || catalogs.has(locale);
}

/** The browser's language for this page (the catalog must be registered first). */
export function setPageLocale(locale: Locale): void {
  pageLocale = locale;
}

/** Where the active language comes from when no `withLocale` is running (the server: the request's). */
export function setLocaleSource(next: () => Locale): void {
  source = next;
}

export function activeLocale(): Locale {
  return overrides.at(-1) ?? source();
}

/**
 * Runs `build` with `locale` active, e.g. an email in its recipient's language. Synchronous only: an
 * await inside would leak the language to whatever runs meanwhile.
 */
export function withLocale<T>(locale: Locale, build: () => T extends PromiseLike<unknown> ? never : T): T {
  overrides.push(locale);
  try {
    return build();
  } finally {
    overrides.pop();
  }
}

const formats = new Map<string, IntlMessageFormat>();

/** Formats one ICU text in a language; a text without placeholders or quotes is returned as it is. */
export function formatIcu(locale: Locale, message: string, values?: Record<string, unknown>): string {
  if (values === undefined && !/[{}']/.test(message)) return message;
  const id = `${locale}\u0000${message}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, locale === 'en-XA' ? 'en' : locale);
    if (formats.size > 5000) formats.clear();
    formats.set(id, format);
  }
  return String(format.format(values as Record<string, string | number | Date>));
}

/** The text of `key` in the active language, falling back to English (`english`) where a catalog lacks it. */
export function translate(key: string, english: string, values?: Record<string, unknown>): string {
  const locale = activeLocale();
  const own = locale === DEFAULT_LOCALE ? undefined : catalogs.get(locale)?.[key];
  return own === undefined ? formatIcu(DEFAULT_LOCALE, english, values) : formatIcu(locale, own, values);
}

/** A typed formatter over one namespace's English texts: `t('tooLong', { max: 64 })`. */
export function textsOf<const T extends Record<string, string>>(namespace: string, english: T) {
  return <K extends keyof T & string>(key: K, ...values: ValuesOf<T[K]>): string =>
    translate(`${namespace}.${key}`, english[key] as string, values[0] as Record<string, unknown> | undefined);
}

/** The keys of a namespace whose texts need no values (shown as plain strings). */
type PlainKeys<T extends Record<string, string>> = {
  [K in keyof T & string]: K extends `${string}.${string}` ? never : keyof IcuArgs<T[K]> extends never ? K : never;
}[keyof T & string];

/**
 * A namespace's texts as an object of live strings (each read in the active language when used) plus
 * `extra` (functions and records that need values), the shape the `*_MESSAGES` exports always had.
 */
export function liveTexts<const T extends Record<string, string>, const E extends object = Record<never, never>>(
  namespace: string,
  english: T,
  extra?: E,
): { readonly [K in Exclude<PlainKeys<T>, keyof E>]: string } & E {
  const view = {} as Record<string, unknown>;
  for (const key of Object.keys(english)) {
    if (key.includes('.') || english[key]!.includes('{')) continue;
    Object.defineProperty(view, key, { enumerable: true, get: () => translate(`${namespace}.${key}`, english[key]!) });
  }
  if (extra) Object.defineProperties(view, Object.getOwnPropertyDescriptors(extra));
  return view as { readonly [K in Exclude<PlainKeys<T>, keyof E>]: string } & E;
}

/** A record of live texts by key (`0`..`3` of the two-step methods), for `liveTexts`' extras. */
export function liveRecord<const K extends string | number>(keys: readonly K[], text: (key: K) => string): { readonly [P in K]: string } {
  const record = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(record, key, { enumerable: true, get: () => text(key) });
  return record;
}
