/** The `sessions` texts in pl; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Urządzenia i sesje',
  'sessions.devicesIntro': 'Miejsca, w których zalogowano cię do tej organizacji. Wyloguj każdą sesję, której nie rozpoznajesz.',
  'sessions.userDevicesIntro': 'Miejsca, w których ta osoba jest zalogowana.',
  'sessions.unknownBrowser': 'Nieznana przeglądarka',
  'sessions.unknownSystem': 'nieznany system',
  'sessions.thisDevice': 'To urządzenie',
  'sessions.address': 'Adres',
  'sessions.firstSeen': 'Zalogowano',
  'sessions.lastSeen': 'Ostatnia aktywność',
  'sessions.signedInWith': 'Metoda logowania',
  'sessions.signOut': 'Wyloguj',
  'sessions.signOutOthers': 'Wyloguj wszystkie inne sesje',
  'sessions.signedOutOthers':
    '{n, plural, one {Wylogowano # inną sesję} few {Wylogowano # inne sesje} many {Wylogowano # innych sesji} other {Wylogowano # innej sesji}}',
  'sessions.signedOutOne': 'Sesja wylogowana',
  'sessions.noSessions': 'Brak sesji.',
  'sessions.moreSessions':
    '{n, plural, one {Widać tylko ostatnio aktywną sesję; starsze pominięto.} few {Widać tylko # ostatnio aktywne sesje; starsze pominięto.} many {Widać tylko # ostatnio aktywnych sesji; starsze pominięto.} other {Widać tylko # ostatnio aktywnej sesji; starsze pominięto.}}',
  'sessions.signOutEverywhere': 'Wyloguj wszędzie',
  'sessions.signOutEverywhereConfirm':
    'Wylogować tę osobę wszędzie? Każda sesja się zakończy, a każda aplikacja straci tokeny dostępu i odświeżania.',
  'sessions.signedOutEverywhere': 'Wylogowano wszędzie',
  'sessions.applicationsHeading': 'Połączone aplikacje',
  'sessions.applicationsIntro': 'Aplikacje, do których się logujesz i które nadal mogą działać w twoim imieniu.',
  'sessions.noApplications': 'Żadna aplikacja nie ma dostępu.',
  'sessions.moreApplications':
    '{n, plural, one {Widać tylko ostatnio używaną aplikację; pozostałe pominięto.} few {Widać tylko # ostatnio używane aplikacje; pozostałe pominięto.} many {Widać tylko # ostatnio używanych aplikacji; pozostałe pominięto.} other {Widać tylko # ostatnio używanej aplikacji; pozostałe pominięto.}}',
  'sessions.granted': 'Przyznano',
  'sessions.lastUsed': 'Ostatnie użycie',
  'sessions.never': 'Nigdy',
  'sessions.removeAccess': 'Odbierz dostęp',
  'sessions.accessRemoved': 'Dostęp odebrany',
  'sessions.sessionNotFound': 'Nie znaleziono tej sesji',
  'sessions.applicationNotFound': 'Ta aplikacja nie ma dostępu do tego konta',
  'sessions.methodPassword': 'Hasło',
  'sessions.methodPasskey': 'Klucz dostępu',
  'sessions.methodConnection': 'Połączenie logowania',
  'sessions.methodTwoStep': 'Dwa etapy',
} satisfies NamespaceCatalog<'sessions'>;
