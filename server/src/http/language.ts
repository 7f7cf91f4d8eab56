/**
 * The language of each request (common/src/i18n/locales.ts has the order): resolved once when the
 * request arrives and held in an AsyncLocalStorage, which the shared texts read (`setLocaleSource`), so
 * error answers, emails sent during the request and the sign-in page speak it without passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAllLocales } from '@gatehouse/common/i18n/load';
import { DEFAULT_LOCALE, directionOf, LANGUAGE_COOKIE, resolveLocale, type Locale } from '@gatehouse/common/i18n/locales';
import { setLocaleSource } from '@gatehouse/common/i18n/runtime';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    locale: Locale;
  }
}

const requestLanguage = new AsyncLocalStorage<{ locale: Locale }>();

/** Loads every catalog and makes the shared texts follow the request's language. Once per process. */
export async function startLanguages(): Promise<void> {
  await loadAllLocales();
  setLocaleSource(() => requestLanguage.getStore()?.locale ?? DEFAULT_LOCALE);
}

/** The language a request asks for by itself: the switcher's cookie, then `Accept-Language`. */
export function requestLocale(request: FastifyRequest): Locale {
  return resolveLocale({ picked: request.cookies?.[LANGUAGE_COOKIE] ?? null, acceptLanguage: request.headers['accept-language'] ?? null });
}

/** Registers the language hook; after the cookie parser, before the routes. */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    const locale = requestLocale(request);
    request.locale = locale;
    requestLanguage.run({ locale }, done);
  });
}

/** `<html lang>` of a language: English is the spec's British English. */
export function htmlLang(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'en-GB' : locale;
}

/** A page's `<html>` element set to a language and its writing direction. */
export function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html[^>]*>/, `<html lang="${htmlLang(locale)}" dir="${directionOf(locale)}">`);
}
