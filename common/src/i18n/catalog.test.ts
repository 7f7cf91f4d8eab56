import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

import { ERRORS } from '../errors.ts';
import { MAIL_MESSAGES } from '../mail-messages.ts';
import { MESSAGES } from '../messages.ts';
import { ORGANISATION_MESSAGES } from '../organisation-messages.ts';
import { LIMITS } from '../policy.ts';
import { organisationSettingsRequest } from '../schemas/organisation-settings.ts';
import { type Catalog, ENGLISH, ENGLISH_ONLY_PLACEHOLDERS } from './catalog.ts';
import type { IcuArgs } from './icu-types.ts';
import { loadCatalog, prepareLocale } from './load.ts';
import { DEFAULT_LOCALE, type Locale, LOCALES, PSEUDO_LOCALE, resolveLocale } from './locales.ts';
import { withLocale } from './runtime.ts';

/** Every placeholder of a parsed text with its kind (`name:plural`), nested ones included. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.add(`${element.value}:`);
    if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time)
      found.add(`${element.value}:${element.type}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`${element.value}:${element.type === TYPE.select ? 'select' : 'plural'}`);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if (element.type === TYPE.tag) placeholders(element.children, found);
  }
  return found;
}

const translated = (Object.keys(LOCALES) as Locale[]).filter((locale): locale is Exclude<Locale, 'en'> => locale !== DEFAULT_LOCALE);
const keys = Object.keys(ENGLISH) as (keyof Catalog)[];

describe.each(translated)('the %s catalog', (locale) => {
  it('has every key of English and no other, each text valid ICU with the placeholders of its English', async () => {
    const catalog: Record<string, string> = await loadCatalog(locale);
    expect(Object.keys(catalog).sort()).toEqual([...keys].sort());
    // English's own grammar placeholders (a/an) may be left out; every other one must be there, and no other.
    const significant = (text: string) =>
      [...placeholders(parse(text))]
        .filter((p) => !ENGLISH_ONLY_PLACEHOLDERS.includes(p.split(':')[0]!))
        .sort()
        .join();
    const differing = keys.filter((key) => significant(catalog[key]!) !== significant(ENGLISH[key]));
    expect(differing).toEqual([]);
  });
});

/** The categories of every plural in a parsed text (`=0` and the like left out), nested ones included. */
function pluralCategories(elements: MessageFormatElement[], found: string[][] = []): string[][] {
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      found.push(Object.keys(element.options).filter((option) => !option.startsWith('=')));
      for (const option of Object.values(element.options)) pluralCategories(option.value, found);
    }
    if (element.type === TYPE.select) for (const option of Object.values(element.options)) pluralCategories(option.value, found);
  }
  return found;
}

// The namespaces a person meets signing in and on their own account: each plural says every form its language has.
const PLURAL_CHECKED = ['sessions.', 'account.', 'mfa.', 'dashboard.', 'imports.'];

