/** The `sessions` texts in it; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Dispositivi e sessioni',
  'sessions.devicesIntro': 'Dove hai effettuato l’accesso a questa organizzazione. Esci da qualsiasi sessione che non riconosci.',
  'sessions.userDevicesIntro': 'Dove questa persona ha effettuato l’accesso.',
  'sessions.unknownBrowser': 'Browser sconosciuto',
  'sessions.unknownSystem': 'sistema sconosciuto',
  'sessions.thisDevice': 'Questo dispositivo',
  'sessions.address': 'Indirizzo',
  'sessions.firstSeen': 'Accesso',
  'sessions.lastSeen': 'Ultima attività',
  'sessions.signedInWith': 'Accesso con',
  'sessions.signOut': 'Esci',
  'sessions.signOutOthers': 'Esci da tutte le altre sessioni',
  'sessions.signedOutOthers': '{n, plural, one {Disconnessa # altra sessione} other {Disconnesse # altre sessioni}}',
  'sessions.signedOutOne': 'Sessione disconnessa',
  'sessions.noSessions': 'Nessuna sessione.',
  'sessions.moreSessions':
    '{n, plural, one {Viene mostrata solo la sessione attiva più di recente; quelle meno recenti sono escluse.} other {Vengono mostrate solo le # sessioni attive più di recente; quelle meno recenti sono escluse.}}',
  'sessions.signOutEverywhere': 'Disconnetti ovunque',
  'sessions.signOutEverywhereConfirm':
    'Disconnettere questa persona ovunque? Tutte le sessioni terminano e ogni applicazione perde i suoi token di accesso e di aggiornamento.',
  'sessions.signedOutEverywhere': 'Disconnesso ovunque',
  'sessions.applicationsHeading': 'Applicazioni collegate',
  'sessions.applicationsIntro': 'Applicazioni a cui hai effettuato l’accesso e che possono ancora agire per tuo conto.',
  'sessions.noApplications': 'Nessuna applicazione ha accesso.',
  'sessions.moreApplications':
    '{n, plural, one {Viene mostrata solo l’applicazione usata più di recente; le altre sono escluse.} other {Vengono mostrate solo le # applicazioni usate più di recente; le altre sono escluse.}}',
  'sessions.granted': 'Concesso',
  'sessions.lastUsed': 'Ultimo utilizzo',
  'sessions.never': 'Mai',
  'sessions.removeAccess': 'Revoca accesso',
  'sessions.accessRemoved': 'Accesso revocato',
  'sessions.sessionNotFound': 'Sessione non trovata',
  'sessions.applicationNotFound': 'Questa applicazione non ha accesso a questo account',
  'sessions.methodPassword': 'Password',
  'sessions.methodPasskey': 'Passkey',
  'sessions.methodConnection': 'Connessione di accesso',
  'sessions.methodTwoStep': 'Due passaggi',
} satisfies NamespaceCatalog<'sessions'>;
