/** The `sessions` texts in sv; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Enheter och sessioner',
  'sessions.devicesIntro': 'Där du är inloggad i den här organisationen. Logga ut alla sessioner du inte känner igen.',
  'sessions.userDevicesIntro': 'Där den här personen är inloggad.',
  'sessions.unknownBrowser': 'Okänd webbläsare',
  'sessions.unknownSystem': 'okänt system',
  'sessions.thisDevice': 'Den här enheten',
  'sessions.address': 'Adress',
  'sessions.firstSeen': 'Inloggad',
  'sessions.lastSeen': 'Senast aktiv',
  'sessions.signedInWith': 'Inloggad med',
  'sessions.signOut': 'Logga ut',
  'sessions.signOutOthers': 'Logga ut alla andra sessioner',
  'sessions.signedOutOthers': '{n, plural, one {# annan session utloggad} other {# andra sessioner utloggade}}',
  'sessions.signedOutOne': 'Sessionen utloggad',
  'sessions.noSessions': 'Inga sessioner.',
  'sessions.moreSessions':
    '{n, plural, one {Bara den senast aktiva sessionen visas; äldre är utelämnade.} other {Bara de # senast aktiva sessionerna visas; äldre är utelämnade.}}',
  'sessions.signOutEverywhere': 'Logga ut överallt',
  'sessions.signOutEverywhereConfirm':
    'Logga ut den här personen överallt? Alla sessioner avslutas och varje applikation förlorar sina åtkomst- och uppdateringstokens.',
  'sessions.signedOutEverywhere': 'Utloggad överallt',
  'sessions.applicationsHeading': 'Anslutna applikationer',
  'sessions.applicationsIntro': 'Applikationer du har loggat in i som fortfarande kan agera åt dig.',
  'sessions.noApplications': 'Ingen applikation har åtkomst.',
  'sessions.moreApplications':
    '{n, plural, one {Bara den senast använda applikationen visas; andra är utelämnade.} other {Bara de # senast använda applikationerna visas; andra är utelämnade.}}',
  'sessions.granted': 'Beviljad',
  'sessions.lastUsed': 'Senast använd',
  'sessions.never': 'Aldrig',
  'sessions.removeAccess': 'Ta bort åtkomst',
  'sessions.accessRemoved': 'Åtkomst borttagen',
  'sessions.sessionNotFound': 'Sessionen hittades inte',
  'sessions.applicationNotFound': 'Applikationen har ingen åtkomst till det här kontot',
  'sessions.methodPassword': 'Lösenord',
  'sessions.methodPasskey': 'Lösennyckel',
  'sessions.methodConnection': 'Inloggningsanslutning',
  'sessions.methodTwoStep': 'Tvåsteg',
} satisfies NamespaceCatalog<'sessions'>;