describe.each(translated.filter((locale) => locale !== PSEUDO_LOCALE))('the %s plurals', (locale) => {
  it('give every plural form our counts take in the language (one, two, few, many... as Intl.PluralRules names them)', async () => {
    const catalog: Record<string, string> = await loadCatalog(locale);
    // The forms the counts we show (0 to 1000, and halves such as 1.5 days) take; French's `many` is for millions.
    const rules = new Intl.PluralRules(locale);
    const needed = [...new Set(Array.from({ length: 2001 }, (_, i) => rules.select(i / 2)))];
    const missing = keys
      .filter((key) => PLURAL_CHECKED.some((prefix) => key.startsWith(prefix)))
      .flatMap((key) =>
        pluralCategories(parse(catalog[key]!)).flatMap((present) =>
          needed.filter((category) => !present.includes(category)).map((category) => `${key}: ${category}`),
        ),
      );
    expect(missing).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  it('wraps every text and lengthens it by 40%, keeping its placeholders', async () => {
    const catalog = await loadCatalog(PSEUDO_LOCALE);
    for (const key of keys) {
      expect(catalog[key]).toMatch(/^⟦[\s\S]*⟧$/);
      expect(catalog[key].length).toBeGreaterThanOrEqual(Math.ceil(ENGLISH[key].length * 1.4));
    }
    await prepareLocale(PSEUDO_LOCALE);
    expect(withLocale(PSEUDO_LOCALE, () => MESSAGES.tooLong(64))).toMatch(/^⟦.* 64 .*⟧$/);
  });
});

describe('texts in the active language', () => {
  it('reads the live exports, emails and error answers in the language withLocale names, English around it', async () => {
    await prepareLocale('de');
    expect(withLocale('de', () => MESSAGES.signInTitle)).toBe('Anmelden');
    expect(withLocale('de', () => ERRORS.INVALID_CREDENTIALS.message)).toBe('Die E-Mail-Adresse oder das Passwort ist falsch');
    expect(withLocale('de', () => MAIL_MESSAGES.invitation('Acme', 'Ann', 168).note)).toBe(
      'Die Einladung ist 7 Tage lang gültig. Wenn Sie sie nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    );
    expect(MESSAGES.signInTitle).toBe('Sign in');
    expect(MAIL_MESSAGES.emailVerification('acme', 1).note).toBe(
      'The link works for 1 hour. If you do not have an acme account, you can ignore this email.',
    );
    expect(MESSAGES.fileWrongType('PNG', 512, 512)).toBe('The file must be a PNG image no larger than 512 x 512 pixels');
  });

  it("reads the organisation settings' texts, their groups and the shared schema's messages in the active language", async () => {
    await prepareLocale('de');
    const M = ORGANISATION_MESSAGES;
    expect(M.labels.enforcePasswordHistory).toBe(`Prevent reuse of the last ${LIMITS.passwordHistory} passwords`);
    expect(withLocale('de', () => M.labels.enforcePasswordHistory)).toBe(
      `Wiederverwendung der letzten ${LIMITS.passwordHistory} Passwörter verhindern`,
    );
    expect(
      withLocale('de', () => [M.title, M.sections.appearance, M.optionLabels.DarkGrey, M.resetChange('Farbe', 'Blau', 'Grau')]),
    ).toEqual(['Organisation verwalten', 'Erscheinungsbild', 'Dunkelgrau', 'Farbe: von Blau auf Grau']);
    expect(withLocale('de', () => M.imageHints.logo)).toMatch(/^PNG, JPEG oder GIF, bis zu \d+ [KM]B\.$/);
    // The schema is built once, at load: its messages are still read when it is used (zod makes its error on first reading).
    const problems = (locale: Locale) =>
      withLocale(locale, () =>
        organisationSettingsRequest
          .safeParse({ colour: 'Pink', customHelpPageURL: 'ftp://help.test' })
          .error?.issues.filter((issue) => ['colour', 'customHelpPageURL'].includes(String(issue.path[0])))
          .map((issue) => issue.message),
      );
    expect(problems('de')).toEqual([
      'Bitte wählen Sie eine der Optionen',
      'Bitte geben Sie eine Webadresse ein, die mit https:// oder http:// beginnt',
    ]);
    expect(problems('en')).toEqual(['Please choose one of the options', 'Please enter a web address starting with https:// or http://']);
  });

  it('has typed placeholders: a missing or wrongly typed value fails the type check', () => {
    const ok: IcuArgs<'{n, plural, one {# day} other {# days}} for {name}'> = { n: 2, name: 'Ann' };
    // @ts-expect-error a plural takes a number
    const wrongType: IcuArgs<'{n, plural, one {# day} other {# days}}'> = { n: 'two' };
    // @ts-expect-error the name is missing
    const missing: IcuArgs<'{n, plural, one {# day} other {# days}} for {name}'> = { n: 2 };
    expect([ok, wrongType, missing]).toHaveLength(3);
  });
});

describe('which language a person sees', () => {
  const all = { uiLocales: 'fr-CA en', personal: 'de', picked: 'en', acceptLanguage: 'de-DE,de;q=0.9', organisationDefault: 'de' };
  it('takes ui_locales first, then the person, the switcher, Accept-Language and the organisation', () => {
    expect(resolveLocale(all)).toBe('fr');
    expect(resolveLocale({ ...all, uiLocales: 'xx' })).toBe('de');
    expect(resolveLocale({ ...all, uiLocales: null, personal: null })).toBe('en');
    expect(resolveLocale({ acceptLanguage: 'zu;q=0.9, fr;q=0.8, de;q=0', organisationDefault: 'de' })).toBe('fr');
    expect(resolveLocale({ acceptLanguage: 'zu', organisationDefault: 'de' })).toBe('de');
    expect(resolveLocale({})).toBe('en');
  });
  it('offers only the organisation’s languages, and the pseudo-locale only when named', () => {
    expect(resolveLocale({ uiLocales: 'fr', acceptLanguage: 'fr', offered: ['en', 'de'], organisationDefault: 'de' })).toBe('de');
    expect(resolveLocale({ acceptLanguage: 'en-XA' })).toBe('en');
    expect(resolveLocale({ picked: 'en-XA' })).toBe('en-XA');
  });
  it('matches Chinese by its script: Taiwan and Hong Kong read Traditional, China, Singapore and plain zh Simplified', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh_TW'])
      expect(resolveLocale({ acceptLanguage: tag }), tag).toBe('zh-Hant');
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans-CN']) expect(resolveLocale({ acceptLanguage: tag }), tag).toBe('zh-Hans');
    expect(resolveLocale({ uiLocales: 'zh-TW', offered: ['en', 'zh-Hans'] })).toBe('zh-Hans');
    expect(resolveLocale({ acceptLanguage: 'he-IL, ar;q=0.5' })).toBe('he');
  });
});
