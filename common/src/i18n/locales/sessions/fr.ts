/** The `sessions` texts in fr; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Appareils et sessions',
  'sessions.devicesIntro':
    'Les endroits où vous êtes connecté à cette organisation. Déconnectez toute session que vous ne reconnaissez pas.',
  'sessions.userDevicesIntro': 'Les endroits où cette personne est connectée.',
  'sessions.unknownBrowser': 'Navigateur inconnu',
  'sessions.unknownSystem': 'système inconnu',
  'sessions.thisDevice': 'Cet appareil',
  'sessions.address': 'Adresse',
  'sessions.firstSeen': 'Connexion',
  'sessions.lastSeen': 'Dernière activité',
  'sessions.signedInWith': 'Connecté avec',
  'sessions.signOut': 'Se déconnecter',
  'sessions.signOutOthers': 'Déconnecter toutes les autres sessions',
  'sessions.signedOutOthers': '{n, plural, one {# autre session déconnectée} other {# autres sessions déconnectées}}',
  'sessions.signedOutOne': 'Session déconnectée',
  'sessions.noSessions': 'Aucune session.',
  'sessions.moreSessions':
    '{n, plural, one {Seule la session la plus récemment active est affichée ; les plus anciennes sont masquées.} other {Seules les # sessions les plus récemment actives sont affichées ; les plus anciennes sont masquées.}}',
  'sessions.signOutEverywhere': 'Déconnecter partout',
  'sessions.signOutEverywhereConfirm':
    'Déconnecter cette personne partout ? Toutes les sessions prennent fin et chaque application perd ses jetons d’accès et d’actualisation.',
  'sessions.signedOutEverywhere': 'Déconnecté partout',
  'sessions.applicationsHeading': 'Applications connectées',
  'sessions.applicationsIntro': 'Les applications auxquelles vous vous êtes connecté et qui peuvent encore agir en votre nom.',
  'sessions.noApplications': 'Aucune application n’a accès.',
  'sessions.moreApplications':
    '{n, plural, one {Seule l’application utilisée le plus récemment est affichée ; les autres sont masquées.} other {Seules les # applications utilisées le plus récemment sont affichées ; les autres sont masquées.}}',
  'sessions.granted': 'Accordé',
  'sessions.lastUsed': 'Dernière utilisation',
  'sessions.never': 'Jamais',
  'sessions.removeAccess': 'Retirer l’accès',
  'sessions.accessRemoved': 'Accès retiré',
  'sessions.sessionNotFound': 'Cette session est introuvable',
  'sessions.applicationNotFound': 'Cette application n’a aucun accès à ce compte',
  'sessions.methodPassword': 'Mot de passe',
  'sessions.methodPasskey': 'Clé d’accès',
  'sessions.methodConnection': 'Connexion d’identité',
  'sessions.methodTwoStep': 'Deux facteurs',
} satisfies NamespaceCatalog<'sessions'>;
