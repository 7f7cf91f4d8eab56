/** The `sessions` texts in ar; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'الأجهزة والجلسات',
  'sessions.devicesIntro': 'الأماكن التي سجّلت فيها الدخول إلى هذه المؤسسة. سجّل الخروج من أي جلسة لا تعرفها.',
  'sessions.userDevicesIntro': 'الأماكن التي سجّل فيها هذا الشخص الدخول.',
  'sessions.unknownBrowser': 'متصفح غير معروف',
  'sessions.unknownSystem': 'نظام غير معروف',
  'sessions.thisDevice': 'هذا الجهاز',
  'sessions.address': 'العنوان',
  'sessions.firstSeen': 'تسجيل الدخول',
  'sessions.lastSeen': 'آخر نشاط',
  'sessions.signedInWith': 'طريقة تسجيل الدخول',
  'sessions.signOut': 'تسجيل الخروج',
  'sessions.signOutOthers': 'تسجيل الخروج من كل الجلسات الأخرى',
  'sessions.signedOutOthers':
    '{n, plural, zero {لم يتم تسجيل الخروج من أي جلسة أخرى} one {تم تسجيل الخروج من جلسة أخرى واحدة} two {تم تسجيل الخروج من جلستين أخريين} few {تم تسجيل الخروج من # جلسات أخرى} many {تم تسجيل الخروج من # جلسة أخرى} other {تم تسجيل الخروج من # جلسة أخرى}}',
  'sessions.signedOutOne': 'تم تسجيل الخروج من الجلسة',
  'sessions.noSessions': 'لا توجد جلسات.',
  'sessions.moreSessions':
    '{n, plural, zero {لا تُعرض أي جلسة؛ وأُخفيت الجلسات الأقدم.} one {تُعرض الجلسة الأحدث نشاطًا فقط؛ وأُخفيت الجلسات الأقدم.} two {تُعرض الجلستان الأحدث نشاطًا فقط؛ وأُخفيت الجلسات الأقدم.} few {تُعرض أحدث # جلسات نشاطًا فقط؛ وأُخفيت الجلسات الأقدم.} many {تُعرض أحدث # جلسة نشاطًا فقط؛ وأُخفيت الجلسات الأقدم.} other {تُعرض أحدث # جلسة نشاطًا فقط؛ وأُخفيت الجلسات الأقدم.}}',
  'sessions.signOutEverywhere': 'تسجيل الخروج من كل مكان',
  'sessions.signOutEverywhereConfirm':
    'هل تريد تسجيل خروج هذا الشخص من كل مكان؟ تنتهي كل الجلسات، ويفقد كل تطبيق رموز الوصول والتحديث الخاصة به.',
  'sessions.signedOutEverywhere': 'تم تسجيل الخروج من كل مكان',
  'sessions.applicationsHeading': 'التطبيقات المتصلة',
  'sessions.applicationsIntro': 'التطبيقات التي سجّلت الدخول إليها والتي لا يزال بإمكانها التصرف نيابةً عنك.',
  'sessions.noApplications': 'لا يملك أي تطبيق حق الوصول.',
  'sessions.moreApplications':
    '{n, plural, zero {لا يُعرض أي تطبيق؛ وأُخفيت التطبيقات الأخرى.} one {يُعرض التطبيق الأحدث استخدامًا فقط؛ وأُخفيت التطبيقات الأخرى.} two {يُعرض التطبيقان الأحدث استخدامًا فقط؛ وأُخفيت التطبيقات الأخرى.} few {تُعرض أحدث # تطبيقات استخدامًا فقط؛ وأُخفيت التطبيقات الأخرى.} many {يُعرض أحدث # تطبيقًا استخدامًا فقط؛ وأُخفيت التطبيقات الأخرى.} other {يُعرض أحدث # تطبيق استخدامًا فقط؛ وأُخفيت التطبيقات الأخرى.}}',
  'sessions.granted': 'تاريخ المنح',
  'sessions.lastUsed': 'آخر استخدام',
  'sessions.never': 'أبدًا',
  'sessions.removeAccess': 'إزالة حق الوصول',
  'sessions.accessRemoved': 'تمت إزالة حق الوصول',
  'sessions.sessionNotFound': 'لم يتم العثور على هذه الجلسة',
  'sessions.applicationNotFound': 'لا يملك هذا التطبيق حق الوصول إلى هذا الحساب',
  'sessions.methodPassword': 'كلمة المرور',
  'sessions.methodPasskey': 'مفتاح المرور',
  'sessions.methodConnection': 'اتصال تسجيل الدخول',
  'sessions.methodTwoStep': 'المصادقة الثنائية',
} satisfies NamespaceCatalog<'sessions'>;
