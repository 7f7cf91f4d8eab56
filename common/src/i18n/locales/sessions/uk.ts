/** The `sessions` texts in uk; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Пристрої та сеанси',
  'sessions.devicesIntro': 'Де ви ввійшли в цю організацію. Завершіть будь-який сеанс, якого не впізнаєте.',
  'sessions.userDevicesIntro': 'Де ввійшла ця людина.',
  'sessions.unknownBrowser': 'Невідомий браузер',
  'sessions.unknownSystem': 'невідома система',
  'sessions.thisDevice': 'Цей пристрій',
  'sessions.address': 'Адреса',
  'sessions.firstSeen': 'Вхід',
  'sessions.lastSeen': 'Остання активність',
  'sessions.signedInWith': 'Спосіб входу',
  'sessions.signOut': 'Вийти',
  'sessions.signOutOthers': 'Завершити всі інші сеанси',
  'sessions.signedOutOthers':
    '{n, plural, one {Завершено # інший сеанс} few {Завершено # інші сеанси} many {Завершено # інших сеансів} other {Завершено # іншого сеансу}}',
  'sessions.signedOutOne': 'Сеанс завершено',
  'sessions.noSessions': 'Сеансів немає.',
  'sessions.moreSessions':
    '{n, plural, one {Показано лише # останній активний сеанс; старіші не показано.} few {Показано лише # останні активні сеанси; старіші не показано.} many {Показано лише # останніх активних сеансів; старіші не показано.} other {Показано лише # останнього активного сеансу; старіші не показано.}}',
  'sessions.signOutEverywhere': 'Вийти всюди',
  'sessions.signOutEverywhereConfirm':
    'Завершити всі сеанси цієї людини? Кожен сеанс закінчиться, а кожен застосунок втратить свої токени доступу й оновлення.',
  'sessions.signedOutEverywhere': 'Вихід виконано всюди',
  'sessions.applicationsHeading': 'Підключені застосунки',
  'sessions.applicationsIntro': 'Застосунки, у які ви входили й які досі можуть діяти від вашого імені.',
  'sessions.noApplications': 'Жоден застосунок не має доступу.',
  'sessions.moreApplications':
    '{n, plural, one {Показано лише # останній використаний застосунок; решту не показано.} few {Показано лише # останні використані застосунки; решту не показано.} many {Показано лише # останніх використаних застосунків; решту не показано.} other {Показано лише # останнього використаного застосунку; решту не показано.}}',
  'sessions.granted': 'Надано',
  'sessions.lastUsed': 'Останнє використання',
  'sessions.never': 'Ніколи',
  'sessions.removeAccess': 'Відкликати доступ',
  'sessions.accessRemoved': 'Доступ відкликано',
  'sessions.sessionNotFound': 'Цей сеанс не знайдено',
  'sessions.applicationNotFound': 'Цей застосунок не має доступу до цього облікового запису',
  'sessions.methodPassword': 'Пароль',
  'sessions.methodPasskey': 'Ключ доступу',
  'sessions.methodConnection': 'Підключення для входу',
  'sessions.methodTwoStep': 'Двофакторна',
} satisfies NamespaceCatalog<'sessions'>;
