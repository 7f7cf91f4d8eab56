/** The `sessions` texts in nl; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Apparaten en sessies',
  'sessions.devicesIntro': 'Waar je bent ingelogd bij deze organisatie. Log uit bij elke sessie die je niet herkent.',
  'sessions.userDevicesIntro': 'Waar deze persoon is ingelogd.',
  'sessions.unknownBrowser': 'Onbekende browser',
  'sessions.unknownSystem': 'onbekend systeem',
  'sessions.thisDevice': 'Dit apparaat',
  'sessions.address': 'Adres',
  'sessions.firstSeen': 'Ingelogd',
  'sessions.lastSeen': 'Laatst actief',
  'sessions.signedInWith': 'Ingelogd met',
  'sessions.signOut': 'Uitloggen',
  'sessions.signOutOthers': 'Alle andere sessies uitloggen',
  'sessions.signedOutOthers': '{n, plural, one {# andere sessie uitgelogd} other {# andere sessies uitgelogd}}',
  'sessions.signedOutOne': 'Sessie uitgelogd',
  'sessions.noSessions': 'Geen sessies.',
  'sessions.moreSessions':
    '{n, plural, one {Alleen de meest recent actieve sessie wordt getoond; oudere zijn weggelaten.} other {Alleen de # meest recent actieve sessies worden getoond; oudere zijn weggelaten.}}',
  'sessions.signOutEverywhere': 'Overal uitloggen',
  'sessions.signOutEverywhereConfirm':
    'Deze persoon overal uitloggen? Elke sessie stopt en elke applicatie verliest haar toegangs- en vernieuwingstokens.',
  'sessions.signedOutEverywhere': 'Overal uitgelogd',
  'sessions.applicationsHeading': 'Gekoppelde applicaties',
  'sessions.applicationsIntro': 'Applicaties waarbij je bent ingelogd en die nog namens jou kunnen handelen.',
  'sessions.noApplications': 'Geen enkele applicatie heeft toegang.',
  'sessions.moreApplications':
    '{n, plural, one {Alleen de meest recent gebruikte applicatie wordt getoond; andere zijn weggelaten.} other {Alleen de # meest recent gebruikte applicaties worden getoond; andere zijn weggelaten.}}',
  'sessions.granted': 'Toegestaan',
  'sessions.lastUsed': 'Laatst gebruikt',
  'sessions.never': 'Nooit',
  'sessions.removeAccess': 'Toegang intrekken',
  'sessions.accessRemoved': 'Toegang ingetrokken',
  'sessions.sessionNotFound': 'Die sessie is niet gevonden',
  'sessions.applicationNotFound': 'Die applicatie heeft geen toegang tot dit account',
  'sessions.methodPassword': 'Wachtwoord',
  'sessions.methodPasskey': 'Toegangssleutel',
  'sessions.methodConnection': 'Inlogkoppeling',
  'sessions.methodTwoStep': 'Twee stappen',
} satisfies NamespaceCatalog<'sessions'>;
