/** The `sessions` texts in ru; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Устройства и сеансы',
  'sessions.devicesIntro': 'Где вы вошли в эту организацию. Завершите любой сеанс, который вам незнаком.',
  'sessions.userDevicesIntro': 'Где вошёл этот пользователь.',
  'sessions.unknownBrowser': 'Неизвестный браузер',
  'sessions.unknownSystem': 'неизвестная система',
  'sessions.thisDevice': 'Это устройство',
  'sessions.address': 'Адрес',
  'sessions.firstSeen': 'Вход',
  'sessions.lastSeen': 'Последняя активность',
  'sessions.signedInWith': 'Способ входа',
  'sessions.signOut': 'Выйти',
  'sessions.signOutOthers': 'Завершить все другие сеансы',
  'sessions.signedOutOthers':
    '{n, plural, one {Завершён # другой сеанс} few {Завершено # других сеанса} many {Завершено # других сеансов} other {Завершено # другого сеанса}}',
  'sessions.signedOutOne': 'Сеанс завершён',
  'sessions.noSessions': 'Сеансов нет.',
  'sessions.moreSessions':
    '{n, plural, one {Показан только # последний активный сеанс; более старые не показаны.} few {Показаны только # последних активных сеанса; более старые не показаны.} many {Показаны только # последних активных сеансов; более старые не показаны.} other {Показаны только # последнего активного сеанса; более старые не показаны.}}',
  'sessions.signOutEverywhere': 'Выйти везде',
  'sessions.signOutEverywhereConfirm':
    'Завершить все сеансы этого пользователя? Каждый сеанс закончится, а каждое приложение потеряет свои токены доступа и обновления.',
  'sessions.signedOutEverywhere': 'Выход выполнен везде',
  'sessions.applicationsHeading': 'Подключённые приложения',
  'sessions.applicationsIntro': 'Приложения, в которые вы входили и которые по-прежнему могут действовать от вашего имени.',
  'sessions.noApplications': 'Ни у одного приложения нет доступа.',
  'sessions.moreApplications':
    '{n, plural, one {Показано только # последнее использованное приложение; остальные не показаны.} few {Показаны только # последних использованных приложения; остальные не показаны.} many {Показаны только # последних использованных приложений; остальные не показаны.} other {Показаны только # последнего использованного приложения; остальные не показаны.}}',
  'sessions.granted': 'Предоставлено',
  'sessions.lastUsed': 'Последнее использование',
  'sessions.never': 'Никогда',
  'sessions.removeAccess': 'Отозвать доступ',
  'sessions.accessRemoved': 'Доступ отозван',
  'sessions.sessionNotFound': 'Этот сеанс не найден',
  'sessions.applicationNotFound': 'У этого приложения нет доступа к этой учётной записи',
  'sessions.methodPassword': 'Пароль',
  'sessions.methodPasskey': 'Ключ доступа',
  'sessions.methodConnection': 'Подключение для входа',
  'sessions.methodTwoStep': 'Двухфакторная',
} satisfies NamespaceCatalog<'sessions'>;
