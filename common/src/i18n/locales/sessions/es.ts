/** The `sessions` texts in es; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Dispositivos y sesiones',
  'sessions.devicesIntro': 'Dónde has iniciado sesión en esta organización. Cierra cualquier sesión que no reconozcas.',
  'sessions.userDevicesIntro': 'Dónde ha iniciado sesión esta persona.',
  'sessions.unknownBrowser': 'Navegador desconocido',
  'sessions.unknownSystem': 'sistema desconocido',
  'sessions.thisDevice': 'Este dispositivo',
  'sessions.address': 'Dirección',
  'sessions.firstSeen': 'Inicio de sesión',
  'sessions.lastSeen': 'Última actividad',
  'sessions.signedInWith': 'Sesión iniciada con',
  'sessions.signOut': 'Cerrar sesión',
  'sessions.signOutOthers': 'Cerrar todas las demás sesiones',
  'sessions.signedOutOthers': '{n, plural, one {Se cerró # sesión más} other {Se cerraron # sesiones más}}',
  'sessions.signedOutOne': 'Sesión cerrada',
  'sessions.noSessions': 'No hay sesiones.',
  'sessions.moreSessions':
    '{n, plural, one {Solo se muestra la sesión con actividad más reciente; las más antiguas no aparecen.} other {Solo se muestran las # sesiones con actividad más reciente; las más antiguas no aparecen.}}',
  'sessions.signOutEverywhere': 'Cerrar sesión en todas partes',
  'sessions.signOutEverywhereConfirm':
    '¿Cerrar la sesión de esta persona en todas partes? Todas las sesiones terminan y cada aplicación pierde sus tokens de acceso y de actualización.',
  'sessions.signedOutEverywhere': 'Sesión cerrada en todas partes',
  'sessions.applicationsHeading': 'Aplicaciones conectadas',
  'sessions.applicationsIntro': 'Aplicaciones en las que has iniciado sesión y que aún pueden actuar en tu nombre.',
  'sessions.noApplications': 'Ninguna aplicación tiene acceso.',
  'sessions.moreApplications':
    '{n, plural, one {Solo se muestra la aplicación usada más recientemente; las demás no aparecen.} other {Solo se muestran las # aplicaciones usadas más recientemente; las demás no aparecen.}}',
  'sessions.granted': 'Concedido',
  'sessions.lastUsed': 'Último uso',
  'sessions.never': 'Nunca',
  'sessions.removeAccess': 'Quitar acceso',
  'sessions.accessRemoved': 'Acceso quitado',
  'sessions.sessionNotFound': 'No se encontró esa sesión',
  'sessions.applicationNotFound': 'Esa aplicación no tiene acceso a esta cuenta',
  'sessions.methodPassword': 'Contraseña',
  'sessions.methodPasskey': 'Llave de acceso',
  'sessions.methodConnection': 'Conexión de inicio de sesión',
  'sessions.methodTwoStep': 'Dos pasos',
} satisfies NamespaceCatalog<'sessions'>;
