import { describe, expect, it } from 'vitest';

import { CORRELATION_ID_PATTERN, correlationIdFrom, formatDateTime, maskEmail, newCorrelationId } from './format.ts';
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
