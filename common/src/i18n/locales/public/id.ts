/** Bahasa Indonesia, halaman publik dan pendaftaran. Sapaan "Anda"; glosarium: docs/i18n-glossaries-more.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Selamat datang di {product}',
  'baseSignup.intro':
    'Masuk, pendaftaran, dan verifikasi dua langkah untuk aplikasi organisasi Anda, dengan penyedia OpenID Connect milik organisasi sendiri. Paket Starter gratis untuk hingga {users} pengguna.',
  'baseSignup.emailStep':
    'Masukkan alamat email Anda dan kami akan mengirimkan tautan untuk menyiapkan organisasi Anda. Anda akan menjadi administratornya.',
  'baseSignup.emailAddress': 'Alamat email',
  'baseSignup.getStarted': 'Mulai',
  'baseSignup.tryDemo': 'Coba demo dulu',
  'baseSignup.checkYourEmailHeading': 'Periksa email Anda',
  'baseSignup.checkYourEmail':
    'Kami telah mengirimkan tautan ke {email}. Buka tautan itu untuk memilih nama organisasi Anda. Tautan berlaku selama {lifetime}.',
  'baseSignup.checkingLink': 'Memeriksa tautan Anda...',
  'baseSignup.linkInvalid': 'Tautan pendaftaran ini sudah kedaluwarsa atau sudah digunakan. Silakan mulai lagi.',
  'baseSignup.startAgain': 'Mulai lagi',
  'baseSignup.organisationHeading': 'Masukkan nama organisasi Anda',
  'baseSignup.organisationName': 'Nama organisasi',
  'baseSignup.organisationNameHint':
    'Organisasi Anda akan berada di nama.{baseHostname}: huruf kecil, angka, dan tanda hubung, hingga 63 karakter.',
  'baseSignup.signingUpAs': 'Administrator:',
  'baseSignup.demoNotice': 'Ini adalah organisasi demo: organisasi ini ada selama {lifetime}, lalu dihapus beserta seluruh isinya.',
  'baseSignup.finish': 'Selesai',
  'baseSignup.demoHeading': 'Coba organisasi demo',
  'baseSignup.demoIntro':
    'Dapatkan organisasi sendiri untuk dijelajahi: tambahkan aplikasi, undang pengguna, dan ubah kebijakan masuk serta tampilannya. Administratornya adalah alamat demo {email}, jadi tidak ada email yang sampai ke siapa pun; organisasi ini ada selama {lifetime}, lalu dihapus beserta seluruh isinya. Jangan masukkan data orang sungguhan.',
  'baseSignup.startDemo': 'Mulai demo',
  'baseSignup.freeTrial': 'Ingin mempertahankan organisasi Anda? Mulai uji coba gratis',
  'baseSignup.organisationSignInIntro': 'Masukkan nama organisasi Anda untuk membuka halaman masuknya.',
  'baseSignup.organisationNamePlaceholder': 'nama',
  'baseSignup.notSignedUpYet': 'Belum mendaftar?',
  'help.title': 'Bantuan',
  'help.intro': 'Jawaban atas pertanyaan umum, dan cara menghubungi kami.',
  'help.organisationIntro': 'Jawaban atas pertanyaan umum tentang masuk ke {org}.',
  'help.freePackageHeading': 'Paket Starter gratis',
  'help.freePackage1':
    'Setiap organisasi dimulai dengan paket Starter, gratis untuk hingga {users} pengguna terdaftar: halaman masuk dan pendaftaran dengan warna organisasi Anda, verifikasi dua langkah, kebijakan masuk, dan penyedia OpenID Connect milik organisasi sendiri untuk aplikasi sebanyak yang Anda perlukan.',
  'help.freePackage2': 'Paket ini tetap gratis selama organisasi Anda masih dalam batasnya.',
  'help.currentPackage': 'Organisasi Anda menggunakan paket {tier}.',
  'help.termsLink': 'Syarat dan ketentuan penggunaan',
  'help.recoveryHeading': 'Lupa kata sandi, atau akun terkunci?',
  'help.recovery1':
    'Pilih "Lupa kata sandi?" di halaman masuk dan masukkan alamat email Anda: kami akan mengirimkan kode melalui email untuk memilih kata sandi baru. Kode berlaku selama {minutes} menit, satu kali, di browser tempat Anda memintanya.',
  'help.recovery2':
    'Setelah beberapa kali salah memasukkan kata sandi berturut-turut, proses masuk dijeda sebentar untuk melindungi akun Anda: tunggu, lalu coba lagi. Jika lebih banyak lagi, akun akan dikunci dan hanya administrator organisasi Anda yang dapat membukanya: mintalah kepada mereka, lalu masuk lagi.',
  'help.recoverAccount': 'Pulihkan akun Anda',
  'help.mfaHeading': 'Verifikasi dua langkah (MFA)',
  'help.mfa1':
    'MFA meminta bukti kedua setelah kata sandi Anda: kode dari aplikasi autentikator (disarankan), atau, jika organisasi Anda mengizinkan, kode melalui SMS atau email. Orang yang mengetahui kata sandi Anda tetap tidak dapat masuk sebagai Anda.',
  'help.mfa2':
    'Setelah masuk, siapkan di menu MFA. Simpan kode pemulihan yang ditampilkan di tempat aman: masing-masing berfungsi satu kali, jika ponsel Anda hilang.',
  'help.setUpMfa': 'Siapkan MFA',
  'help.supportMessageHeading': 'Dukungan dari {org}',
  'help.clientsHeading': 'Aplikasi Anda',
  'help.clientsIntro': 'Aplikasi organisasi Anda. Sebagai administrator, Anda dapat masuk ke semuanya.',
  'help.noLandingPage': 'Tidak ada halaman landas',
  'help.oidcHeading': 'Menghubungkan aplikasi (OpenID Connect)',
  'help.oidcIntro':
    'Organisasi Anda adalah OpenID Provider tersendiri. Tambahkan aplikasi di Aplikasi untuk mendapatkan client id dan secret-nya, lalu daftarkan URI pengalihan yang tepat. Setiap pustaka OpenID Connect bersertifikat kemudian hanya memerlukan issuer: semua yang lain ditemukan di URL discovery.',
  'help.oidcExampleHeading': 'Contoh lengkap: alur authorization code dengan PKCE',
  'help.oidcStep1':
    'Buat code verifier dan state acak, simpan di sesi pengguna, lalu arahkan browser ke endpoint otorisasi dengan SHA-256 (base64url) dari verifier sebagai code challenge:',
  'help.oidcStep2':
    'Gatehouse memasukkan pengguna lalu mengembalikan browser ke URI pengalihan Anda dengan ?code=…&state=…. Pastikan state itu milik Anda, lalu tukarkan kode dari server Anda, dalam satu menit, satu kali:',
  'help.oidcStep3':
    'Jawabannya berisi token ID (sebuah JWT: periksa tanda tangannya dengan kunci di URI JWKS, serta iss, aud, dan nonce-nya), token akses untuk endpoint userinfo, dan, jika Anda meminta scope offline_access dengan prompt=consent, token refresh.',
  'help.manageApplications': 'Kelola aplikasi',
  'help.apiHeading': 'API Gatehouse',
  'help.apiIntro':
    'Semua yang dilakukan layar ini melalui API yang terdokumentasi: setiap operasi, parameter, jawaban, dan galatnya, serta siapa yang boleh memanggilnya, dijelaskan dalam OpenAPI 3.1.',
  'help.apiReference': 'Jelajahi referensi API',
  'help.apiDocument': 'Dokumen OpenAPI (JSON)',
  'help.contactHeading': 'Hubungi kami',
  'help.contactIntro': 'Ada pertanyaan, masalah, atau ide? Kirimi kami pesan dan kami akan membalas melalui email.',
  'help.contactAddress': 'Anda juga dapat menulis ke [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Ada pertanyaan, masalah, atau ide? Kirimi kami pesan dan kami akan membalas ke {email}.',
  'help.emailAddress': 'Alamat email',
  'help.message': 'Pesan',
  'help.messageHint': 'Hingga {max} karakter.',
  'help.send': 'Kirim',
  'connection.continueWith': 'Lanjutkan dengan {name}',
  'connection.orDivider': 'atau',
  'connection.homeRealm': 'Organisasi Anda memasukkan Anda dengan {name}.',
  'connection.passwordNotAllowedAny': 'Organisasi Anda memasukkan Anda dengan penyedia identitasnya, bukan dengan kata sandi.',
  'connection.usePassword': 'Gunakan kata sandi saya saja',
  'connection.passwordNotAllowed': 'Organisasi Anda memasukkan Anda dengan {name}. Gunakan "Lanjutkan dengan {name}" alih-alih kata sandi.',
  'connection.reference': 'Referensi: {id}',
  'connection.refusals.provider_refused': 'Penyedia identitas tidak memasukkan Anda. Coba lagi, atau masuk dengan kata sandi Anda.',
  'connection.refusals.not_verified': 'Jawaban penyedia identitas tidak dapat diverifikasi, sehingga Anda tidak masuk. Silakan coba lagi.',
  'connection.refusals.expired': 'Proses masuk terlalu lama atau dimulai di browser lain. Silakan mulai lagi.',
  'connection.refusals.domain_not_allowed': 'Penyedia identitas ini tidak dapat memasukkan akun dengan domain email Anda di sini.',
  'connection.refusals.no_account':
    'Tidak ada akun untuk Anda di sini, dan organisasi ini tidak membuat akun saat pertama kali masuk. Mintalah undangan kepada administrator Anda.',
  'connection.refusals.account_unavailable': 'Akun Anda tidak dapat masuk saat ini. Hubungi administrator Anda.',
  'connection.refusals.email_taken':
    'Akun dengan email Anda sudah ada dan tidak terhubung ke penyedia identitas ini. Masuk dengan kata sandi Anda, atau tanyakan kepada administrator Anda.',
  'connection.refusals.email_not_verified':
    'Penyedia identitas tidak mengonfirmasi alamat email Anda, sehingga tidak ada akun yang dapat dibuat atau dihubungkan untuk Anda di sini. Tanyakan kepada administrator Anda.',
  'connection.refusals.user_limit': 'Organisasi ini tidak dapat menerima pengguna lagi saat ini. Hubungi administrator Anda.',
  'connection.refusals.second_step_required':
    'Akun Anda memerlukan langkah kedua, yang tidak dikonfirmasi oleh penyedia identitas. Masuk dengan kata sandi Anda saja.',
  'connection.refusals.unavailable': 'Penyedia identitas tidak dapat dijangkau. Silakan coba lagi nanti.',
  'connection.refusals.connection_unavailable':
    'Koneksi masuk ini tidak lagi tersedia. Masuk dengan cara lain, atau hubungi administrator Anda.',
  'publicPage.redirecting': 'Mengalihkan...',
  'publicPage.contents': 'Daftar isi',
  'challenge.required': 'Konfirmasikan bahwa Anda bukan robot, lalu coba lagi',
  'challenge.failed': 'Pemeriksaan tidak dapat dikonfirmasi, silakan coba lagi',
  'challenge.widget.label': 'Saya bukan robot',
  'challenge.widget.verifying': 'Memeriksa bahwa saya bukan robot…',
  'challenge.widget.verified': 'Terkonfirmasi: saya bukan robot',
  'challenge.widget.error': 'Pemeriksaan gagal, silakan coba lagi',
  'challenge.widget.expired': 'Pemeriksaan kedaluwarsa, silakan coba lagi',
  'challenge.widget.verificationRequired': 'Harap tunggu hingga pemeriksaan selesai',
  'challenge.widget.waitAlert': 'Memeriksa, harap tunggu…',
  'challenge.widget.loading': 'Memuat…',
  'challenge.widget.reload': 'Coba lagi',
  'challenge.widget.verify': 'Periksa',
} satisfies PublicCatalog;
