/**
 * The page's language: the server chose it (common/src/i18n/locales.ts has the order) and wrote it in
 * `<html lang>`; its catalog loads before the first render, as its own chunk, so only that language's
 * texts are downloaded. The switcher sets the cookie and reloads.
 */
import { prepareLocale } from '@gatehouse/common/i18n/load';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale, UI_LOCALES_PARAMETER } from '@gatehouse/common/i18n/locales';
import { registerCatalog, setPageLocale, type Texts } from '@gatehouse/common/i18n/runtime';

/** The language `<html lang>` names (`en-GB` is English). */
export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** Loads the page language's catalog and makes it the texts' language. */
export async function startPageLanguage(): Promise<void> {
  const locale = pageLocale();
  try {
    await prepareLocale(locale);
    setPageLocale(locale);
  } catch {
    // A catalog that failed to load (offline mid-deploy): the page stays in English rather than blank.
  }
}

/**
 * The page's language from the catalog the server put in the page (app/first-paint.ts): no request, so
 * the served sign-in page hydrates as soon as its script has run.
 */
export function startServedLanguage(locale: Locale, texts: Texts | undefined): boolean {
  if (locale !== DEFAULT_LOCALE && !texts) return false;
  if (texts) registerCatalog(locale, texts);
  setPageLocale(locale);
  return true;
}

/**
 * Picks a language on a public page: remembered for a year, the page reloaded in it. An application's
 * `ui_locales` in the address would outrank the pick, so it is dropped: the person chose.
 */
export function pickLanguage(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  const url = new URL(window.location.href);
  url.searchParams.delete(UI_LOCALES_PARAMETER);
  window.location.replace(url.href);
}
