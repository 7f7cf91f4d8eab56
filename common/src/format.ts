/**
 * Display formats: dates, times, numbers and relative times in the viewer's language through `Intl`
 * (English keeps the spec's DD/MM/YYYY HH:mm plus UTC offset), and the 12-character correlation id.
 * Every screen, email and log line that shows a date or a count to a person formats it here.
 */
import { DEFAULT_LOCALE, type Locale, PSEUDO_LOCALE } from './i18n/locales.ts';
import { activeLocale } from './i18n/runtime.ts';

const pad = (n: number) => String(n).padStart(2, '0');

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();
/** A language's own numeric date and time (`Intl`): `05.01.2026, 09:07` in German. */
function dateTimeFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(locale, format);
  }
  return format;
}

/**
 * Formats a date in the viewer's time zone with its UTC offset: in English the spec's
 * `21/11/2026 20:05 +01:00`, in another language its own order and separators through `Intl`
 * (`21.11.2026, 20:05 +01:00`); null for a missing or bad date.
 */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale = activeLocale()): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  if (locale !== DEFAULT_LOCALE && locale !== PSEUDO_LOCALE) return `${dateTimeFormat(locale).format(date)} ${offset}`;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())} ${offset}`;
}

/** The `Intl` language of a locale: the pseudo-locale formats as English. */
const intlTag = (locale: Locale): string => (locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale);

/** One cached `Intl` formatter per language and options (building one costs far more than using it). */
function cached<F>(cache: Map<string, F>, key: string, build: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

const toDate = (value: string | number | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A count or figure in the language's digits and grouping: `12,345` in English, `12.345` in German, `12 345` in French. */
export function formatNumber(value: number, locale: Locale = activeLocale()): string {
  const tag = intlTag(locale);
  return cached(numberFormats, tag, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(value);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** A time of day with seconds in the viewer's zone: `20:05:09` (24-hour in English, as the spec's dates are). */
export function formatTime(value: string | number | Date, locale: Locale = activeLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = intlTag(locale);
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
  // English's dates are 24-hour (the spec's HH:mm), so its times are too; other languages keep their own clock.
  if (tag === DEFAULT_LOCALE) options.hourCycle = 'h23';
  return cached(timeFormats, tag, () => new Intl.DateTimeFormat(tag === DEFAULT_LOCALE ? 'en-GB' : tag, options)).format(date);
}

const longDateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A day written out, as in an email's sentence: `21 November 2026`, `21. November 2026`, `2026年11月21日`.
 * In UTC: the server sends it and does not know the reader's zone.
 */
export function formatLongDate(value: string | number | Date, locale: Locale = activeLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = intlTag(locale);
  return cached(
    longDateFormats,
    tag,
    () =>
      new Intl.DateTimeFormat(tag === DEFAULT_LOCALE ? 'en-GB' : tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
];
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
/**
 * How far `value` is from `now` in the largest whole unit, with the language's plural rules: `in 3 days`,
 * `vor 2 Stunden`, `قبل 5 دقائق`; `now` within a second.
 */
export function formatRelativeTime(value: string | number | Date, now: number, locale: Locale = activeLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  const tag = intlTag(locale);
  const format = cached(relativeFormats, tag, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const difference = date.getTime() - now;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(difference) >= size) return format.format(Math.trunc(difference / size), unit);
  }
  return format.format(0, 'second');
}

export const CORRELATION_ID_ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const CORRELATION_ID_LENGTH = 12;
export const CORRELATION_ID_PATTERN = /^[1-9A-Z]{12}$/;

/** A correlation id from random bytes (any CSPRNG: Web Crypto in both the browser and Node). */
export function correlationIdFrom(bytes: Uint8Array): string {
  let id = '';
  for (let i = 0; i < CORRELATION_ID_LENGTH; i++) {
    // 35 symbols; the tiny modulo bias is irrelevant for a log correlation id.
    id += CORRELATION_ID_ALPHABET[(bytes[i] ?? 0) % CORRELATION_ID_ALPHABET.length];
  }
  return id;
}

export function newCorrelationId(): string {
  return correlationIdFrom(crypto.getRandomValues(new Uint8Array(CORRELATION_ID_LENGTH)));
}

/** An email shown without giving it away: the first character of the local part, then dots, and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The indefinite article for a word as written ('an ICO', 'an acme account', 'a PNG'): by its first letter. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word.trim()) ? 'an' : 'a';
}
