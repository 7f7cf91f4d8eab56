/** The `sessions` texts in tr; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'Cihazlar ve oturumlar',
  'sessions.devicesIntro': 'Bu kuruluşta oturum açtığınız yerler. Tanımadığınız oturumları kapatın.',
  'sessions.userDevicesIntro': 'Bu kişinin oturum açtığı yerler.',
  'sessions.unknownBrowser': 'Bilinmeyen tarayıcı',
  'sessions.unknownSystem': 'bilinmeyen sistem',
  'sessions.thisDevice': 'Bu cihaz',
  'sessions.address': 'Adres',
  'sessions.firstSeen': 'Oturum açıldı',
  'sessions.lastSeen': 'Son etkinlik',
  'sessions.signedInWith': 'Oturum açma yöntemi',
  'sessions.signOut': 'Oturumu kapat',
  'sessions.signOutOthers': 'Diğer tüm oturumları kapat',
  'sessions.signedOutOthers': '{n, plural, one {# diğer oturum kapatıldı} other {# diğer oturum kapatıldı}}',
  'sessions.signedOutOne': 'Oturum kapatıldı',
  'sessions.noSessions': 'Oturum yok.',
  'sessions.moreSessions':
    '{n, plural, one {Yalnızca en son etkin olan oturum gösteriliyor; daha eskiler listelenmedi.} other {Yalnızca en son etkin olan # oturum gösteriliyor; daha eskiler listelenmedi.}}',
  'sessions.signOutEverywhere': 'Her yerde oturumu kapat',
  'sessions.signOutEverywhereConfirm':
    'Bu kişinin oturumu her yerde kapatılsın mı? Tüm oturumlar sona erer ve her uygulama erişim ile yenileme belirteçlerini kaybeder.',
  'sessions.signedOutEverywhere': 'Oturum her yerde kapatıldı',
  'sessions.applicationsHeading': 'Bağlı uygulamalar',
  'sessions.applicationsIntro': 'Oturum açtığınız ve hâlâ sizin adınıza işlem yapabilen uygulamalar.',
  'sessions.noApplications': 'Hiçbir uygulamanın erişimi yok.',
  'sessions.moreApplications':
    '{n, plural, one {Yalnızca en son kullanılan uygulama gösteriliyor; diğerleri listelenmedi.} other {Yalnızca en son kullanılan # uygulama gösteriliyor; diğerleri listelenmedi.}}',
  'sessions.granted': 'Verildi',
  'sessions.lastUsed': 'Son kullanım',
  'sessions.never': 'Hiç',
  'sessions.removeAccess': 'Erişimi kaldır',
  'sessions.accessRemoved': 'Erişim kaldırıldı',
  'sessions.sessionNotFound': 'Bu oturum bulunamadı',
  'sessions.applicationNotFound': 'Bu uygulamanın bu hesaba erişimi yok',
  'sessions.methodPassword': 'Parola',
  'sessions.methodPasskey': 'Geçiş anahtarı',
  'sessions.methodConnection': 'Oturum açma bağlantısı',
  'sessions.methodTwoStep': 'İki adımlı',
} satisfies NamespaceCatalog<'sessions'>;
