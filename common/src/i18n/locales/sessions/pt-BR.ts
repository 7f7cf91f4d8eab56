/** The `sessions` texts in pt-BR; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Dispositivos e sessões',
  'sessions.devicesIntro': 'Onde você está conectado a esta organização. Encerre qualquer sessão que você não reconheça.',
  'sessions.userDevicesIntro': 'Onde esta pessoa está conectada.',
  'sessions.unknownBrowser': 'Navegador desconhecido',
  'sessions.unknownSystem': 'sistema desconhecido',
  'sessions.thisDevice': 'Este dispositivo',
  'sessions.address': 'Endereço',
  'sessions.firstSeen': 'Login',
  'sessions.lastSeen': 'Última atividade',
  'sessions.signedInWith': 'Login com',
  'sessions.signOut': 'Sair',
  'sessions.signOutOthers': 'Sair de todas as outras sessões',
  'sessions.signedOutOthers': '{n, plural, one {# outra sessão encerrada} other {# outras sessões encerradas}}',
  'sessions.signedOutOne': 'Sessão encerrada',
  'sessions.noSessions': 'Nenhuma sessão.',
  'sessions.moreSessions':
    '{n, plural, one {Só a sessão com atividade mais recente é exibida; as mais antigas foram omitidas.} other {Só as # sessões com atividade mais recente são exibidas; as mais antigas foram omitidas.}}',
  'sessions.signOutEverywhere': 'Sair em todos os lugares',
  'sessions.signOutEverywhereConfirm':
    'Desconectar esta pessoa em todos os lugares? Todas as sessões terminam e cada aplicativo perde seus tokens de acesso e de atualização.',
  'sessions.signedOutEverywhere': 'Desconectado em todos os lugares',
  'sessions.applicationsHeading': 'Aplicativos conectados',
  'sessions.applicationsIntro': 'Aplicativos em que você fez login e que ainda podem agir em seu nome.',
  'sessions.noApplications': 'Nenhum aplicativo tem acesso.',
  'sessions.moreApplications':
    '{n, plural, one {Só o aplicativo usado mais recentemente é exibido; os outros foram omitidos.} other {Só os # aplicativos usados mais recentemente são exibidos; os outros foram omitidos.}}',
  'sessions.granted': 'Concedido',
  'sessions.lastUsed': 'Último uso',
  'sessions.never': 'Nunca',
  'sessions.removeAccess': 'Remover acesso',
  'sessions.accessRemoved': 'Acesso removido',
  'sessions.sessionNotFound': 'Essa sessão não foi encontrada',
  'sessions.applicationNotFound': 'Esse aplicativo não tem acesso a esta conta',
  'sessions.methodPassword': 'Senha',
  'sessions.methodPasskey': 'Chave de acesso',
  'sessions.methodConnection': 'Conexão de login',
  'sessions.methodTwoStep': 'Duas etapas',
} satisfies NamespaceCatalog<'sessions'>;
