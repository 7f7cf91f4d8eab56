/**
 * The language of each request (common/src/i18n/locales.ts has the order): resolved when the request
 * arrives and held in an AsyncLocalStorage, which the shared texts read (`setLocaleSource`), so error
 * answers, emails sent during the request and the sign-in page speak it without passing it along.
 * It is resolved again as more is known: the organisation (its offered and default languages) once the
 * host is resolved, and the person's own language once their session is loaded (`notePersonLocale`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import { loadAllLocales } from '@gatehouse/common/i18n/load';
import {
  DEFAULT_LOCALE,
  directionOf,
  LANGUAGE_COOKIE,
  type LanguageWishes,
  type Locale,
  resolveLocale,
  UI_LOCALES_PARAMETER,
} from '@gatehouse/common/i18n/locales';
import { setLocaleSource } from '@gatehouse/common/i18n/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { languagesOf, type Organisation } from '../tenancy/organisation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in. */
    locale: Locale;
  }
}

/** What a request wishes, and the language they resolve to now. */
interface RequestLanguage {
  wishes: LanguageWishes;
  locale: Locale;
}

const requestLanguage = new AsyncLocalStorage<RequestLanguage>();

/** Loads every catalog and makes the shared texts follow the request's language. Once per process. */
export async function startLanguages(): Promise<void> {
  await loadAllLocales();
  setLocaleSource(() => requestLanguage.getStore()?.locale ?? DEFAULT_LOCALE);
}

/** The language of the request being answered, or undefined outside a request (a job). */
export function currentRequestLocale(): Locale | undefined {
  return requestLanguage.getStore()?.locale;
}

function uiLocalesOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.[UI_LOCALES_PARAMETER];
  return typeof value === 'string' && value.length <= 200 ? value : null;
}

function settle(request: FastifyRequest, language: RequestLanguage): void {
  language.locale = resolveLocale(language.wishes);
  request.locale = language.locale;
}

/**
 * Registers the language hooks: the first after the cookie parser (the flow's `ui_locales`, the
 * switcher's cookie, Accept-Language), `registerOrganisationLanguage` after the host is resolved.
 */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    const language: RequestLanguage = {
      wishes: {
        uiLocales: uiLocalesOf(request),
        picked: request.cookies?.[LANGUAGE_COOKIE] ?? null,
        acceptLanguage: request.headers['accept-language'] ?? null,
      },
      locale: DEFAULT_LOCALE,
    };
    settle(request, language);
    requestLanguage.run(language, done);
  });
}

/** Registers the hook that narrows the request's language to its organisation's offered ones and default. */
export function registerOrganisationLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const language = requestLanguage.getStore();
    if (!language || !request.organisation) return;
    const { defaultLocale, offered } = languagesOf(request.organisation.row);
    language.wishes = { ...language.wishes, organisationDefault: defaultLocale, offered };
    settle(request, language);
  });
}

/** The signed-in person's own language (null: none), known once their session is loaded: it wins over the switcher and Accept-Language. */
export function notePersonLocale(request: FastifyRequest, personal: string | null): void {
  const language = requestLanguage.getStore();
  if (!language) return;
  language.wishes = { ...language.wishes, personal };
  settle(request, language);
}

/**
 * The language of a message to a person (docs/i18n.md): their own, else the language of the request
 * that caused it (an invitation: the inviter's), else the organisation's default; only offered ones.
 */
export function recipientLocale(org: Pick<Organisation, 'row'>, personal: string | null | undefined): Locale {
  const { defaultLocale, offered } = languagesOf(org.row);
  return resolveLocale({ personal: personal ?? null, picked: currentRequestLocale() ?? null, organisationDefault: defaultLocale, offered });
}

/** `<html lang>` of a language: English is the spec's British English. */
export function htmlLang(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? 'en-GB' : locale;
}

/** A page's `<html>` element set to a language and its writing direction. */
export function withLanguage(html: string, locale: Locale): string {
  return html.replace(/<html[^>]*>/, `<html lang="${htmlLang(locale)}" dir="${directionOf(locale)}">`);
}
