/** Polski, strony publiczne i rejestracja. Forma „ty”; słowniczek: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Witamy w {product}',
  'baseSignup.intro':
    'Logowanie, rejestracja i weryfikacja dwuetapowa dla aplikacji Twojej organizacji, z własnym dostawcą OpenID Connect. Pakiet Starter jest bezpłatny dla maksymalnie {users} użytkowników.',
  'baseSignup.emailStep': 'Wpisz swój adres e-mail, a wyślemy Ci link do skonfigurowania organizacji. Zostaniesz jej administratorem.',
  'baseSignup.emailAddress': 'Adres e-mail',
  'baseSignup.getStarted': 'Zacznij',
  'baseSignup.tryDemo': 'Najpierw wypróbuj wersję demo',
  'baseSignup.checkYourEmailHeading': 'Sprawdź pocztę',
  'baseSignup.checkYourEmail':
    'Wysłaliśmy link na adres {email}. Otwórz go, aby wybrać nazwę organizacji. Link jest ważny przez {lifetime}.',
  'baseSignup.checkingLink': 'Sprawdzanie linku...',
  'baseSignup.linkInvalid': 'Ten link rejestracyjny wygasł lub został już użyty. Zacznij od nowa.',
  'baseSignup.startAgain': 'Zacznij od nowa',
  'baseSignup.organisationHeading': 'Podaj nazwę swojej organizacji',
  'baseSignup.organisationName': 'Nazwa organizacji',
  'baseSignup.organisationNameHint':
    'Twoja organizacja będzie pod adresem nazwa.{baseHostname}: małe litery, cyfry i łączniki, maksymalnie 63 znaki.',
  'baseSignup.signingUpAs': 'Administrator:',
  'baseSignup.demoNotice':
    'To jest organizacja demonstracyjna: istnieje przez {lifetime}, a potem zostaje usunięta wraz z całą zawartością.',
  'baseSignup.finish': 'Zakończ',
  'baseSignup.demoHeading': 'Wypróbuj organizację demonstracyjną',
  'baseSignup.demoIntro':
    'Otrzymaj własną organizację do poznania: dodawaj aplikacje, zapraszaj użytkowników i zmieniaj zasady logowania oraz wygląd. Jej administratorem jest adres demonstracyjny {email}, więc żaden e-mail do nikogo nie trafia; organizacja istnieje przez {lifetime}, a potem zostaje usunięta wraz z całą zawartością. Nie wpisuj danych prawdziwych osób.',
  'baseSignup.startDemo': 'Uruchom demo',
  'baseSignup.freeTrial': 'Chcesz zachować organizację? Rozpocznij bezpłatny okres próbny',
  'baseSignup.organisationSignInIntro': 'Wpisz nazwę swojej organizacji, aby przejść do jej strony logowania.',
  'baseSignup.organisationNamePlaceholder': 'nazwa',
  'baseSignup.notSignedUpYet': 'Nie masz jeszcze konta?',
  'help.title': 'Pomoc',
  'help.intro': 'Odpowiedzi na częste pytania i sposób kontaktu z nami.',
  'help.organisationIntro': 'Odpowiedzi na częste pytania o logowanie w {org}.',
  'help.freePackageHeading': 'Bezpłatny pakiet Starter',
  'help.freePackage1':
    'Każda organizacja zaczyna od pakietu Starter, bezpłatnego dla maksymalnie {users} zarejestrowanych użytkowników: strony logowania i rejestracji w kolorach Twojej organizacji, weryfikacja dwuetapowa, zasady logowania i własny dostawca OpenID Connect dla tylu aplikacji, ilu potrzebujesz.',
  'help.freePackage2': 'Pozostaje bezpłatny, dopóki Twoja organizacja mieści się w jego limitach.',
  'help.currentPackage': 'Twoja organizacja korzysta z pakietu {tier}.',
  'help.termsLink': 'Warunki korzystania',
  'help.recoveryHeading': 'Nie pamiętasz hasła lub konto jest zablokowane?',
  'help.recovery1':
    'Wybierz „Nie pamiętasz hasła?” na stronie logowania i wpisz swój adres e-mail: wyślemy Ci e-mailem kod do ustawienia nowego hasła. Kod jest ważny przez {minutes} min, jeden raz, w przeglądarce, w której o niego poproszono.',
  'help.recovery2':
    'Po kilku błędnych hasłach z rzędu logowanie zostaje na chwilę wstrzymane, aby chronić Twoje konto: odczekaj i spróbuj ponownie. Po kolejnych próbach konto zostaje zablokowane i tylko administrator Twojej organizacji może je odblokować: poproś go o to, a potem zaloguj się ponownie.',
  'help.recoverAccount': 'Odzyskaj konto',
  'help.mfaHeading': 'Weryfikacja dwuetapowa (MFA)',
  'help.mfa1':
    'MFA wymaga drugiego dowodu po haśle: kodu z aplikacji uwierzytelniającej (zalecane) lub, jeśli Twoja organizacja na to pozwala, kodu SMS-em albo e-mailem. Ktoś, kto pozna Twoje hasło, nadal nie zaloguje się jako Ty.',
  'help.mfa2':
    'Po zalogowaniu skonfiguruj ją w menu, w sekcji MFA. Przechowuj wyświetlone kody odzyskiwania w bezpiecznym miejscu: każdy działa jeden raz, na wypadek utraty telefonu.',
  'help.setUpMfa': 'Skonfiguruj MFA',
  'help.supportMessageHeading': 'Pomoc od {org}',
  'help.clientsHeading': 'Twoje aplikacje',
  'help.clientsIntro': 'Aplikacje Twojej organizacji. Jako administrator możesz zalogować się do każdej z nich.',
  'help.noLandingPage': 'Brak strony startowej',
  'help.oidcHeading': 'Podłączanie aplikacji (OpenID Connect)',
  'help.oidcIntro':
    'Twoja organizacja jest własnym dostawcą OpenID. Dodaj aplikację w sekcji Aplikacje, aby otrzymać jej identyfikator klienta i sekret, i zarejestruj jej dokładne adresy URI przekierowania. Każda certyfikowana biblioteka OpenID Connect potrzebuje wtedy tylko wystawcy (issuer): resztę znajdzie pod adresem URL wykrywania.',
  'help.oidcExampleHeading': 'Przykład krok po kroku: przepływ authorization code z PKCE',
  'help.oidcStep1':
    'Wygeneruj losowy code verifier i state, zapisz je w sesji użytkownika i przekieruj przeglądarkę do punktu końcowego autoryzacji z SHA-256 (base64url) verifiera jako code challenge:',
  'help.oidcStep2':
    'Gatehouse loguje użytkownika i odsyła przeglądarkę na Twój URI przekierowania z ?code=…&state=…. Sprawdź, czy state jest Twój, a potem wymień kod ze swojego serwera, w ciągu minuty, jeden raz:',
  'help.oidcStep3':
    'Odpowiedź zawiera token ID (JWT: sprawdź jego podpis kluczami spod URI JWKS oraz pola iss, aud i nonce), token dostępu do punktu końcowego userinfo oraz, jeśli poproszono o zakres offline_access z prompt=consent, token odświeżania.',
  'help.manageApplications': 'Zarządzaj aplikacjami',
  'help.apiHeading': 'API Gatehouse',
  'help.apiIntro':
    'Wszystko, co robią te ekrany, przechodzi przez udokumentowane API: każda operacja, jej parametry, odpowiedzi i błędy oraz to, kto może ją wywołać, opisane w OpenAPI 3.1.',
  'help.apiReference': 'Przeglądaj dokumentację API',
  'help.apiDocument': 'Dokument OpenAPI (JSON)',
  'help.contactHeading': 'Kontakt',
  'help.contactIntro': 'Pytanie, problem lub pomysł? Wyślij nam wiadomość, a odpowiemy e-mailem.',
  'help.contactAddress': 'Możesz też napisać na adres [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Pytanie, problem lub pomysł? Wyślij nam wiadomość, a odpowiemy na adres {email}.',
  'help.emailAddress': 'Adres e-mail',
  'help.message': 'Wiadomość',
  'help.messageHint': 'Maksymalnie {max} znaków.',
  'help.send': 'Wyślij',
  'connection.continueWith': 'Kontynuuj z {name}',
  'connection.orDivider': 'lub',
  'connection.homeRealm': 'Twoja organizacja loguje Cię przez {name}.',
  'connection.passwordNotAllowedAny': 'Twoja organizacja loguje Cię przez swojego dostawcę tożsamości, a nie hasłem.',
  'connection.usePassword': 'Użyj jednak mojego hasła',
  'connection.passwordNotAllowed': 'Twoja organizacja loguje Cię przez {name}. Zamiast hasła użyj opcji „Kontynuuj z {name}”.',
  'connection.reference': 'Identyfikator: {id}',
  'connection.refusals.provider_refused': 'Dostawca tożsamości Cię nie zalogował. Spróbuj ponownie lub zaloguj się hasłem.',
  'connection.refusals.not_verified':
    'Nie udało się zweryfikować odpowiedzi dostawcy tożsamości, więc logowanie nie nastąpiło. Spróbuj ponownie.',
  'connection.refusals.expired': 'Logowanie trwało zbyt długo lub rozpoczęto je w innej przeglądarce. Zacznij od nowa.',
  'connection.refusals.domain_not_allowed': 'Ten dostawca tożsamości nie może tutaj logować kont z Twoją domeną e-mail.',
  'connection.refusals.no_account':
    'Nie masz tu konta, a ta organizacja nie tworzy kont przy pierwszym logowaniu. Poproś administratora o zaproszenie.',
  'connection.refusals.account_unavailable': 'Twoje konto nie może się teraz zalogować. Skontaktuj się z administratorem.',
  'connection.refusals.email_taken':
    'Konto z Twoim adresem e-mail już istnieje i nie jest połączone z tym dostawcą tożsamości. Zaloguj się hasłem lub zapytaj administratora.',
  'connection.refusals.email_not_verified':
    'Dostawca tożsamości nie potwierdził Twojego adresu e-mail, więc nie można było tu utworzyć ani połączyć konta. Zapytaj administratora.',
  'connection.refusals.user_limit': 'Ta organizacja nie może teraz przyjąć więcej użytkowników. Skontaktuj się z administratorem.',
  'connection.refusals.second_step_required':
    'Twoje konto wymaga drugiego etapu, którego dostawca tożsamości nie potwierdził. Zaloguj się zamiast tego hasłem.',
  'connection.refusals.unavailable': 'Nie można połączyć się z dostawcą tożsamości. Spróbuj ponownie później.',
  'connection.refusals.connection_unavailable':
    'To połączenie logowania nie jest już dostępne. Zaloguj się w inny sposób lub skontaktuj się z administratorem.',
  'publicPage.redirecting': 'Przekierowywanie...',
  'publicPage.contents': 'Spis treści',
  'challenge.required': 'Potwierdź, że nie jesteś robotem, i spróbuj ponownie',
  'challenge.failed': 'Nie udało się potwierdzić weryfikacji. Spróbuj ponownie',
  'challenge.widget.label': 'Nie jestem robotem',
  'challenge.widget.verifying': 'Sprawdzanie, czy nie jestem robotem…',
  'challenge.widget.verified': 'Potwierdzono: nie jestem robotem',
  'challenge.widget.error': 'Weryfikacja nie powiodła się. Spróbuj ponownie',
  'challenge.widget.expired': 'Weryfikacja wygasła. Spróbuj ponownie',
  'challenge.widget.verificationRequired': 'Poczekaj na zakończenie weryfikacji',
  'challenge.widget.waitAlert': 'Trwa sprawdzanie, poczekaj…',
  'challenge.widget.loading': 'Ładowanie…',
  'challenge.widget.reload': 'Spróbuj ponownie',
  'challenge.widget.verify': 'Sprawdź',
} satisfies PublicCatalog;
