/** The `sessions` texts in fi; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Laitteet ja istunnot',
  'sessions.devicesIntro': 'Missä olet kirjautuneena tähän organisaatioon. Kirjaa ulos istunnot, joita et tunnista.',
  'sessions.userDevicesIntro': 'Missä tämä henkilö on kirjautuneena.',
  'sessions.unknownBrowser': 'Tuntematon selain',
  'sessions.unknownSystem': 'tuntematon järjestelmä',
  'sessions.thisDevice': 'Tämä laite',
  'sessions.address': 'Osoite',
  'sessions.firstSeen': 'Kirjautunut',
  'sessions.lastSeen': 'Viimeksi aktiivinen',
  'sessions.signedInWith': 'Kirjautumistapa',
  'sessions.signOut': 'Kirjaudu ulos',
  'sessions.signOutOthers': 'Kirjaa ulos kaikki muut istunnot',
  'sessions.signedOutOthers': '{n, plural, one {# muu istunto kirjattiin ulos} other {# muuta istuntoa kirjattiin ulos}}',
  'sessions.signedOutOne': 'Istunto kirjattiin ulos',
  'sessions.noSessions': 'Ei istuntoja.',
  'sessions.moreSessions':
    '{n, plural, one {Vain viimeksi aktiivinen istunto näytetään; vanhemmat on jätetty pois.} other {Vain # viimeksi aktiivista istuntoa näytetään; vanhemmat on jätetty pois.}}',
  'sessions.signOutEverywhere': 'Kirjaa ulos kaikkialta',
  'sessions.signOutEverywhereConfirm':
    'Kirjataanko tämä henkilö ulos kaikkialta? Kaikki istunnot päättyvät, ja jokainen sovellus menettää käyttö- ja päivitystunnuksensa.',
  'sessions.signedOutEverywhere': 'Kirjattu ulos kaikkialta',
  'sessions.applicationsHeading': 'Yhdistetyt sovellukset',
  'sessions.applicationsIntro': 'Sovellukset, joihin olet kirjautunut ja jotka voivat yhä toimia puolestasi.',
  'sessions.noApplications': 'Millään sovelluksella ei ole käyttöoikeutta.',
  'sessions.moreApplications':
    '{n, plural, one {Vain viimeksi käytetty sovellus näytetään; muut on jätetty pois.} other {Vain # viimeksi käytettyä sovellusta näytetään; muut on jätetty pois.}}',
  'sessions.granted': 'Myönnetty',
  'sessions.lastUsed': 'Viimeksi käytetty',
  'sessions.never': 'Ei koskaan',
  'sessions.removeAccess': 'Poista käyttöoikeus',
  'sessions.accessRemoved': 'Käyttöoikeus poistettu',
  'sessions.sessionNotFound': 'Istuntoa ei löytynyt',
  'sessions.applicationNotFound': 'Sovelluksella ei ole käyttöoikeutta tähän tiliin',
  'sessions.methodPassword': 'Salasana',
  'sessions.methodPasskey': 'Avainkoodi',
  'sessions.methodConnection': 'Kirjautumisyhteys',
  'sessions.methodTwoStep': 'Kaksivaiheinen',
} satisfies NamespaceCatalog<'sessions'>;
