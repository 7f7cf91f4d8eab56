import { describe, expect, it } from 'vitest';

import {
  CORRELATION_ID_PATTERN,
  correlationIdFrom,
  formatDateTime,
  formatLongDate,
  formatNumber,
  formatRelativeTime,
  formatTime,
  maskEmail,
  newCorrelationId,
} from './format.ts';
import { type Locale, LOCALES } from './i18n/locales.ts';
import { withLocale } from './i18n/runtime.ts';
import { isSafeReturnPath } from './return-path.ts';

describe('formatDateTime', () => {
  it('formats as DD/MM/YYYY HH:mm plus the UTC offset of the viewer', () => {
    const date = new Date(2026, 0, 5, 9, 7);
    const offset = -date.getTimezoneOffset();
    const sign = offset >= 0 ? '+' : '-';
    const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const mm = String(Math.abs(offset) % 60).padStart(2, '0');
    expect(formatDateTime(date)).toBe(`05/01/2026 09:07 ${sign}${hh}:${mm}`);
  });

  it('formats in another language through Intl, its own order and separators, the offset kept', () => {
    const date = new Date(2026, 10, 21, 20, 5);
    const offset = -date.getTimezoneOffset();
    const zone = `${offset >= 0 ? '+' : '-'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    expect(formatDateTime(date, 'de')).toBe(`21.11.2026, 20:05 ${zone}`);
    expect(formatDateTime(date, 'fr')).toBe(`21/11/2026 20:05 ${zone}`);
    expect(withLocale('de', () => formatDateTime(date))).toBe(`21.11.2026, 20:05 ${zone}`);
    expect(formatDateTime(date, 'en-XA')).toBe(`21/11/2026 20:05 ${zone}`);
  });

  it('gives null for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime('')).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });
});

describe('formats per language', () => {
  const languages = Object.keys(LOCALES) as Locale[];
  const day = Date.UTC(2026, 10, 21, 12, 0);

  it('writes a day out in each language, in UTC (the inactivity warning)', () => {
    expect(formatLongDate(day, 'en')).toBe('21 November 2026');
    expect(formatLongDate(day, 'de')).toBe('21. November 2026');
    expect(formatLongDate(day, 'fr')).toBe('21 novembre 2026');
    expect(formatLongDate(day, 'ar')).toBe('21 نوفمبر 2026');
    expect(formatLongDate(day, 'ja')).toBe('2026年11月21日');
    expect(formatLongDate(day, 'en-XA')).toBe('21 November 2026');
    expect(withLocale('ru', () => formatLongDate(day))).toBe('21 ноября 2026 г.');
    expect(formatLongDate(day, 'es')).toBe('21 de noviembre de 2026');
    expect(formatLongDate(day, 'he')).toBe('21 בנובמבר 2026');
    expect(formatLongDate(day, 'tr')).toBe('21 Kasım 2026');
    expect(formatLongDate(day, 'vi')).toBe('21 tháng 11, 2026');
    expect(formatLongDate('not a date', 'de')).toBe('');
  });

  it("writes counts with each language's grouping and decimal sign", () => {
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(12345.5, 'de')).toBe('12.345,5');
    expect(formatNumber(12345.5, 'fr')).toBe('12\u202f345,5');
    expect(formatNumber(12345.5, 'ru')).toBe('12\u00a0345,5');
    expect(formatNumber(12345.5, 'ar')).toBe('12,345.5');
    expect(withLocale('de', () => formatNumber(1000))).toBe('1.000');
    for (const locale of languages) expect(formatNumber(7, locale), locale).toBe('7');
  });

  it("gives a time of day in the language's clock, English 24-hour", () => {
    const at = new Date(2026, 10, 21, 20, 5, 9);
    expect(formatTime(at, 'en')).toBe('20:05:09');
    expect(formatTime(at, 'de')).toBe('20:05:09');
    expect(formatTime(at, 'ko')).toMatch(/오후 0?8:05:09/);
    expect(formatTime(at, 'en-XA')).toBe('20:05:09');
  });

  it("says how far a time is with the language's plural rules", () => {
    const now = Date.UTC(2026, 10, 21, 12, 0);
    expect(formatRelativeTime(now + 3 * 86_400_000, now, 'en')).toBe('in 3 days');
    expect(formatRelativeTime(now - 2 * 3_600_000, now, 'de')).toBe('vor 2 Stunden');
    expect(formatRelativeTime(now - 86_400_000, now, 'fr')).toBe('hier');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'ru')).toBe('5 минут назад');
    expect(formatRelativeTime(now - 2 * 60_000, now, 'ru')).toBe('2 минуты назад');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'ar')).toBe('قبل 5 دقائق');
    expect(formatRelativeTime(now + 400, now, 'en')).toBe('now');
  });

  it('gives every language its own numeric date and time', () => {
    const date = new Date(2026, 10, 21, 20, 5);
    expect(formatDateTime(date, 'ar')).toMatch(/^21\u200f\/11\u200f\/2026، 20:05 [+-]\d{2}:\d{2}$/);
    expect(formatDateTime(date, 'ja')).toMatch(/^2026\/11\/21 20:05 [+-]\d{2}:\d{2}$/);
    expect(formatDateTime(date, 'vi')).toMatch(/^20:05 21\/11\/2026 [+-]\d{2}:\d{2}$/);
    for (const locale of languages) {
      const shown = formatDateTime(date, locale) ?? '';
      expect(shown, locale).toContain('2026');
      expect(shown, locale).toMatch(/20.05.* [+-]\d{2}:\d{2}$/);
    }
  });
});

describe('correlation ids', () => {
  it('are 12 characters from 1-9 and A-Z', () => {
    for (let i = 0; i < 200; i++) expect(newCorrelationId()).toMatch(CORRELATION_ID_PATTERN);
    expect(correlationIdFrom(new Uint8Array(12))).toBe('111111111111');
    expect(correlationIdFrom(new Uint8Array(12).fill(34))).toBe('ZZZZZZZZZZZZ');
  });
});

describe('return paths', () => {
  it('accept same-site paths only', () => {
    expect(isSafeReturnPath('/dashboard')).toBe(true);
    expect(isSafeReturnPath('/users/1?x=2')).toBe(true);
    expect(isSafeReturnPath('//evil.test')).toBe(false);
    expect(isSafeReturnPath('/\\evil.test')).toBe(false);
    expect(isSafeReturnPath('https://evil.test')).toBe(false);
    expect(isSafeReturnPath('/x\r\nSet-Cookie: a=b')).toBe(false);
  });
});

describe('maskEmail', () => {
  it('shows the first character and the domain only', () => {
    expect(maskEmail('jane.doe@acme.test')).toBe('j•••@acme.test');
    expect(maskEmail('x@acme.test')).toBe('x•••@acme.test');
    expect(maskEmail('not-an-email')).toBe('•••');
  });
});
