/** Norsk bokmål, offentlige sider og registrering. Tiltale «du»; ordliste: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Velkommen til {product}',
  'baseSignup.intro':
    'Pålogging, registrering og totrinnsbekreftelse for organisasjonens applikasjoner, med en egen OpenID Connect-leverandør. Starter-pakken er gratis for opptil {users} brukere.',
  'baseSignup.emailStep':
    'Skriv inn e-postadressen din, så sender vi deg en lenke for å konfigurere organisasjonen din. Du blir administratoren.',
  'baseSignup.emailAddress': 'E-postadresse',
  'baseSignup.getStarted': 'Kom i gang',
  'baseSignup.tryDemo': 'Prøv demoen først',
  'baseSignup.checkYourEmailHeading': 'Sjekk e-posten din',
  'baseSignup.checkYourEmail':
    'Vi har sendt en lenke til {email}. Åpne den for å velge navnet på organisasjonen din. Lenken virker i {lifetime}.',
  'baseSignup.checkingLink': 'Sjekker lenken din ...',
  'baseSignup.linkInvalid': 'Denne registreringslenken er utløpt eller allerede brukt. Start på nytt.',
  'baseSignup.startAgain': 'Start på nytt',
  'baseSignup.organisationHeading': 'Oppgi navnet på organisasjonen din',
  'baseSignup.organisationName': 'Organisasjonens navn',
  'baseSignup.organisationNameHint': 'Organisasjonen din blir på navn.{baseHostname}: små bokstaver, sifre og bindestreker, maks. 63 tegn.',
  'baseSignup.signingUpAs': 'Administrator:',
  'baseSignup.demoNotice': 'Dette er en demoorganisasjon: den finnes i {lifetime} og slettes deretter med alt innhold.',
  'baseSignup.finish': 'Fullfør',
  'baseSignup.demoHeading': 'Prøv en demoorganisasjon',
  'baseSignup.demoIntro':
    'Få en egen organisasjon å utforske: legg til applikasjoner, inviter brukere og endre påloggingspolicyen og utseendet. Administratoren er demoadressen {email}, så ingen e-post når frem til noen; organisasjonen finnes i {lifetime} og slettes deretter med alt innhold. Ikke skriv inn opplysninger om ekte personer.',
  'baseSignup.startDemo': 'Start demo',
  'baseSignup.freeTrial': 'Vil du beholde organisasjonen? Start en gratis prøveperiode',
  'baseSignup.organisationSignInIntro': 'Skriv inn navnet på organisasjonen din for å gå til påloggingssiden.',
  'baseSignup.organisationNamePlaceholder': 'navn',
  'baseSignup.notSignedUpYet': 'Ikke registrert ennå?',
  'help.title': 'Hjelp',
  'help.intro': 'Svar på vanlige spørsmål, og hvordan du når oss.',
  'help.organisationIntro': 'Svar på vanlige spørsmål om pålogging hos {org}.',
  'help.freePackageHeading': 'Den gratis Starter-pakken',
  'help.freePackage1':
    'Alle organisasjoner starter med Starter-pakken, gratis for opptil {users} registrerte brukere: påloggings- og registreringssider i organisasjonens farger, totrinnsbekreftelse, påloggingspolicyer og en egen OpenID Connect-leverandør for så mange applikasjoner du trenger.',
  'help.freePackage2': 'Den forblir gratis så lenge organisasjonen din holder seg innenfor den.',
  'help.currentPackage': 'Organisasjonen din har {tier}-pakken.',
  'help.termsLink': 'Vilkår for bruk',
  'help.recoveryHeading': 'Glemt passordet, eller utestengt?',
  'help.recovery1':
    'Velg «Glemt passordet?» på påloggingssiden og skriv inn e-postadressen din: vi sender deg en kode på e-post for å velge et nytt passord. Koden virker i {minutes} minutter, én gang, i nettleseren der du ba om den.',
  'help.recovery2':
    'Etter flere feil passord på rad settes påloggingen på pause en stund for å beskytte kontoen din: vent, og prøv igjen. Etter enda flere låses kontoen, og bare en administrator i organisasjonen din kan låse den opp: spør dem, og logg deretter på igjen.',
  'help.recoverAccount': 'Gjenopprett kontoen din',
  'help.mfaHeading': 'Totrinnsbekreftelse (MFA)',
  'help.mfa1':
    'MFA ber om et ekstra bevis etter passordet: en kode fra en autentiseringsapp (anbefalt) eller, der organisasjonen din tillater det, en kode på SMS eller e-post. Den som får vite passordet ditt, kan likevel ikke logge på som deg.',
  'help.mfa2':
    'Når du har logget på, konfigurerer du det under MFA i menyen. Oppbevar gjenopprettingskodene du får vist, på et trygt sted: hver virker én gang, i tilfelle du mister telefonen.',
  'help.setUpMfa': 'Konfigurer MFA',
  'help.supportMessageHeading': 'Brukerstøtte fra {org}',
  'help.clientsHeading': 'Applikasjonene dine',
  'help.clientsIntro': 'Organisasjonens applikasjoner. Som administrator kan du logge på alle.',
  'help.noLandingPage': 'Ingen startside',
  'help.oidcHeading': 'Koble til en applikasjon (OpenID Connect)',
  'help.oidcIntro':
    'Organisasjonen din er en egen OpenID Provider. Legg til applikasjonen under Applikasjoner for å få klient-ID-en og hemmeligheten, og registrer de nøyaktige omdirigerings-URI-ene. Alle sertifiserte OpenID Connect-biblioteker trenger da bare utstederen (issuer): resten finner de på discovery-URL-en.',
  'help.oidcExampleHeading': 'Et gjennomgått eksempel: authorization code-flyten med PKCE',
  'help.oidcStep1':
    'Lag en tilfeldig code verifier og state, lagre dem i brukerens økt, og send nettleseren til autorisasjonsendepunktet med verifierens SHA-256 (base64url) som code challenge:',
  'help.oidcStep2':
    'Gatehouse logger på brukeren og sender nettleseren tilbake til omdirigerings-URI-en din med ?code=…&state=…. Sjekk at state er din, og bytt deretter inn koden fra serveren din, innen ett minutt, én gang:',
  'help.oidcStep3':
    'Svaret inneholder et ID-token (en JWT: sjekk signaturen med nøklene på JWKS-URI-en, og iss, aud og nonce), et tilgangstoken for userinfo-endepunktet og, når du ba om scopet offline_access med prompt=consent, et oppdateringstoken.',
  'help.manageApplications': 'Administrer applikasjoner',
  'help.apiHeading': 'Gatehouse-API-et',
  'help.apiIntro':
    'Alt disse skjermene gjør, går gjennom et dokumentert API: hver operasjon, parameterne, svarene og feilene, og hvem som kan kalle den, beskrevet i OpenAPI 3.1.',
  'help.apiReference': 'Bla gjennom API-referansen',
  'help.apiDocument': 'OpenAPI-dokument (JSON)',
  'help.contactHeading': 'Kontakt oss',
  'help.contactIntro': 'Et spørsmål, et problem eller en idé? Send oss en melding, så svarer vi på e-post.',
  'help.contactAddress': 'Du kan også skrive til [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Et spørsmål, et problem eller en idé? Send oss en melding, så svarer vi til {email}.',
  'help.emailAddress': 'E-postadresse',
  'help.message': 'Melding',
  'help.messageHint': 'Maks. {max} tegn.',
  'help.send': 'Send',
  'connection.continueWith': 'Fortsett med {name}',
  'connection.orDivider': 'eller',
  'connection.homeRealm': 'Organisasjonen din logger deg på med {name}.',
  'connection.passwordNotAllowedAny': 'Organisasjonen din logger deg på med sin identitetsleverandør, ikke med passord.',
  'connection.usePassword': 'Bruk passordet mitt i stedet',
  'connection.passwordNotAllowed': 'Organisasjonen din logger deg på med {name}. Bruk «Fortsett med {name}» i stedet for et passord.',
  'connection.reference': 'Referanse: {id}',
  'connection.refusals.provider_refused': 'Identitetsleverandøren logget deg ikke på. Prøv igjen, eller logg på med passordet ditt.',
  'connection.refusals.not_verified': 'Svaret fra identitetsleverandøren kunne ikke bekreftes, så du ble ikke logget på. Prøv igjen.',
  'connection.refusals.expired': 'Påloggingen tok for lang tid eller ble startet i en annen nettleser. Start på nytt.',
  'connection.refusals.domain_not_allowed': 'Denne identitetsleverandøren kan ikke logge på kontoer med e-postdomenet ditt her.',
  'connection.refusals.no_account':
    'Det finnes ingen konto for deg her, og denne organisasjonen oppretter ikke kontoer ved første pålogging. Be administratoren din om en invitasjon.',
  'connection.refusals.account_unavailable': 'Kontoen din kan ikke logge på akkurat nå. Kontakt administratoren din.',
  'connection.refusals.email_taken':
    'Det finnes allerede en konto med e-postadressen din, og den er ikke koblet til denne identitetsleverandøren. Logg på med passordet ditt, eller spør administratoren din.',
  'connection.refusals.email_not_verified':
    'Identitetsleverandøren bekreftet ikke e-postadressen din, så ingen konto kunne opprettes eller kobles for deg her. Spør administratoren din.',
  'connection.refusals.user_limit': 'Denne organisasjonen kan ikke ta imot flere brukere akkurat nå. Kontakt administratoren din.',
  'connection.refusals.second_step_required':
    'Kontoen din krever det andre trinnet, som identitetsleverandøren ikke bekreftet. Logg på med passordet ditt i stedet.',
  'connection.refusals.unavailable': 'Identitetsleverandøren kunne ikke nås. Prøv igjen senere.',
  'connection.refusals.connection_unavailable':
    'Denne påloggingstilkoblingen er ikke lenger tilgjengelig. Logg på på en annen måte, eller kontakt administratoren din.',
  'publicPage.redirecting': 'Videresender ...',
  'publicPage.contents': 'Innhold',
  'challenge.required': 'Bekreft at du ikke er en robot, og prøv på nytt',
  'challenge.failed': 'Kontrollen kunne ikke bekreftes. Prøv på nytt',
  'challenge.widget.label': 'Jeg er ikke en robot',
  'challenge.widget.verifying': 'Kontrollerer at jeg ikke er en robot …',
  'challenge.widget.verified': 'Bekreftet: Jeg er ikke en robot',
  'challenge.widget.error': 'Kontrollen mislyktes. Prøv på nytt',
  'challenge.widget.expired': 'Kontrollen er utløpt. Prøv på nytt',
  'challenge.widget.verificationRequired': 'Vent til kontrollen er ferdig',
  'challenge.widget.waitAlert': 'Kontrollerer, vent litt …',
  'challenge.widget.loading': 'Laster inn …',
  'challenge.widget.reload': 'Prøv på nytt',
  'challenge.widget.verify': 'Kontroller',
} satisfies PublicCatalog;
