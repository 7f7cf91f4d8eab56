/** The `sessions` texts in nb; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Enheter og økter',
  'sessions.devicesIntro': 'Der du er pålogget denne organisasjonen. Logg av alle økter du ikke kjenner igjen.',
  'sessions.userDevicesIntro': 'Der denne personen er pålogget.',
  'sessions.unknownBrowser': 'Ukjent nettleser',
  'sessions.unknownSystem': 'ukjent system',
  'sessions.thisDevice': 'Denne enheten',
  'sessions.address': 'Adresse',
  'sessions.firstSeen': 'Pålogget',
  'sessions.lastSeen': 'Sist aktiv',
  'sessions.signedInWith': 'Pålogget med',
  'sessions.signOut': 'Logg av',
  'sessions.signOutOthers': 'Logg av alle andre økter',
  'sessions.signedOutOthers': '{n, plural, one {Logget av # annen økt} other {Logget av # andre økter}}',
  'sessions.signedOutOne': 'Økten er logget av',
  'sessions.noSessions': 'Ingen økter.',
  'sessions.moreSessions':
    '{n, plural, one {Bare den sist aktive økten vises; eldre er utelatt.} other {Bare de # sist aktive øktene vises; eldre er utelatt.}}',
  'sessions.signOutEverywhere': 'Logg av overalt',
  'sessions.signOutEverywhereConfirm':
    'Vil du logge av denne personen overalt? Alle økter avsluttes, og alle applikasjoner mister tilgangs- og oppdateringstokenene sine.',
  'sessions.signedOutEverywhere': 'Logget av overalt',
  'sessions.applicationsHeading': 'Tilkoblede applikasjoner',
  'sessions.applicationsIntro': 'Applikasjoner du har logget på, som fortsatt kan handle på dine vegne.',
  'sessions.noApplications': 'Ingen applikasjoner har tilgang.',
  'sessions.moreApplications':
    '{n, plural, one {Bare den sist brukte applikasjonen vises; andre er utelatt.} other {Bare de # sist brukte applikasjonene vises; andre er utelatt.}}',
  'sessions.granted': 'Gitt',
  'sessions.lastUsed': 'Sist brukt',
  'sessions.never': 'Aldri',
  'sessions.removeAccess': 'Fjern tilgang',
  'sessions.accessRemoved': 'Tilgang fjernet',
  'sessions.sessionNotFound': 'Fant ikke økten',
  'sessions.applicationNotFound': 'Applikasjonen har ikke tilgang til denne kontoen',
  'sessions.methodPassword': 'Passord',
  'sessions.methodPasskey': 'Tilgangsnøkkel',
  'sessions.methodConnection': 'Påloggingstilkobling',
  'sessions.methodTwoStep': 'Totrinns',
} satisfies NamespaceCatalog<'sessions'>;
