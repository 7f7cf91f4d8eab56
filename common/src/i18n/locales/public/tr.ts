/** Türkçe, herkese açık sayfalar ve kayıt. Hitap "siz"; sözlük: docs/i18n-glossaries-more.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': '{product} hizmetine hoş geldiniz',
  'baseSignup.intro':
    'Kuruluşunuzun uygulamaları için oturum açma, kaydolma ve iki adımlı doğrulama; kuruluşa ait bir OpenID Connect sağlayıcısıyla. Starter paketi {users} kullanıcıya kadar ücretsizdir.',
  'baseSignup.emailStep':
    'E-posta adresinizi girin, kuruluşunuzu kurmanız için size bir bağlantı gönderelim. Kuruluşun yöneticisi siz olacaksınız.',
  'baseSignup.emailAddress': 'E-posta adresi',
  'baseSignup.getStarted': 'Başlayın',
  'baseSignup.tryDemo': 'Önce demoyu deneyin',
  'baseSignup.checkYourEmailHeading': 'E-postanızı kontrol edin',
  'baseSignup.checkYourEmail':
    '{email} adresine bir bağlantı gönderdik. Kuruluşunuzun adını seçmek için bağlantıyı açın. Bağlantı {lifetime} boyunca geçerlidir.',
  'baseSignup.checkingLink': 'Bağlantınız kontrol ediliyor...',
  'baseSignup.linkInvalid': 'Bu kayıt bağlantısının süresi dolmuş veya bağlantı zaten kullanılmış. Lütfen baştan başlayın.',
  'baseSignup.startAgain': 'Baştan başlayın',
  'baseSignup.organisationHeading': 'Lütfen kuruluşunuzun adını girin',
  'baseSignup.organisationName': 'Kuruluş adı',
  'baseSignup.organisationNameHint':
    'Kuruluşunuz ad.{baseHostname} adresinde olacak: küçük harfler, rakamlar ve kısa çizgiler, en fazla 63 karakter.',
  'baseSignup.signingUpAs': 'Yönetici:',
  'baseSignup.demoNotice': 'Bu bir demo kuruluştur: {lifetime} boyunca var olur, ardından içindeki her şeyle birlikte silinir.',
  'baseSignup.finish': 'Bitir',
  'baseSignup.demoHeading': 'Bir demo kuruluşu deneyin',
  'baseSignup.demoIntro':
    'Keşfetmeniz için size ait bir kuruluş edinin: uygulama ekleyin, kullanıcı davet edin, oturum açma politikasını ve görünümü değiştirin. Yöneticisi {email} demo adresidir, bu yüzden hiçbir e-posta kimseye ulaşmaz; kuruluş {lifetime} boyunca var olur, ardından içindeki her şeyle birlikte silinir. Lütfen gerçek kişilerin bilgilerini girmeyin.',
  'baseSignup.startDemo': 'Demoyu başlat',
  'baseSignup.freeTrial': 'Kuruluşunuzu tutmak mı istiyorsunuz? Ücretsiz denemeye başlayın',
  'baseSignup.organisationSignInIntro': 'Oturum açma sayfasına gitmek için kuruluşunuzun adını girin.',
  'baseSignup.organisationNamePlaceholder': 'ad',
  'baseSignup.notSignedUpYet': 'Henüz kaydolmadınız mı?',
  'help.title': 'Yardım',
  'help.intro': 'Sık sorulan soruların yanıtları ve bize nasıl ulaşabileceğiniz.',
  'help.organisationIntro': '{org} hizmetinde oturum açmayla ilgili sık sorulan soruların yanıtları.',
  'help.freePackageHeading': 'Ücretsiz Starter paketi',
  'help.freePackage1':
    'Her kuruluş, {users} kayıtlı kullanıcıya kadar ücretsiz olan Starter paketiyle başlar: kuruluşunuzun renklerinde oturum açma ve kaydolma sayfaları, iki adımlı doğrulama, oturum açma politikaları ve ihtiyacınız olan sayıda uygulama için kuruluşa ait bir OpenID Connect sağlayıcısı.',
  'help.freePackage2': 'Kuruluşunuz paketin sınırları içinde kaldığı sürece ücretsiz kalır.',
  'help.currentPackage': 'Kuruluşunuz {tier} paketini kullanıyor.',
  'help.termsLink': 'Kullanım şartları ve koşulları',
  'help.recoveryHeading': 'Şifrenizi mi unuttunuz, yoksa hesabınız mı kilitlendi?',
  'help.recovery1':
    'Oturum açma sayfasında "Şifrenizi mi unuttunuz?" seçeneğini belirleyip e-posta adresinizi girin: yeni bir şifre seçmeniz için size e-postayla bir kod göndeririz. Kod {minutes} dakika boyunca, bir kez ve yalnızca istediğiniz tarayıcıda geçerlidir.',
  'help.recovery2':
    'Art arda birkaç yanlış şifreden sonra hesabınızı korumak için oturum açma bir süre duraklatılır: bekleyin, sonra yeniden deneyin. Daha fazla denemeden sonra hesap kilitlenir ve kilidi yalnızca kuruluşunuzun bir yöneticisi açabilir: yöneticiye başvurun, ardından yeniden oturum açın.',
  'help.recoverAccount': 'Hesabınızı kurtarın',
  'help.mfaHeading': 'İki adımlı doğrulama (MFA)',
  'help.mfa1':
    'MFA, şifrenizden sonra ikinci bir kanıt ister: bir doğrulama uygulamasından kod (önerilir) veya kuruluşunuz izin veriyorsa SMS ya da e-postayla gelen bir kod. Şifrenizi öğrenen biri yine de sizin yerinize oturum açamaz.',
  'help.mfa2':
    'Oturum açtıktan sonra menüdeki MFA bölümünden ayarlayın. Size gösterilen kurtarma kodlarını güvenli bir yerde saklayın: telefonunuzu kaybederseniz her biri bir kez çalışır.',
  'help.setUpMfa': 'MFA’yı ayarlayın',
  'help.supportMessageHeading': '{org} desteği',
  'help.clientsHeading': 'Uygulamalarınız',
  'help.clientsIntro': 'Kuruluşunuzun uygulamaları. Yönetici olarak hepsinde oturum açabilirsiniz.',
  'help.noLandingPage': 'Açılış sayfası yok',
  'help.oidcHeading': 'Bir uygulamayı bağlama (OpenID Connect)',
  'help.oidcIntro':
    'Kuruluşunuz kendi başına bir OpenID Provider’dır. İstemci kimliğini ve gizli anahtarını almak için uygulamayı Uygulamalar bölümünden ekleyin ve tam yönlendirme URI’lerini kaydedin. Sertifikalı her OpenID Connect kitaplığı bundan sonra yalnızca yayıncıya (issuer) ihtiyaç duyar: geri kalan her şeyi keşif URL’sinde bulur.',
  'help.oidcExampleHeading': 'Adım adım bir örnek: PKCE ile authorization code akışı',
  'help.oidcStep1':
    'Rastgele bir code verifier ve state oluşturun, bunları kullanıcının oturumunda saklayın ve tarayıcıyı, verifier’ın SHA-256 (base64url) değerini code challenge olarak vererek yetkilendirme uç noktasına gönderin:',
  'help.oidcStep2':
    'Gatehouse kullanıcının oturumunu açar ve tarayıcıyı ?code=…&state=… ile yönlendirme URI’nize geri gönderir. State’in sizin olduğunu kontrol edin, ardından kodu sunucunuzdan bir dakika içinde, bir kez takas edin:',
  'help.oidcStep3':
    'Yanıt bir kimlik belirteci (bir JWT: imzasını JWKS URI’sindeki anahtarlarla, ayrıca iss, aud ve nonce değerlerini kontrol edin), userinfo uç noktası için bir erişim belirteci ve offline_access kapsamını prompt=consent ile istediyseniz bir yenileme belirteci içerir.',
  'help.manageApplications': 'Uygulamaları yönetin',
  'help.apiHeading': 'Gatehouse API’si',
  'help.apiIntro':
    'Bu ekranların yaptığı her şey belgelenmiş bir API üzerinden yapılır: her işlem, parametreleri, yanıtları ve hataları, kimlerin çağırabileceği OpenAPI 3.1 ile açıklanmıştır.',
  'help.apiReference': 'API başvurusuna göz atın',
  'help.apiDocument': 'OpenAPI belgesi (JSON)',
  'help.contactHeading': 'Bize ulaşın',
  'help.contactIntro': 'Bir sorunuz, sorununuz veya fikriniz mi var? Bize bir mesaj gönderin, e-postayla yanıt verelim.',
  'help.contactAddress': '[{address}](mailto:{address}) adresine de yazabilirsiniz.',
  'help.contactSignedIn': 'Bir sorunuz, sorununuz veya fikriniz mi var? Bize bir mesaj gönderin, {email} adresine yanıt verelim.',
  'help.emailAddress': 'E-posta adresi',
  'help.message': 'Mesaj',
  'help.messageHint': 'En fazla {max} karakter.',
  'help.send': 'Gönder',
  'connection.continueWith': '{name} ile devam et',
  'connection.orDivider': 'veya',
  'connection.homeRealm': 'Kuruluşunuz oturumunuzu {name} ile açar.',
  'connection.passwordNotAllowedAny': 'Kuruluşunuz oturumunuzu şifreyle değil, kimlik sağlayıcısıyla açar.',
  'connection.usePassword': 'Bunun yerine şifremi kullan',
  'connection.passwordNotAllowed': 'Kuruluşunuz oturumunuzu {name} ile açar. Şifre yerine "{name} ile devam et" seçeneğini kullanın.',
  'connection.reference': 'Başvuru numarası: {id}',
  'connection.refusals.provider_refused': 'Kimlik sağlayıcı oturumunuzu açmadı. Yeniden deneyin veya şifrenizle oturum açın.',
  'connection.refusals.not_verified': 'Kimlik sağlayıcının yanıtı doğrulanamadığı için oturumunuz açılmadı. Lütfen yeniden deneyin.',
  'connection.refusals.expired': 'Oturum açma çok uzun sürdü veya başka bir tarayıcıda başlatıldı. Lütfen baştan başlayın.',
  'connection.refusals.domain_not_allowed': 'Bu kimlik sağlayıcı, e-posta alan adınızdaki hesapların burada oturumunu açamaz.',
  'connection.refusals.no_account':
    'Burada size ait bir hesap yok ve bu kuruluş ilk oturum açmada hesap oluşturmuyor. Yöneticinizden bir davet isteyin.',
  'connection.refusals.account_unavailable': 'Hesabınız şu anda oturum açamıyor. Yöneticinize başvurun.',
  'connection.refusals.email_taken':
    'E-posta adresinizle bir hesap zaten var ve bu kimlik sağlayıcıya bağlı değil. Şifrenizle oturum açın veya yöneticinize sorun.',
  'connection.refusals.email_not_verified':
    'Kimlik sağlayıcı e-posta adresinizi onaylamadığı için burada sizin için hesap oluşturulamadı veya bağlanamadı. Yöneticinize sorun.',
  'connection.refusals.user_limit': 'Bu kuruluş şu anda daha fazla kullanıcı alamıyor. Yöneticinize başvurun.',
  'connection.refusals.second_step_required':
    'Hesabınız ikinci adımı gerektiriyor ve kimlik sağlayıcı bunu onaylamadı. Bunun yerine şifrenizle oturum açın.',
  'connection.refusals.unavailable': 'Kimlik sağlayıcıya ulaşılamadı. Lütfen daha sonra yeniden deneyin.',
  'connection.refusals.connection_unavailable':
    'Bu oturum açma bağlantısı artık kullanılamıyor. Başka bir yolla oturum açın veya yöneticinize başvurun.',
  'publicPage.redirecting': 'Yönlendiriliyor...',
  'publicPage.contents': 'İçindekiler',
  'challenge.required': 'Lütfen robot olmadığınızı onaylayın ve tekrar deneyin',
  'challenge.failed': 'Doğrulama onaylanamadı, lütfen tekrar deneyin',
  'challenge.widget.label': 'Ben robot değilim',
  'challenge.widget.verifying': 'Robot olmadığım doğrulanıyor…',
  'challenge.widget.verified': 'Onaylandı: Ben robot değilim',
  'challenge.widget.error': 'Doğrulama başarısız oldu, lütfen tekrar deneyin',
  'challenge.widget.expired': 'Doğrulamanın süresi doldu, lütfen tekrar deneyin',
  'challenge.widget.verificationRequired': 'Lütfen doğrulama bitene kadar bekleyin',
  'challenge.widget.waitAlert': 'Doğrulanıyor, lütfen bekleyin…',
  'challenge.widget.loading': 'Yükleniyor…',
  'challenge.widget.reload': 'Tekrar dene',
  'challenge.widget.verify': 'Doğrula',
} satisfies PublicCatalog;
