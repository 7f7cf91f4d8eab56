/** Dansk, offentlige sider og tilmelding. Tiltale "du"; ordliste: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Velkommen til {product}',
  'baseSignup.intro':
    'Login, tilmelding og totrinsbekræftelse til din organisations applikationer med sin egen OpenID Connect-udbyder. Starter-pakken er gratis for op til {users} brugere.',
  'baseSignup.emailStep':
    'Angiv din mailadresse, så sender vi dig et link til at konfigurere din organisation. Du bliver dens administrator.',
  'baseSignup.emailAddress': 'Mailadresse',
  'baseSignup.getStarted': 'Kom i gang',
  'baseSignup.tryDemo': 'Prøv demoen først',
  'baseSignup.checkYourEmailHeading': 'Tjek din mail',
  'baseSignup.checkYourEmail': 'Vi har sendt et link til {email}. Åbn det for at vælge din organisations navn. Linket virker i {lifetime}.',
  'baseSignup.checkingLink': 'Tjekker dit link...',
  'baseSignup.linkInvalid': 'Dette tilmeldingslink er udløbet eller allerede brugt. Start forfra.',
  'baseSignup.startAgain': 'Start forfra',
  'baseSignup.organisationHeading': 'Angiv navnet på din organisation',
  'baseSignup.organisationName': 'Organisationens navn',
  'baseSignup.organisationNameHint': 'Din organisation bliver på navn.{baseHostname}: små bogstaver, cifre og bindestreger, højst 63 tegn.',
  'baseSignup.signingUpAs': 'Administrator:',
  'baseSignup.demoNotice': 'Dette er en demoorganisation: den findes i {lifetime} og slettes derefter med alt indhold.',
  'baseSignup.finish': 'Afslut',
  'baseSignup.demoHeading': 'Prøv en demoorganisation',
  'baseSignup.demoIntro':
    'Få din egen organisation at udforske: tilføj applikationer, inviter brugere, og ret loginpolitikken og udseendet. Dens administrator er demoadressen {email}, så ingen mails når frem til nogen; organisationen findes i {lifetime} og slettes derefter med alt indhold. Angiv ikke oplysninger om rigtige personer.',
  'baseSignup.startDemo': 'Start demo',
  'baseSignup.freeTrial': 'Vil du beholde din organisation? Start en gratis prøveperiode',
  'baseSignup.organisationSignInIntro': 'Angiv din organisations navn for at gå til dens loginside.',
  'baseSignup.organisationNamePlaceholder': 'navn',
  'baseSignup.notSignedUpYet': 'Ikke tilmeldt endnu?',
  'help.title': 'Hjælp',
  'help.intro': 'Svar på almindelige spørgsmål, og hvordan du kontakter os.',
  'help.organisationIntro': 'Svar på almindelige spørgsmål om at logge ind hos {org}.',
  'help.freePackageHeading': 'Den gratis Starter-pakke',
  'help.freePackage1':
    'Alle organisationer starter med Starter-pakken, gratis for op til {users} registrerede brugere: login- og tilmeldingssider i din organisations farver, totrinsbekræftelse, loginpolitikker og sin egen OpenID Connect-udbyder til så mange applikationer, du har brug for.',
  'help.freePackage2': 'Den forbliver gratis, så længe din organisation holder sig inden for den.',
  'help.currentPackage': 'Din organisation har {tier}-pakken.',
  'help.termsLink': 'Vilkår og betingelser for brug',
  'help.recoveryHeading': 'Glemt din adgangskode, eller er du låst ude?',
  'help.recovery1':
    'Vælg "Har du glemt din adgangskode?" på loginsiden, og angiv din mailadresse: vi mailer dig en kode til at vælge en ny adgangskode. Koden virker i {minutes} minutter, én gang, i den browser, hvor du bad om den.',
  'help.recovery2':
    'Efter flere forkerte adgangskoder i træk holder login en pause for at beskytte din konto: vent, og prøv igen. Efter endnu flere låses kontoen, og kun en administrator i din organisation kan låse den op: spørg dem, og log derefter ind igen.',
  'help.recoverAccount': 'Gendan din konto',
  'help.mfaHeading': 'Totrinsbekræftelse (MFA)',
  'help.mfa1':
    'MFA beder om et ekstra bevis efter din adgangskode: en kode fra en godkendelsesapp (anbefales) eller, hvor din organisation tillader det, en kode via sms eller mail. Den, der finder ud af din adgangskode, kan stadig ikke logge ind som dig.',
  'help.mfa2':
    'Når du er logget ind, konfigurerer du det under MFA i menuen. Opbevar de gendannelseskoder, du får vist, et sikkert sted: hver virker én gang, hvis du mister din telefon.',
  'help.setUpMfa': 'Konfigurer MFA',
  'help.supportMessageHeading': 'Support fra {org}',
  'help.clientsHeading': 'Dine applikationer',
  'help.clientsIntro': 'Din organisations applikationer. Som administrator kan du logge ind på dem alle.',
  'help.noLandingPage': 'Ingen startside',
  'help.oidcHeading': 'Tilslut en applikation (OpenID Connect)',
  'help.oidcIntro':
    'Din organisation er sin egen OpenID Provider. Tilføj applikationen under Applikationer for at få dens klient-id og hemmelighed, og registrer dens nøjagtige omdirigerings-URI’er. Ethvert certificeret OpenID Connect-bibliotek har derefter kun brug for udstederen (issuer): alt andet finder det på discovery-URL’en.',
  'help.oidcExampleHeading': 'Et gennemgået eksempel: authorization code-flowet med PKCE',
  'help.oidcStep1':
    'Lav en tilfældig code verifier og state, gem dem i brugerens session, og send browseren til autorisationsendpointet med verifierens SHA-256 (base64url) som code challenge:',
  'help.oidcStep2':
    'Gatehouse logger brugeren ind og sender browseren tilbage til din omdirigerings-URI med ?code=…&state=…. Tjek, at state er din, og byt derefter koden fra din server, inden for et minut, én gang:',
  'help.oidcStep3':
    'Svaret indeholder et ID-token (en JWT: tjek dens signatur med nøglerne på JWKS-URI’en samt iss, aud og nonce), et adgangstoken til userinfo-endpointet og, hvis du bad om scopet offline_access med prompt=consent, et opdateringstoken.',
  'help.manageApplications': 'Administrer applikationer',
  'help.apiHeading': 'Gatehouse-API’et',
  'help.apiIntro':
    'Alt, hvad disse skærme gør, går gennem et dokumenteret API: hver handling, dens parametre, svar og fejl, og hvem der må kalde den, beskrevet i OpenAPI 3.1.',
  'help.apiReference': 'Gennemse API-referencen',
  'help.apiDocument': 'OpenAPI-dokument (JSON)',
  'help.contactHeading': 'Kontakt os',
  'help.contactIntro': 'Et spørgsmål, et problem eller en idé? Send os en besked, så svarer vi på mail.',
  'help.contactAddress': 'Du kan også skrive til [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Et spørgsmål, et problem eller en idé? Send os en besked, så svarer vi til {email}.',
  'help.emailAddress': 'Mailadresse',
  'help.message': 'Besked',
  'help.messageHint': 'Højst {max} tegn.',
  'help.send': 'Send',
  'connection.continueWith': 'Fortsæt med {name}',
  'connection.orDivider': 'eller',
  'connection.homeRealm': 'Din organisation logger dig ind med {name}.',
  'connection.passwordNotAllowedAny': 'Din organisation logger dig ind med sin identitetsudbyder, ikke med en adgangskode.',
  'connection.usePassword': 'Brug min adgangskode i stedet',
  'connection.passwordNotAllowed': 'Din organisation logger dig ind med {name}. Brug "Fortsæt med {name}" i stedet for en adgangskode.',
  'connection.reference': 'Reference: {id}',
  'connection.refusals.provider_refused': 'Identitetsudbyderen loggede dig ikke ind. Prøv igen, eller log ind med din adgangskode.',
  'connection.refusals.not_verified': 'Identitetsudbyderens svar kunne ikke bekræftes, så du blev ikke logget ind. Prøv igen.',
  'connection.refusals.expired': 'Login tog for lang tid eller blev startet i en anden browser. Start forfra.',
  'connection.refusals.domain_not_allowed': 'Denne identitetsudbyder kan ikke logge konti med dit maildomæne ind her.',
  'connection.refusals.no_account':
    'Der er ingen konto til dig her, og denne organisation opretter ikke konti ved første login. Bed din administrator om en invitation.',
  'connection.refusals.account_unavailable': 'Din konto kan ikke logge ind lige nu. Kontakt din administrator.',
  'connection.refusals.email_taken':
    'Der findes allerede en konto med din mail, som ikke er knyttet til denne identitetsudbyder. Log ind med din adgangskode, eller spørg din administrator.',
  'connection.refusals.email_not_verified':
    'Identitetsudbyderen bekræftede ikke din mailadresse, så der kunne ikke oprettes eller knyttes en konto til dig her. Spørg din administrator.',
  'connection.refusals.user_limit': 'Denne organisation kan ikke tage flere brugere lige nu. Kontakt din administrator.',
  'connection.refusals.second_step_required':
    'Din konto kræver sit andet trin, som identitetsudbyderen ikke bekræftede. Log ind med din adgangskode i stedet.',
  'connection.refusals.unavailable': 'Identitetsudbyderen kunne ikke nås. Prøv igen senere.',
  'connection.refusals.connection_unavailable':
    'Denne loginforbindelse er ikke længere tilgængelig. Log ind på en anden måde, eller kontakt din administrator.',
  'publicPage.redirecting': 'Omdirigerer...',
  'publicPage.contents': 'Indhold',
  'challenge.required': 'Bekræft, at du ikke er en robot, og prøv igen',
  'challenge.failed': 'Kontrollen kunne ikke bekræftes. Prøv igen',
  'challenge.widget.label': 'Jeg er ikke en robot',
  'challenge.widget.verifying': 'Kontrollerer, at jeg ikke er en robot …',
  'challenge.widget.verified': 'Bekræftet: Jeg er ikke en robot',
  'challenge.widget.error': 'Kontrollen mislykkedes. Prøv igen',
  'challenge.widget.expired': 'Kontrollen er udløbet. Prøv igen',
  'challenge.widget.verificationRequired': 'Vent, til kontrollen er færdig',
  'challenge.widget.waitAlert': 'Kontrollerer, vent venligst …',
  'challenge.widget.loading': 'Indlæser …',
  'challenge.widget.reload': 'Prøv igen',
  'challenge.widget.verify': 'Kontrollér',
} satisfies PublicCatalog;
