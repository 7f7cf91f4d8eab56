/** The organisation as the server's rules see it (camelCase), mapped from its row: the root of every scope. */
import { DEFAULT_LOCALE, isSupportedLocale, type Locale, offeredLocales } from '@gatehouse/common/i18n/locales';

import type { Config } from '../config.ts';
import type { OrganisationRow } from '../db/schema.ts';

export interface Organisation {
  id: string;
  name: string;
  displayName: string;
  isBase: boolean;
  isDemo: boolean;
  /** The host this organisation is served at: the base hostname, or `<name>.<base hostname>`. */
  hostname: string;
  row: OrganisationRow;
}

export function hostnameFor(config: Pick<Config, 'baseHostname'>, name: string, isBase: boolean): string {
  return isBase ? config.baseHostname : `${name}.${config.baseHostname}`;
}

export function toOrganisation(config: Pick<Config, 'baseHostname'>, row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    isBase: row.is_base,
    isDemo: row.is_demo,
    hostname: hostnameFor(config, row.name, row.is_base),
    // A plain copy: node:sqlite's rows have no prototype, which makes V8 keep them as hash tables (about
    // 3.5 KB for this row, 0.8 KB copied). Organisations are kept (the resolver, each built provider).
    row: { ...row },
  };
}

/** The whitelist column is JSON written by us; anything unreadable counts as an empty list. */
export function emailWhitelistOf(r: Pick<OrganisationRow, 'user_email_whitelist'>): string[] {
  try {
    const list: unknown = JSON.parse(r.user_email_whitelist);
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

/** The organisation's default language and the languages it offers (the default always among them). */
export function languagesOf(r: Pick<OrganisationRow, 'default_locale' | 'offered_locales'>): { defaultLocale: Locale; offered: Locale[] } {
  let stored: unknown;
  try {
    stored = JSON.parse(r.offered_locales);
  } catch {
    stored = [];
  }
  const defaultLocale = isSupportedLocale(r.default_locale) ? r.default_locale : DEFAULT_LOCALE;
  const named = Array.isArray(stored) ? stored : [];
  return { defaultLocale, offered: named.length > 0 ? offeredLocales([...named, defaultLocale]) : offeredLocales([]) };
}
