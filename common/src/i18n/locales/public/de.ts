/** Deutsch, öffentliche Seiten und Registrierung. Anrede „Sie“; Glossar: docs/i18n.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Willkommen bei {product}',
  'baseSignup.intro':
    'Anmeldung, Registrierung und Zwei-Faktor-Authentifizierung für die Anwendungen Ihrer Organisation, mit einem eigenen OpenID-Connect-Anbieter. Das Starter-Paket ist für bis zu {users} Benutzer kostenlos.',
  'baseSignup.emailStep':
    'Geben Sie Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, mit dem Sie Ihre Organisation einrichten. Sie werden deren Administrator.',
  'baseSignup.emailAddress': 'E-Mail-Adresse',
  'baseSignup.getStarted': 'Jetzt starten',
  'baseSignup.tryDemo': 'Zuerst die Demo ausprobieren',
  'baseSignup.checkYourEmailHeading': 'Prüfen Sie Ihre E-Mails',
  'baseSignup.checkYourEmail':
    'Wir haben einen Link an {email} gesendet. Öffnen Sie ihn, um den Namen Ihrer Organisation festzulegen. Der Link ist {lifetime} lang gültig.',
  'baseSignup.checkingLink': 'Ihr Link wird geprüft …',
  'baseSignup.linkInvalid': 'Dieser Registrierungslink ist abgelaufen oder wurde bereits verwendet. Bitte beginnen Sie erneut.',
  'baseSignup.startAgain': 'Erneut beginnen',
  'baseSignup.organisationHeading': 'Bitte geben Sie den Namen Ihrer Organisation an',
  'baseSignup.organisationName': 'Name der Organisation',
  'baseSignup.organisationNameHint':
    'Ihre Organisation ist unter name.{baseHostname} erreichbar: Kleinbuchstaben, Ziffern und Bindestriche, höchstens 63 Zeichen.',
  'baseSignup.signingUpAs': 'Administrator:',
  'baseSignup.demoNotice':
    'Dies ist eine Demo-Organisation: Sie besteht {lifetime} lang und wird dann samt ihrem gesamten Inhalt gelöscht.',
  'baseSignup.finish': 'Fertigstellen',
  'baseSignup.demoHeading': 'Eine Demo-Organisation ausprobieren',
  'baseSignup.demoIntro':
    'Erhalten Sie eine eigene Organisation zum Erkunden: Fügen Sie Anwendungen hinzu, laden Sie Benutzer ein und ändern Sie die Anmelderichtlinie und das Erscheinungsbild. Ihr Administrator ist die Demo-Adresse {email}, daher erreicht niemanden eine E-Mail; die Organisation besteht {lifetime} lang und wird dann samt ihrem gesamten Inhalt gelöscht. Bitte geben Sie keine Daten echter Personen ein.',
  'baseSignup.startDemo': 'Demo starten',
  'baseSignup.freeTrial': 'Möchten Sie Ihre Organisation behalten? Starten Sie eine kostenlose Testphase',
  'baseSignup.organisationSignInIntro': 'Geben Sie den Namen Ihrer Organisation ein, um zu deren Anmeldeseite zu gelangen.',
  'baseSignup.organisationNamePlaceholder': 'name',
  'baseSignup.notSignedUpYet': 'Noch nicht registriert?',
  'help.title': 'Hilfe',
  'help.intro': 'Antworten auf häufige Fragen und wie Sie uns erreichen.',
  'help.organisationIntro': 'Antworten auf häufige Fragen zur Anmeldung bei {org}.',
  'help.freePackageHeading': 'Das kostenlose Starter-Paket',
  'help.freePackage1':
    'Jede Organisation beginnt mit dem Starter-Paket, kostenlos für bis zu {users} registrierte Benutzer: Anmelde- und Registrierungsseiten in den Farben Ihrer Organisation, Zwei-Faktor-Authentifizierung, Anmelderichtlinien und ein eigener OpenID-Connect-Anbieter für so viele Anwendungen, wie Sie benötigen.',
  'help.freePackage2': 'Es bleibt kostenlos, solange Ihre Organisation innerhalb seiner Grenzen bleibt.',
  'help.currentPackage': 'Ihre Organisation nutzt das Paket {tier}.',
  'help.termsLink': 'Nutzungsbedingungen',
  'help.recoveryHeading': 'Passwort vergessen oder gesperrt?',
  'help.recovery1':
    'Wählen Sie auf der Anmeldeseite „Passwort vergessen?“ und geben Sie Ihre E-Mail-Adresse ein: Wir senden Ihnen per E-Mail einen Code, mit dem Sie ein neues Passwort wählen. Der Code ist {minutes} Minuten lang gültig, einmal, in dem Browser, in dem Sie ihn angefordert haben.',
  'help.recovery2':
    'Nach mehreren falschen Passwörtern in Folge pausiert die Anmeldung eine Weile, um Ihr Konto zu schützen: Warten Sie und versuchen Sie es dann erneut. Nach weiteren Versuchen wird das Konto gesperrt, und nur die Administration Ihrer Organisation kann es entsperren: Wenden Sie sich an sie und melden Sie sich dann erneut an.',
  'help.recoverAccount': 'Konto wiederherstellen',
  'help.mfaHeading': 'Zwei-Faktor-Authentifizierung (MFA)',
  'help.mfa1':
    'MFA verlangt nach Ihrem Passwort einen zweiten Nachweis: einen Code aus einer Authenticator-App (empfohlen) oder, wo Ihre Organisation es erlaubt, einen Code per SMS oder E-Mail. Wer Ihr Passwort erfährt, kann sich trotzdem nicht als Sie anmelden.',
  'help.mfa2':
    'Richten Sie sie nach der Anmeldung im Menü unter MFA ein. Bewahren Sie die angezeigten Wiederherstellungscodes sicher auf: Jeder funktioniert einmal, falls Sie Ihr Telefon verlieren.',
  'help.setUpMfa': 'MFA einrichten',
  'help.supportMessageHeading': 'Support von {org}',
  'help.clientsHeading': 'Ihre Anwendungen',
  'help.clientsIntro': 'Die Anwendungen Ihrer Organisation. Als Administrator können Sie sich bei allen anmelden.',
  'help.noLandingPage': 'Keine Startseite',
  'help.oidcHeading': 'Eine Anwendung anbinden (OpenID Connect)',
  'help.oidcIntro':
    'Ihre Organisation ist ein eigener OpenID Provider. Fügen Sie die Anwendung unter „Anwendungen“ hinzu, um ihre Client-ID und ihr Secret zu erhalten, und registrieren Sie ihre genauen Weiterleitungs-URIs. Jede zertifizierte OpenID-Connect-Bibliothek braucht dann nur noch den Issuer: Alles Weitere findet sie unter der Discovery-URL.',
  'help.oidcExampleHeading': 'Ein durchgerechnetes Beispiel: der Authorization Code Flow mit PKCE',
  'help.oidcStep1':
    'Erzeugen Sie einen zufälligen Code Verifier und State, speichern Sie beide in der Sitzung des Benutzers und leiten Sie den Browser zum Authorization Endpoint, mit dem SHA-256 des Verifiers (base64url) als Code Challenge:',
  'help.oidcStep2':
    'Gatehouse meldet den Benutzer an und leitet den Browser mit ?code=…&state=… zurück zu Ihrer Weiterleitungs-URI. Prüfen Sie, dass der State Ihrer ist, und tauschen Sie den Code dann von Ihrem Server aus ein, innerhalb einer Minute, einmal:',
  'help.oidcStep3':
    'Die Antwort enthält ein ID-Token (ein JWT: Prüfen Sie seine Signatur mit den Schlüsseln unter der JWKS-URI sowie iss, aud und nonce), ein Access Token für den Userinfo-Endpoint und, wenn Sie den Scope offline_access mit prompt=consent angefordert haben, ein Refresh Token.',
  'help.manageApplications': 'Anwendungen verwalten',
  'help.apiHeading': 'Die Gatehouse-API',
  'help.apiIntro':
    'Alles, was diese Seiten tun, läuft über eine dokumentierte API: jede Operation, ihre Parameter, Antworten und Fehler und wer sie aufrufen darf, beschrieben in OpenAPI 3.1.',
  'help.apiReference': 'API-Referenz ansehen',
  'help.apiDocument': 'OpenAPI-Dokument (JSON)',
  'help.contactHeading': 'Kontakt',
  'help.contactIntro': 'Eine Frage, ein Problem oder eine Idee? Senden Sie uns eine Nachricht, wir antworten per E-Mail.',
  'help.contactAddress': 'Sie können auch an [{address}](mailto:{address}) schreiben.',
  'help.contactSignedIn': 'Eine Frage, ein Problem oder eine Idee? Senden Sie uns eine Nachricht, wir antworten an {email}.',
  'help.emailAddress': 'E-Mail-Adresse',
  'help.message': 'Nachricht',
  'help.messageHint': 'Höchstens {max} Zeichen.',
  'help.send': 'Senden',
  'connection.continueWith': 'Weiter mit {name}',
  'connection.orDivider': 'oder',
  'connection.homeRealm': 'Ihre Organisation meldet Sie über {name} an.',
  'connection.passwordNotAllowedAny': 'Ihre Organisation meldet Sie über ihren Identitätsanbieter an, nicht mit einem Passwort.',
  'connection.usePassword': 'Stattdessen mein Passwort verwenden',
  'connection.passwordNotAllowed': 'Ihre Organisation meldet Sie über {name} an. Verwenden Sie „Weiter mit {name}“ statt eines Passworts.',
  'connection.reference': 'Referenz: {id}',
  'connection.refusals.provider_refused':
    'Der Identitätsanbieter hat Sie nicht angemeldet. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
  'connection.refusals.not_verified':
    'Die Antwort des Identitätsanbieters konnte nicht überprüft werden, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut.',
  'connection.refusals.expired':
    'Die Anmeldung hat zu lange gedauert oder wurde in einem anderen Browser begonnen. Bitte beginnen Sie erneut.',
  'connection.refusals.domain_not_allowed': 'Dieser Identitätsanbieter kann hier keine Konten mit Ihrer E-Mail-Domain anmelden.',
  'connection.refusals.no_account':
    'Hier gibt es kein Konto für Sie, und diese Organisation erstellt bei der ersten Anmeldung keine Konten. Bitten Sie Ihre Administration um eine Einladung.',
  'connection.refusals.account_unavailable': 'Ihr Konto kann sich derzeit nicht anmelden. Wenden Sie sich an Ihre Administration.',
  'connection.refusals.email_taken':
    'Ein Konto mit Ihrer E-Mail-Adresse existiert bereits und ist nicht mit diesem Identitätsanbieter verknüpft. Melden Sie sich mit Ihrem Passwort an oder wenden Sie sich an Ihre Administration.',
  'connection.refusals.email_not_verified':
    'Der Identitätsanbieter hat Ihre E-Mail-Adresse nicht bestätigt, daher konnte hier kein Konto für Sie erstellt oder verknüpft werden. Wenden Sie sich an Ihre Administration.',
  'connection.refusals.user_limit':
    'Diese Organisation kann derzeit keine weiteren Benutzer aufnehmen. Wenden Sie sich an Ihre Administration.',
  'connection.refusals.second_step_required':
    'Ihr Konto benötigt seinen zweiten Faktor, den der Identitätsanbieter nicht bestätigt hat. Melden Sie sich stattdessen mit Ihrem Passwort an.',
  'connection.refusals.unavailable': 'Der Identitätsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  'connection.refusals.connection_unavailable':
    'Diese Anmeldeverbindung ist nicht mehr verfügbar. Melden Sie sich auf andere Weise an oder wenden Sie sich an Ihre Administration.',
  'publicPage.redirecting': 'Weiterleitung …',
  'publicPage.contents': 'Inhalt',
  'challenge.required': 'Bitte bestätigen Sie, dass Sie kein Roboter sind, und versuchen Sie es erneut',
  'challenge.failed': 'Die Prüfung konnte nicht bestätigt werden, bitte versuchen Sie es erneut',
  'challenge.widget.label': 'Ich bin kein Roboter',
  'challenge.widget.verifying': 'Es wird geprüft, dass ich kein Roboter bin …',
  'challenge.widget.verified': 'Bestätigt: Ich bin kein Roboter',
  'challenge.widget.error': 'Die Prüfung ist fehlgeschlagen, bitte versuchen Sie es erneut',
  'challenge.widget.expired': 'Die Prüfung ist abgelaufen, bitte versuchen Sie es erneut',
  'challenge.widget.verificationRequired': 'Bitte warten Sie, bis die Prüfung abgeschlossen ist',
  'challenge.widget.waitAlert': 'Wird geprüft, bitte warten …',
  'challenge.widget.loading': 'Wird geladen …',
  'challenge.widget.reload': 'Erneut versuchen',
  'challenge.widget.verify': 'Prüfen',
} satisfies PublicCatalog;
