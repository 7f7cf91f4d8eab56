/**
 * The languages Gatehouse speaks, and which one a person sees. Tags are BCP 47 as `ui_locales`,
 * `Accept-Language` and the `locale` claim carry them.
 */

/** Every language with a complete catalog (locales/<tag>.ts), and the pseudo-locale of the journeys. */
export const LOCALES = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  'pt-BR': { name: 'Português (Brasil)', dir: 'ltr' },
  it: { name: 'Italiano', dir: 'ltr' },
  nl: { name: 'Nederlands', dir: 'ltr' },
  pl: { name: 'Polski', dir: 'ltr' },
  sv: { name: 'Svenska', dir: 'ltr' },
  da: { name: 'Dansk', dir: 'ltr' },
  nb: { name: 'Norsk bokmål', dir: 'ltr' },
  fi: { name: 'Suomi', dir: 'ltr' },
  cs: { name: 'Čeština', dir: 'ltr' },
  tr: { name: 'Türkçe', dir: 'ltr' },
  ru: { name: 'Русский', dir: 'ltr' },
  uk: { name: 'Українська', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
  he: { name: 'עברית', dir: 'rtl' },
  ja: { name: '日本語', dir: 'ltr' },
  ko: { name: '한국어', dir: 'ltr' },
  'zh-Hans': { name: '简体中文', dir: 'ltr' },
  'zh-Hant': { name: '繁體中文', dir: 'ltr' },
  id: { name: 'Bahasa Indonesia', dir: 'ltr' },
  vi: { name: 'Tiếng Việt', dir: 'ltr' },
  /** Every text wrapped and 40% longer: shows untranslated texts and overflowing layouts (not offered to people). */
  'en-XA': { name: 'Pseudo', dir: 'ltr' },
} as const satisfies Record<string, { name: string; dir: 'ltr' | 'rtl' }>;

export type Locale = keyof typeof LOCALES;
export const DEFAULT_LOCALE = 'en' satisfies Locale;
export const PSEUDO_LOCALE = 'en-XA' satisfies Locale;
/** The languages discovery lists and organisations can offer: all but the pseudo-locale. */
export const SUPPORTED_LOCALES = (Object.keys(LOCALES) as Locale[]).filter((tag) => tag !== PSEUDO_LOCALE);

export function isLocale(tag: unknown): tag is Locale {
  return typeof tag === 'string' && Object.hasOwn(LOCALES, tag);
}

/** True for a language people and organisations can choose (any but the pseudo-locale). */
export function isSupportedLocale(tag: unknown): tag is Locale {
  return isLocale(tag) && tag !== PSEUDO_LOCALE;
}

/** The languages an organisation offers, from its stored list: the supported ones named, in LOCALES' order; all when none is. */
export function offeredLocales(stored: readonly unknown[]): Locale[] {
  const named = SUPPORTED_LOCALES.filter((locale) => stored.includes(locale));
  return named.length > 0 ? named : [...SUPPORTED_LOCALES];
}

/** The writing direction of a language, for `<html dir>`. */
export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return LOCALES[locale].dir;
}

/**
 * The supported language closest to a BCP 47 tag: exact (case-insensitive), then the same language
 * without its region or script (`fr-CA` -> `fr`), then the same language in the same script (`zh-TW` and
 * `zh-HK` -> `zh-Hant`, `zh-CN` and `zh` -> `zh-Hans`), then any of that language (`pt` -> `pt-BR` when only
 * that exists); null for none.
 */
export function matchLocale(tag: string, among: readonly Locale[] = SUPPORTED_LOCALES): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '' || wanted === '*') return null;
  const exact = among.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split(/[-_]/)[0];
  const written = languageAndScript(wanted);
  return (
    among.find((locale) => locale.toLowerCase() === language) ??
    (written ? among.find((locale) => languageAndScript(locale) === written) : undefined) ??
    among.find((locale) => locale.toLowerCase().split('-')[0] === language) ??
    null
  );
}

/**
 * The supported language closest to a value naming one or several, by preference: an Accept-Language
 * list (SCIM's preferredLanguage), or one tag as a provider's `locale` claim gives it (`fr-CA`, `de_DE`);
 * null when none is supported.
 */
export function closestLocale(value: string): Locale | null {
  for (const tag of acceptedLanguages(value)) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

/** A tag's language and its script, the likely one when the tag has none (`zh-TW` -> `zh-Hant`); null when malformed. */
function languageAndScript(tag: string): string | null {
  try {
    const { language, script } = new Intl.Locale(tag.replaceAll('_', '-')).maximize();
    return `${language}-${script ?? ''}`;
  } catch {
    return null;
  }
}

/** The tags of an `Accept-Language` header, by their q weights (RFC 9110 12.5.4), refused (q=0) ones left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== '' && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** What is known of a request's wishes, strongest first (the order of docs/i18n.md). */
export interface LanguageWishes {
  /** The sign-in request's OpenID Connect `ui_locales` (space-separated tags, Core 3.1.2.1). */
  uiLocales?: string | null;
  /** The person's own choice (their account's language). */
  personal?: string | null;
  /** The language picked with the page's switcher (its cookie). */
  picked?: string | null;
  /** The browser's `Accept-Language` header. */
  acceptLanguage?: string | null;
  /** The organisation's default language. */
  organisationDefault?: string | null;
  /** The languages the organisation offers; all supported ones when not given. */
  offered?: readonly Locale[];
}

/**
 * The language a person sees: the first wish that names an offered language, in the order `ui_locales`,
 * the person's choice, the switcher, `Accept-Language`, the organisation's default; English last.
 * The pseudo-locale is taken only when asked for by name (journeys), never matched from a browser.
 */
export function resolveLocale(wishes: LanguageWishes): Locale {
  const offered = wishes.offered && wishes.offered.length > 0 ? wishes.offered : SUPPORTED_LOCALES;
  const pick = (tag: string | null | undefined): Locale | null => {
    if (!tag) return null;
    if (tag === PSEUDO_LOCALE) return PSEUDO_LOCALE;
    return matchLocale(tag, offered);
  };
  const candidates = [
    ...(wishes.uiLocales ?? '').split(/\s+/),
    wishes.personal,
    wishes.picked,
    ...acceptedLanguages(wishes.acceptLanguage ?? undefined).filter((tag) => tag !== PSEUDO_LOCALE),
    wishes.organisationDefault,
  ];
  for (const tag of candidates) {
    const locale = pick(tag);
    if (locale) return locale;
  }
  return isLocale(offered[0]) && !offered.includes(DEFAULT_LOCALE) ? offered[0] : DEFAULT_LOCALE;
}

/** The address parameter that carries an application's `ui_locales` through its sign-in flow's pages (server/src/oidc/interaction.ts). */
export const UI_LOCALES_PARAMETER = 'ui_locales';

/** The cookie that remembers the language picked with the switcher on public pages. */
export const LANGUAGE_COOKIE = 'gatehouse_lang';
