/** The `sessions` texts in da; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Enheder og sessioner',
  'sessions.devicesIntro': 'Hvor du er logget ind i denne organisation. Log ud af enhver session, du ikke genkender.',
  'sessions.userDevicesIntro': 'Hvor denne person er logget ind.',
  'sessions.unknownBrowser': 'Ukendt browser',
  'sessions.unknownSystem': 'ukendt system',
  'sessions.thisDevice': 'Denne enhed',
  'sessions.address': 'Adresse',
  'sessions.firstSeen': 'Logget ind',
  'sessions.lastSeen': 'Sidst aktiv',
  'sessions.signedInWith': 'Logget ind med',
  'sessions.signOut': 'Log ud',
  'sessions.signOutOthers': 'Log ud af alle andre sessioner',
  'sessions.signedOutOthers': '{n, plural, one {Logget ud af # anden session} other {Logget ud af # andre sessioner}}',
  'sessions.signedOutOne': 'Session logget ud',
  'sessions.noSessions': 'Ingen sessioner.',
  'sessions.moreSessions':
    '{n, plural, one {Kun den senest aktive session vises; ældre er udeladt.} other {Kun de # senest aktive sessioner vises; ældre er udeladt.}}',
  'sessions.signOutEverywhere': 'Log ud overalt',
  'sessions.signOutEverywhereConfirm':
    'Vil du logge denne person ud overalt? Alle sessioner afsluttes, og alle applikationer mister deres adgangs- og opdateringstokens.',
  'sessions.signedOutEverywhere': 'Logget ud overalt',
  'sessions.applicationsHeading': 'Forbundne applikationer',
  'sessions.applicationsIntro': 'Applikationer, du har logget ind i, som stadig kan handle på dine vegne.',
  'sessions.noApplications': 'Ingen applikationer har adgang.',
  'sessions.moreApplications':
    '{n, plural, one {Kun den senest brugte applikation vises; andre er udeladt.} other {Kun de # senest brugte applikationer vises; andre er udeladt.}}',
  'sessions.granted': 'Givet',
  'sessions.lastUsed': 'Sidst brugt',
  'sessions.never': 'Aldrig',
  'sessions.removeAccess': 'Fjern adgang',
  'sessions.accessRemoved': 'Adgang fjernet',
  'sessions.sessionNotFound': 'Sessionen blev ikke fundet',
  'sessions.applicationNotFound': 'Applikationen har ingen adgang til denne konto',
  'sessions.methodPassword': 'Adgangskode',
  'sessions.methodPasskey': 'Adgangsnøgle',
  'sessions.methodConnection': 'Loginforbindelse',
  'sessions.methodTwoStep': 'Totrins',
} satisfies NamespaceCatalog<'sessions'>;
