/** Nederlands, openbare pagina's en aanmelden. Aanspreekvorm "je"; woordenlijst: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Welkom bij {product}',
  'baseSignup.intro':
    'Inloggen, registreren en verificatie in twee stappen voor de applicaties van je organisatie, met een eigen OpenID Connect-provider. Het Starter-pakket is gratis voor maximaal {users} gebruikers.',
  'baseSignup.emailStep': 'Voer je e-mailadres in, dan sturen we je een link om je organisatie in te stellen. Jij wordt de beheerder.',
  'baseSignup.emailAddress': 'E-mailadres',
  'baseSignup.getStarted': 'Aan de slag',
  'baseSignup.tryDemo': 'Eerst de demo proberen',
  'baseSignup.checkYourEmailHeading': 'Controleer je e-mail',
  'baseSignup.checkYourEmail':
    'We hebben een link naar {email} gestuurd. Open die om de naam van je organisatie te kiezen. De link is {lifetime} geldig.',
  'baseSignup.checkingLink': 'Je link wordt gecontroleerd...',
  'baseSignup.linkInvalid': 'Deze registratielink is verlopen of al gebruikt. Begin opnieuw.',
  'baseSignup.startAgain': 'Opnieuw beginnen',
  'baseSignup.organisationHeading': 'Geef de naam van je organisatie op',
  'baseSignup.organisationName': 'Naam van de organisatie',
  'baseSignup.organisationNameHint':
    'Je organisatie komt op naam.{baseHostname}: kleine letters, cijfers en koppeltekens, maximaal 63 tekens.',
  'baseSignup.signingUpAs': 'Beheerder:',
  'baseSignup.demoNotice': 'Dit is een demo-organisatie: ze bestaat {lifetime} en wordt daarna met alles erin verwijderd.',
  'baseSignup.finish': 'Voltooien',
  'baseSignup.demoHeading': 'Probeer een demo-organisatie',
  'baseSignup.demoIntro':
    'Krijg een eigen organisatie om te verkennen: voeg applicaties toe, nodig gebruikers uit en wijzig het inlogbeleid en de vormgeving. De beheerder is het demo-adres {email}, dus geen e-mail bereikt iemand; de organisatie bestaat {lifetime} en wordt daarna met alles erin verwijderd. Voer geen gegevens van echte personen in.',
  'baseSignup.startDemo': 'Demo starten',
  'baseSignup.freeTrial': 'Wil je je organisatie houden? Start een gratis proefperiode',
  'baseSignup.organisationSignInIntro': 'Voer de naam van je organisatie in om naar de inlogpagina te gaan.',
  'baseSignup.organisationNamePlaceholder': 'naam',
  'baseSignup.notSignedUpYet': 'Nog niet geregistreerd?',
  'help.title': 'Help',
  'help.intro': 'Antwoorden op veelgestelde vragen, en hoe je ons bereikt.',
  'help.organisationIntro': 'Antwoorden op veelgestelde vragen over inloggen bij {org}.',
  'help.freePackageHeading': 'Het gratis Starter-pakket',
  'help.freePackage1':
    'Elke organisatie begint met het Starter-pakket, gratis voor maximaal {users} geregistreerde gebruikers: inlog- en registratiepagina’s in de kleuren van je organisatie, verificatie in twee stappen, inlogbeleid en een eigen OpenID Connect-provider voor zoveel applicaties als je nodig hebt.',
  'help.freePackage2': 'Het blijft gratis zolang je organisatie binnen de grenzen ervan blijft.',
  'help.currentPackage': 'Je organisatie heeft het {tier}-pakket.',
  'help.termsLink': 'Gebruiksvoorwaarden',
  'help.recoveryHeading': 'Wachtwoord vergeten of buitengesloten?',
  'help.recovery1':
    'Kies ‘Wachtwoord vergeten?’ op de inlogpagina en voer je e-mailadres in: we mailen je een code waarmee je een nieuw wachtwoord kiest. De code is {minutes} minuten geldig, één keer, in de browser waarin je hem hebt aangevraagd.',
  'help.recovery2':
    'Na meerdere verkeerde wachtwoorden achter elkaar pauzeert het inloggen even om je account te beschermen: wacht en probeer het dan opnieuw. Daarna wordt het account vergrendeld en kan alleen een beheerder van je organisatie het ontgrendelen: vraag het hun en log dan opnieuw in.',
  'help.recoverAccount': 'Je account herstellen',
  'help.mfaHeading': 'Verificatie in twee stappen (MFA)',
  'help.mfa1':
    'MFA vraagt na je wachtwoord om een tweede bewijs: een code uit een authenticator-app (aanbevolen) of, als je organisatie dat toestaat, een code per sms of e-mail. Wie je wachtwoord te weten komt, kan dan nog steeds niet als jou inloggen.',
  'help.mfa2':
    'Stel het na het inloggen in onder MFA in het menu. Bewaar de herstelcodes die je te zien krijgt op een veilige plek: elke code werkt één keer, voor als je je telefoon kwijtraakt.',
  'help.setUpMfa': 'MFA instellen',
  'help.supportMessageHeading': 'Ondersteuning van {org}',
  'help.clientsHeading': 'Je applicaties',
  'help.clientsIntro': 'De applicaties van je organisatie. Als beheerder kun je bij al deze applicaties inloggen.',
  'help.noLandingPage': 'Geen startpagina',
  'help.oidcHeading': 'Een applicatie koppelen (OpenID Connect)',
  'help.oidcIntro':
    'Je organisatie is een eigen OpenID Provider. Voeg de applicatie toe onder Applicaties om de client-id en het secret te krijgen, en registreer de exacte redirect-URI’s. Elke gecertificeerde OpenID Connect-bibliotheek heeft dan alleen de issuer nodig: de rest vindt ze via de discovery-URL.',
  'help.oidcExampleHeading': 'Een uitgewerkt voorbeeld: de authorization code flow met PKCE',
  'help.oidcStep1':
    'Maak een willekeurige code verifier en state, bewaar ze in de sessie van de gebruiker en stuur de browser naar het authorization endpoint met de SHA-256 (base64url) van de verifier als code challenge:',
  'help.oidcStep2':
    'Gatehouse logt de gebruiker in en stuurt de browser terug naar je redirect-URI met ?code=…&state=…. Controleer of de state van jou is en wissel de code dan vanaf je server in, binnen een minuut, één keer:',
  'help.oidcStep3':
    'Het antwoord bevat een ID-token (een JWT: controleer de handtekening met de sleutels op de JWKS-URI, en iss, aud en nonce), een access token voor het userinfo-endpoint en, als je de scope offline_access met prompt=consent hebt gevraagd, een refresh token.',
  'help.manageApplications': 'Applicaties beheren',
  'help.apiHeading': 'De Gatehouse-API',
  'help.apiIntro':
    'Alles wat deze schermen doen, loopt via een gedocumenteerde API: elke bewerking, de parameters, antwoorden en fouten, en wie hem mag aanroepen, beschreven in OpenAPI 3.1.',
  'help.apiReference': 'De API-referentie bekijken',
  'help.apiDocument': 'OpenAPI-document (JSON)',
  'help.contactHeading': 'Contact',
  'help.contactIntro': 'Een vraag, een probleem of een idee? Stuur ons een bericht, dan antwoorden we per e-mail.',
  'help.contactAddress': 'Je kunt ook schrijven naar [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Een vraag, een probleem of een idee? Stuur ons een bericht, dan antwoorden we naar {email}.',
  'help.emailAddress': 'E-mailadres',
  'help.message': 'Bericht',
  'help.messageHint': 'Maximaal {max} tekens.',
  'help.send': 'Versturen',
  'connection.continueWith': 'Doorgaan met {name}',
  'connection.orDivider': 'of',
  'connection.homeRealm': 'Je organisatie laat je inloggen met {name}.',
  'connection.passwordNotAllowedAny': 'Je organisatie laat je inloggen via haar identiteitsprovider, niet met een wachtwoord.',
  'connection.usePassword': 'Toch mijn wachtwoord gebruiken',
  'connection.passwordNotAllowed':
    'Je organisatie laat je inloggen met {name}. Gebruik ‘Doorgaan met {name}’ in plaats van een wachtwoord.',
  'connection.reference': 'Referentie: {id}',
  'connection.refusals.provider_refused': 'De identiteitsprovider heeft je niet ingelogd. Probeer het opnieuw of log in met je wachtwoord.',
  'connection.refusals.not_verified':
    'Het antwoord van de identiteitsprovider kon niet worden geverifieerd, dus je bent niet ingelogd. Probeer het opnieuw.',
  'connection.refusals.expired': 'Het inloggen duurde te lang of is in een andere browser begonnen. Begin opnieuw.',
  'connection.refusals.domain_not_allowed': 'Deze identiteitsprovider kan hier geen accounts met jouw e-maildomein laten inloggen.',
  'connection.refusals.no_account':
    'Er is hier geen account voor je, en deze organisatie maakt bij de eerste keer inloggen geen accounts aan. Vraag je beheerder om een uitnodiging.',
  'connection.refusals.account_unavailable': 'Je account kan op dit moment niet inloggen. Neem contact op met je beheerder.',
  'connection.refusals.email_taken':
    'Er bestaat al een account met jouw e-mailadres en het is niet aan deze identiteitsprovider gekoppeld. Log in met je wachtwoord of vraag het je beheerder.',
  'connection.refusals.email_not_verified':
    'De identiteitsprovider heeft je e-mailadres niet bevestigd, dus hier kon geen account voor je worden gemaakt of gekoppeld. Vraag het je beheerder.',
  'connection.refusals.user_limit': 'Deze organisatie kan op dit moment geen gebruikers meer toevoegen. Neem contact op met je beheerder.',
  'connection.refusals.second_step_required':
    'Je account heeft zijn tweede stap nodig, en die heeft de identiteitsprovider niet bevestigd. Log in plaats daarvan in met je wachtwoord.',
  'connection.refusals.unavailable': 'De identiteitsprovider is niet bereikbaar. Probeer het later opnieuw.',
  'connection.refusals.connection_unavailable':
    'Deze inlogverbinding is niet meer beschikbaar. Log op een andere manier in of neem contact op met je beheerder.',
  'publicPage.redirecting': 'Bezig met doorsturen...',
  'publicPage.contents': 'Inhoud',
  'challenge.required': 'Bevestig dat je geen robot bent en probeer het opnieuw',
  'challenge.failed': 'De controle kon niet worden bevestigd. Probeer het opnieuw',
  'challenge.widget.label': 'Ik ben geen robot',
  'challenge.widget.verifying': 'Controleren dat ik geen robot ben…',
  'challenge.widget.verified': 'Bevestigd: ik ben geen robot',
  'challenge.widget.error': 'De controle is mislukt. Probeer het opnieuw',
  'challenge.widget.expired': 'De controle is verlopen. Probeer het opnieuw',
  'challenge.widget.verificationRequired': 'Wacht tot de controle klaar is',
  'challenge.widget.waitAlert': 'Bezig met controleren, even geduld…',
  'challenge.widget.loading': 'Laden…',
  'challenge.widget.reload': 'Opnieuw proberen',
  'challenge.widget.verify': 'Controleren',
} satisfies PublicCatalog;
