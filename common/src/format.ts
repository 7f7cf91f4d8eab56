/** Display formats of the spec: dates as DD/MM/YYYY HH:mm plus UTC offset, and the 12-character correlation id. */
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
