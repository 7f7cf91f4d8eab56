/** The `sessions` texts in de; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Geräte und Sitzungen',
  'sessions.devicesIntro': 'Hier sind Sie bei dieser Organisation angemeldet. Melden Sie jede Sitzung ab, die Sie nicht kennen.',
  'sessions.userDevicesIntro': 'Hier ist diese Person angemeldet.',
  'sessions.unknownBrowser': 'Unbekannter Browser',
  'sessions.unknownSystem': 'unbekanntes System',
  'sessions.thisDevice': 'Dieses Gerät',
  'sessions.address': 'Adresse',
  'sessions.firstSeen': 'Angemeldet',
  'sessions.lastSeen': 'Zuletzt aktiv',
  'sessions.signedInWith': 'Angemeldet mit',
  'sessions.signOut': 'Abmelden',
  'sessions.signOutOthers': 'Alle anderen Sitzungen abmelden',
  'sessions.signedOutOthers': '{n, plural, one {# andere Sitzung abgemeldet} other {# andere Sitzungen abgemeldet}}',
  'sessions.signedOutOne': 'Sitzung abgemeldet',
  'sessions.noSessions': 'Keine Sitzungen.',
  'sessions.moreSessions':
    '{n, plural, one {Nur die zuletzt aktive Sitzung wird angezeigt; ältere sind ausgeblendet.} other {Nur die # zuletzt aktiven Sitzungen werden angezeigt; ältere sind ausgeblendet.}}',
  'sessions.signOutEverywhere': 'Überall abmelden',
  'sessions.signOutEverywhereConfirm':
    'Diese Person überall abmelden? Jede Sitzung endet, und jede Anwendung verliert ihre Zugriffs- und Aktualisierungstokens.',
  'sessions.signedOutEverywhere': 'Überall abgemeldet',
  'sessions.applicationsHeading': 'Verbundene Anwendungen',
  'sessions.applicationsIntro': 'Anwendungen, bei denen Sie sich angemeldet haben und die weiterhin in Ihrem Namen handeln können.',
  'sessions.noApplications': 'Keine Anwendung hat Zugriff.',
  'sessions.moreApplications':
    '{n, plural, one {Nur die zuletzt genutzte Anwendung wird angezeigt; weitere sind ausgeblendet.} other {Nur die # zuletzt genutzten Anwendungen werden angezeigt; weitere sind ausgeblendet.}}',
  'sessions.granted': 'Gewährt',
  'sessions.lastUsed': 'Zuletzt genutzt',
  'sessions.never': 'Nie',
  'sessions.removeAccess': 'Zugriff entziehen',
  'sessions.accessRemoved': 'Zugriff entzogen',
  'sessions.sessionNotFound': 'Diese Sitzung wurde nicht gefunden',
  'sessions.applicationNotFound': 'Diese Anwendung hat keinen Zugriff auf dieses Konto',
  'sessions.methodPassword': 'Passwort',
  'sessions.methodPasskey': 'Passkey',
  'sessions.methodConnection': 'Anmeldeverbindung',
  'sessions.methodTwoStep': 'Zwei-Faktor',
} satisfies NamespaceCatalog<'sessions'>;
