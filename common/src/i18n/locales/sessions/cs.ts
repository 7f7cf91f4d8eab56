/** The `sessions` texts in cs; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Zařízení a relace',
  'sessions.devicesIntro': 'Kde jste přihlášeni k této organizaci. Odhlaste každou relaci, kterou nepoznáváte.',
  'sessions.userDevicesIntro': 'Kde je tato osoba přihlášena.',
  'sessions.unknownBrowser': 'Neznámý prohlížeč',
  'sessions.unknownSystem': 'neznámý systém',
  'sessions.thisDevice': 'Toto zařízení',
  'sessions.address': 'Adresa',
  'sessions.firstSeen': 'Přihlášení',
  'sessions.lastSeen': 'Naposledy aktivní',
  'sessions.signedInWith': 'Přihlášení pomocí',
  'sessions.signOut': 'Odhlásit',
  'sessions.signOutOthers': 'Odhlásit všechny ostatní relace',
  'sessions.signedOutOthers':
    '{n, plural, one {Odhlášena # další relace} few {Odhlášeny # další relace} many {Odhlášeno # další relace} other {Odhlášeno # dalších relací}}',
  'sessions.signedOutOne': 'Relace odhlášena',
  'sessions.noSessions': 'Žádné relace.',
  'sessions.moreSessions':
    '{n, plural, one {Zobrazuje se jen naposledy aktivní relace; starší jsou vynechány.} few {Zobrazují se jen # naposledy aktivní relace; starší jsou vynechány.} many {Zobrazuje se jen # naposledy aktivní relace; starší jsou vynechány.} other {Zobrazuje se jen # naposledy aktivních relací; starší jsou vynechány.}}',
  'sessions.signOutEverywhere': 'Odhlásit všude',
  'sessions.signOutEverywhereConfirm':
    'Odhlásit tuto osobu všude? Všechny relace skončí a každá aplikace ztratí své přístupové a obnovovací tokeny.',
  'sessions.signedOutEverywhere': 'Odhlášeno všude',
  'sessions.applicationsHeading': 'Připojené aplikace',
  'sessions.applicationsIntro': 'Aplikace, ke kterým jste se přihlásili a které za vás stále mohou jednat.',
  'sessions.noApplications': 'Žádná aplikace nemá přístup.',
  'sessions.moreApplications':
    '{n, plural, one {Zobrazuje se jen naposledy použitá aplikace; ostatní jsou vynechány.} few {Zobrazují se jen # naposledy použité aplikace; ostatní jsou vynechány.} many {Zobrazuje se jen # naposledy použité aplikace; ostatní jsou vynechány.} other {Zobrazuje se jen # naposledy použitých aplikací; ostatní jsou vynechány.}}',
  'sessions.granted': 'Uděleno',
  'sessions.lastUsed': 'Naposledy použito',
  'sessions.never': 'Nikdy',
  'sessions.removeAccess': 'Odebrat přístup',
  'sessions.accessRemoved': 'Přístup odebrán',
  'sessions.sessionNotFound': 'Tato relace nebyla nalezena',
  'sessions.applicationNotFound': 'Tato aplikace nemá k tomuto účtu přístup',
  'sessions.methodPassword': 'Heslo',
  'sessions.methodPasskey': 'Přístupový klíč',
  'sessions.methodConnection': 'Přihlašovací připojení',
  'sessions.methodTwoStep': 'Dvoufázové',
} satisfies NamespaceCatalog<'sessions'>;
