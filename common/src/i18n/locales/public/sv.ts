/** Svenska, offentliga sidor och registrering. Tilltal "du"; ordlista: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Välkommen till {product}',
  'baseSignup.intro':
    'Inloggning, registrering och tvåstegsverifiering för din organisations applikationer, med en egen OpenID Connect-leverantör. Starter-paketet är gratis för upp till {users} användare.',
  'baseSignup.emailStep': 'Ange din e-postadress så skickar vi en länk där du konfigurerar din organisation. Du blir dess administratör.',
  'baseSignup.emailAddress': 'E-postadress',
  'baseSignup.getStarted': 'Kom igång',
  'baseSignup.tryDemo': 'Prova demon först',
  'baseSignup.checkYourEmailHeading': 'Kolla din e-post',
  'baseSignup.checkYourEmail':
    'Vi har skickat en länk till {email}. Öppna den för att välja namn på din organisation. Länken gäller i {lifetime}.',
  'baseSignup.checkingLink': 'Kontrollerar din länk...',
  'baseSignup.linkInvalid': 'Registreringslänken har gått ut eller har redan använts. Börja om.',
  'baseSignup.startAgain': 'Börja om',
  'baseSignup.organisationHeading': 'Ange namnet på din organisation',
  'baseSignup.organisationName': 'Organisationens namn',
  'baseSignup.organisationNameHint':
    'Din organisation finns på namn.{baseHostname}: små bokstäver, siffror och bindestreck, högst 63 tecken.',
  'baseSignup.signingUpAs': 'Administratör:',
  'baseSignup.demoNotice': 'Det här är en demoorganisation: den finns i {lifetime} och raderas sedan med allt innehåll.',
  'baseSignup.finish': 'Slutför',
  'baseSignup.demoHeading': 'Prova en demoorganisation',
  'baseSignup.demoIntro':
    'Få en egen organisation att utforska: lägg till applikationer, bjud in användare och ändra inloggningspolicyn och utseendet. Administratören är demoadressen {email}, så inga mejl når någon; organisationen finns i {lifetime} och raderas sedan med allt innehåll. Ange inte uppgifter om verkliga personer.',
  'baseSignup.startDemo': 'Starta demo',
  'baseSignup.freeTrial': 'Vill du behålla din organisation? Starta en gratis provperiod',
  'baseSignup.organisationSignInIntro': 'Ange din organisations namn för att komma till dess inloggningssida.',
  'baseSignup.organisationNamePlaceholder': 'namn',
  'baseSignup.notSignedUpYet': 'Inte registrerad än?',
  'help.title': 'Hjälp',
  'help.intro': 'Svar på vanliga frågor och hur du når oss.',
  'help.organisationIntro': 'Svar på vanliga frågor om att logga in på {org}.',
  'help.freePackageHeading': 'Det kostnadsfria Starter-paketet',
  'help.freePackage1':
    'Varje organisation börjar med Starter-paketet, gratis för upp till {users} registrerade användare: inloggnings- och registreringssidor i din organisations färger, tvåstegsverifiering, inloggningspolicyer och en egen OpenID Connect-leverantör för så många applikationer du behöver.',
  'help.freePackage2': 'Det förblir gratis så länge din organisation håller sig inom det.',
  'help.currentPackage': 'Din organisation har paketet {tier}.',
  'help.termsLink': 'Användarvillkor',
  'help.recoveryHeading': 'Glömt lösenordet eller utelåst?',
  'help.recovery1':
    'Välj ”Glömt lösenordet?” på inloggningssidan och ange din e-postadress: vi mejlar dig en kod för att välja ett nytt lösenord. Koden gäller i {minutes} minuter, en gång, i webbläsaren där du bad om den.',
  'help.recovery2':
    'Efter flera felaktiga lösenord i rad pausas inloggningen en stund för att skydda ditt konto: vänta och försök sedan igen. Efter ännu fler låses kontot och bara en administratör i din organisation kan låsa upp det: be dem om det och logga sedan in igen.',
  'help.recoverAccount': 'Återställ ditt konto',
  'help.mfaHeading': 'Tvåstegsverifiering (MFA)',
  'help.mfa1':
    'MFA ber om ett andra bevis efter ditt lösenord: en kod från en autentiseringsapp (rekommenderas) eller, där din organisation tillåter det, en kod via sms eller e-post. Den som får reda på ditt lösenord kan ändå inte logga in som du.',
  'help.mfa2':
    'När du har loggat in konfigurerar du det under MFA i menyn. Förvara återställningskoderna du visas på ett säkert ställe: var och en fungerar en gång, om du skulle tappa bort telefonen.',
  'help.setUpMfa': 'Konfigurera MFA',
  'help.supportMessageHeading': 'Support från {org}',
  'help.clientsHeading': 'Dina applikationer',
  'help.clientsIntro': 'Din organisations applikationer. Som administratör kan du logga in på alla.',
  'help.noLandingPage': 'Ingen startsida',
  'help.oidcHeading': 'Ansluta en applikation (OpenID Connect)',
  'help.oidcIntro':
    'Din organisation är en egen OpenID Provider. Lägg till applikationen under Applikationer för att få dess klient-id och hemlighet, och registrera dess exakta omdirigerings-URI:er. Alla certifierade OpenID Connect-bibliotek behöver sedan bara utfärdaren (issuer): allt annat hittar de på discovery-URL:en.',
  'help.oidcExampleHeading': 'Ett genomarbetat exempel: authorization code-flödet med PKCE',
  'help.oidcStep1':
    'Skapa en slumpmässig code verifier och state, spara dem i användarens session och skicka webbläsaren till auktoriseringsslutpunkten med verifierns SHA-256 (base64url) som code challenge:',
  'help.oidcStep2':
    'Gatehouse loggar in användaren och skickar tillbaka webbläsaren till din omdirigerings-URI med ?code=…&state=…. Kontrollera att state är din och byt sedan in koden från din server, inom en minut, en gång:',
  'help.oidcStep3':
    'Svaret innehåller en ID-token (en JWT: kontrollera signaturen med nycklarna på JWKS-URI:n, och dess iss, aud och nonce), en åtkomsttoken för userinfo-slutpunkten och, om du bad om scopet offline_access med prompt=consent, en uppdateringstoken.',
  'help.manageApplications': 'Hantera applikationer',
  'help.apiHeading': 'Gatehouse-API:t',
  'help.apiIntro':
    'Allt som de här skärmarna gör går via ett dokumenterat API: varje åtgärd, dess parametrar, svar och fel, och vem som får anropa den, beskrivet i OpenAPI 3.1.',
  'help.apiReference': 'Bläddra i API-referensen',
  'help.apiDocument': 'OpenAPI-dokument (JSON)',
  'help.contactHeading': 'Kontakta oss',
  'help.contactIntro': 'En fråga, ett problem eller en idé? Skicka ett meddelande så svarar vi via e-post.',
  'help.contactAddress': 'Du kan också skriva till [{address}](mailto:{address}).',
  'help.contactSignedIn': 'En fråga, ett problem eller en idé? Skicka ett meddelande så svarar vi till {email}.',
  'help.emailAddress': 'E-postadress',
  'help.message': 'Meddelande',
  'help.messageHint': 'Högst {max} tecken.',
  'help.send': 'Skicka',
  'connection.continueWith': 'Fortsätt med {name}',
  'connection.orDivider': 'eller',
  'connection.homeRealm': 'Din organisation loggar in dig med {name}.',
  'connection.passwordNotAllowedAny': 'Din organisation loggar in dig med sin identitetsleverantör, inte med ett lösenord.',
  'connection.usePassword': 'Använd mitt lösenord i stället',
  'connection.passwordNotAllowed': 'Din organisation loggar in dig med {name}. Använd ”Fortsätt med {name}” i stället för ett lösenord.',
  'connection.reference': 'Referens: {id}',
  'connection.refusals.provider_refused': 'Identitetsleverantören loggade inte in dig. Försök igen eller logga in med ditt lösenord.',
  'connection.refusals.not_verified': 'Identitetsleverantörens svar kunde inte verifieras, så du loggades inte in. Försök igen.',
  'connection.refusals.expired': 'Inloggningen tog för lång tid eller påbörjades i en annan webbläsare. Börja om.',
  'connection.refusals.domain_not_allowed': 'Den här identitetsleverantören kan inte logga in konton med din e-postdomän här.',
  'connection.refusals.no_account':
    'Det finns inget konto för dig här, och den här organisationen skapar inga konton vid första inloggningen. Be din administratör om en inbjudan.',
  'connection.refusals.account_unavailable': 'Ditt konto kan inte logga in just nu. Kontakta din administratör.',
  'connection.refusals.email_taken':
    'Det finns redan ett konto med din e-postadress som inte är kopplat till den här identitetsleverantören. Logga in med ditt lösenord eller fråga din administratör.',
  'connection.refusals.email_not_verified':
    'Identitetsleverantören bekräftade inte din e-postadress, så inget konto kunde skapas eller kopplas åt dig här. Fråga din administratör.',
  'connection.refusals.user_limit': 'Den här organisationen kan inte ta emot fler användare just nu. Kontakta din administratör.',
  'connection.refusals.second_step_required':
    'Ditt konto kräver sitt andra steg, som identitetsleverantören inte bekräftade. Logga in med ditt lösenord i stället.',
  'connection.refusals.unavailable': 'Identitetsleverantören gick inte att nå. Försök igen senare.',
  'connection.refusals.connection_unavailable':
    'Den här inloggningsanslutningen är inte längre tillgänglig. Logga in på ett annat sätt eller kontakta din administratör.',
  'publicPage.redirecting': 'Omdirigerar...',
  'publicPage.contents': 'Innehåll',
  'challenge.required': 'Bekräfta att du inte är en robot och försök igen',
  'challenge.failed': 'Kontrollen kunde inte bekräftas, försök igen',
  'challenge.widget.label': 'Jag är inte en robot',
  'challenge.widget.verifying': 'Kontrollerar att jag inte är en robot …',
  'challenge.widget.verified': 'Bekräftat: jag är inte en robot',
  'challenge.widget.error': 'Kontrollen misslyckades, försök igen',
  'challenge.widget.expired': 'Kontrollen har gått ut, försök igen',
  'challenge.widget.verificationRequired': 'Vänta tills kontrollen är klar',
  'challenge.widget.waitAlert': 'Kontrollerar, vänta …',
  'challenge.widget.loading': 'Läser in …',
  'challenge.widget.reload': 'Försök igen',
  'challenge.widget.verify': 'Kontrollera',
} satisfies PublicCatalog;
