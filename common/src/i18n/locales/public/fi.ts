/** Suomi, julkiset sivut ja rekisteröityminen. Sinuttelu; sanasto: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Tervetuloa: {product}',
  'baseSignup.intro':
    'Kirjautuminen, rekisteröityminen ja kaksivaiheinen vahvistus organisaatiosi sovelluksiin, omalla OpenID Connect -palveluntarjoajalla. Starter-paketti on maksuton enintään {users} käyttäjälle.',
  'baseSignup.emailStep':
    'Anna sähköpostiosoitteesi, niin lähetämme sinulle linkin organisaatiosi määrittämiseen. Sinusta tulee sen järjestelmänvalvoja.',
  'baseSignup.emailAddress': 'Sähköpostiosoite',
  'baseSignup.getStarted': 'Aloita',
  'baseSignup.tryDemo': 'Kokeile ensin demoa',
  'baseSignup.checkYourEmailHeading': 'Tarkista sähköpostisi',
  'baseSignup.checkYourEmail':
    'Lähetimme linkin osoitteeseen {email}. Avaa se ja valitse organisaatiosi nimi. Linkki on voimassa {lifetime}.',
  'baseSignup.checkingLink': 'Tarkistetaan linkkiä...',
  'baseSignup.linkInvalid': 'Tämä rekisteröitymislinkki on vanhentunut tai jo käytetty. Aloita alusta.',
  'baseSignup.startAgain': 'Aloita alusta',
  'baseSignup.organisationHeading': 'Anna organisaatiosi nimi',
  'baseSignup.organisationName': 'Organisaation nimi',
  'baseSignup.organisationNameHint':
    'Organisaatiosi osoite on nimi.{baseHostname}: pieniä kirjaimia, numeroita ja yhdysmerkkejä, enintään 63 merkkiä.',
  'baseSignup.signingUpAs': 'Järjestelmänvalvoja:',
  'baseSignup.demoNotice': 'Tämä on demo-organisaatio: se on olemassa {lifetime}, minkä jälkeen se poistetaan kaikkine sisältöineen.',
  'baseSignup.finish': 'Valmis',
  'baseSignup.demoHeading': 'Kokeile demo-organisaatiota',
  'baseSignup.demoIntro':
    'Saat oman organisaation tutkittavaksi: lisää sovelluksia, kutsu käyttäjiä ja muuta kirjautumiskäytäntöä ja ulkoasua. Sen järjestelmänvalvoja on demo-osoite {email}, joten sähköposti ei tavoita ketään; organisaatio on olemassa {lifetime}, minkä jälkeen se poistetaan kaikkine sisältöineen. Älä syötä oikeiden ihmisten tietoja.',
  'baseSignup.startDemo': 'Aloita demo',
  'baseSignup.freeTrial': 'Haluatko pitää organisaatiosi? Aloita maksuton kokeilu',
  'baseSignup.organisationSignInIntro': 'Anna organisaatiosi nimi siirtyäksesi sen kirjautumissivulle.',
  'baseSignup.organisationNamePlaceholder': 'nimi',
  'baseSignup.notSignedUpYet': 'Etkö ole vielä rekisteröitynyt?',
  'help.title': 'Ohje',
  'help.intro': 'Vastauksia yleisiin kysymyksiin ja yhteystietomme.',
  'help.organisationIntro': 'Vastauksia yleisiin kysymyksiin kirjautumisesta palveluun {org}.',
  'help.freePackageHeading': 'Maksuton Starter-paketti',
  'help.freePackage1':
    'Jokainen organisaatio aloittaa Starter-paketilla, joka on maksuton enintään {users} rekisteröidylle käyttäjälle: kirjautumis- ja rekisteröitymissivut organisaatiosi väreissä, kaksivaiheinen vahvistus, kirjautumiskäytännöt ja oma OpenID Connect -palveluntarjoaja niin monelle sovellukselle kuin tarvitset.',
  'help.freePackage2': 'Se pysyy maksuttomana niin kauan kuin organisaatiosi pysyy sen rajoissa.',
  'help.currentPackage': 'Organisaatiosi paketti: {tier}.',
  'help.termsLink': 'Käyttöehdot',
  'help.recoveryHeading': 'Unohditko salasanasi, tai onko tilisi lukittu?',
  'help.recovery1':
    'Valitse kirjautumissivulla ”Unohditko salasanasi?” ja anna sähköpostiosoitteesi: lähetämme sinulle sähköpostilla koodin uuden salasanan valitsemista varten. Koodi on voimassa {minutes} minuuttia, kerran, selaimessa, jossa pyysit sitä.',
  'help.recovery2':
    'Kun salasana on annettu väärin useita kertoja peräkkäin, kirjautuminen keskeytyy hetkeksi tilisi suojaamiseksi: odota ja yritä sitten uudelleen. Jos yrityksiä on vielä enemmän, tili lukitaan ja vain organisaatiosi järjestelmänvalvoja voi avata sen: pyydä sitä heiltä ja kirjaudu sitten uudelleen.',
  'help.recoverAccount': 'Palauta tilisi',
  'help.mfaHeading': 'Kaksivaiheinen vahvistus (MFA)',
  'help.mfa1':
    'MFA pyytää salasanan jälkeen toisen todisteen: koodin todennussovelluksesta (suositus) tai, jos organisaatiosi sallii, koodin tekstiviestillä tai sähköpostilla. Salasanasi selvittänyt ei silti pysty kirjautumaan sinuna.',
  'help.mfa2':
    'Kun olet kirjautunut, ota se käyttöön valikon kohdassa MFA. Säilytä näytetyt palautuskoodit turvallisessa paikassa: kukin toimii kerran, jos kadotat puhelimesi.',
  'help.setUpMfa': 'Ota MFA käyttöön',
  'help.supportMessageHeading': 'Tuki: {org}',
  'help.clientsHeading': 'Sovelluksesi',
  'help.clientsIntro': 'Organisaatiosi sovellukset. Järjestelmänvalvojana voit kirjautua niihin kaikkiin.',
  'help.noLandingPage': 'Ei aloitussivua',
  'help.oidcHeading': 'Sovelluksen liittäminen (OpenID Connect)',
  'help.oidcIntro':
    'Organisaatiosi on oma OpenID Provider. Lisää sovellus kohdassa Sovellukset saadaksesi sen asiakastunnuksen ja salaisuuden, ja rekisteröi sen tarkat uudelleenohjaus-URI:t. Mikä tahansa sertifioitu OpenID Connect -kirjasto tarvitsee sen jälkeen vain myöntäjän (issuer): kaiken muun se löytää discovery-URL:stä.',
  'help.oidcExampleHeading': 'Esimerkki vaihe vaiheelta: authorization code -kulku PKCE:llä',
  'help.oidcStep1':
    'Luo satunnainen code verifier ja state, tallenna ne käyttäjän istuntoon ja ohjaa selain valtuutuspäätepisteeseen verifierin SHA-256-tiivisteellä (base64url) code challengena:',
  'help.oidcStep2':
    'Gatehouse kirjaa käyttäjän sisään ja ohjaa selaimen takaisin uudelleenohjaus-URI:isi parametreilla ?code=…&state=…. Tarkista, että state on sinun, ja vaihda sitten koodi palvelimeltasi minuutin sisällä, kerran:',
  'help.oidcStep3':
    'Vastauksessa on ID-tunnus (JWT: tarkista sen allekirjoitus JWKS-URI:n avaimilla sekä sen iss, aud ja nonce), käyttöoikeustunnus userinfo-päätepisteeseen ja, jos pyysit offline_access-laajuutta parametrilla prompt=consent, päivitystunnus.',
  'help.manageApplications': 'Hallitse sovelluksia',
  'help.apiHeading': 'Gatehouse-API',
  'help.apiIntro':
    'Kaikki, mitä nämä näkymät tekevät, kulkee dokumentoidun API:n kautta: jokainen toiminto, sen parametrit, vastaukset ja virheet sekä se, kuka saa kutsua sitä, kuvattuna OpenAPI 3.1 -muodossa.',
  'help.apiReference': 'Selaa API-viitettä',
  'help.apiDocument': 'OpenAPI-dokumentti (JSON)',
  'help.contactHeading': 'Ota yhteyttä',
  'help.contactIntro': 'Kysymys, ongelma tai idea? Lähetä meille viesti, niin vastaamme sähköpostilla.',
  'help.contactAddress': 'Voit myös kirjoittaa osoitteeseen [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Kysymys, ongelma tai idea? Lähetä meille viesti, niin vastaamme osoitteeseen {email}.',
  'help.emailAddress': 'Sähköpostiosoite',
  'help.message': 'Viesti',
  'help.messageHint': 'Enintään {max} merkkiä.',
  'help.send': 'Lähetä',
  'connection.continueWith': 'Jatka: {name}',
  'connection.orDivider': 'tai',
  'connection.homeRealm': 'Organisaatiosi kirjaa sinut sisään palvelulla {name}.',
  'connection.passwordNotAllowedAny': 'Organisaatiosi kirjaa sinut sisään identiteetintarjoajansa kautta, ei salasanalla.',
  'connection.usePassword': 'Käytä sen sijaan salasanaani',
  'connection.passwordNotAllowed':
    'Organisaatiosi kirjaa sinut sisään palvelulla {name}. Käytä salasanan sijaan painiketta ”Jatka: {name}”.',
  'connection.reference': 'Viite: {id}',
  'connection.refusals.provider_refused': 'Identiteetintarjoaja ei kirjannut sinua sisään. Yritä uudelleen tai kirjaudu salasanallasi.',
  'connection.refusals.not_verified':
    'Identiteetintarjoajan vastausta ei voitu varmentaa, joten sinua ei kirjattu sisään. Yritä uudelleen.',
  'connection.refusals.expired': 'Kirjautuminen kesti liian kauan tai se aloitettiin toisessa selaimessa. Aloita alusta.',
  'connection.refusals.domain_not_allowed':
    'Tämä identiteetintarjoaja ei voi kirjata tässä sisään tilejä, joilla on sinun sähköpostiverkkotunnuksesi.',
  'connection.refusals.no_account':
    'Sinulla ei ole täällä tiliä, eikä tämä organisaatio luo tilejä ensimmäisellä kirjautumisella. Pyydä kutsua järjestelmänvalvojaltasi.',
  'connection.refusals.account_unavailable': 'Tililläsi ei voi kirjautua juuri nyt. Ota yhteyttä järjestelmänvalvojaasi.',
  'connection.refusals.email_taken':
    'Sähköpostiosoitteellasi on jo tili, jota ei ole liitetty tähän identiteetintarjoajaan. Kirjaudu salasanallasi tai kysy järjestelmänvalvojaltasi.',
  'connection.refusals.email_not_verified':
    'Identiteetintarjoaja ei vahvistanut sähköpostiosoitettasi, joten sinulle ei voitu luoda tai liittää tiliä täällä. Kysy järjestelmänvalvojaltasi.',
  'connection.refusals.user_limit': 'Tähän organisaatioon ei voi juuri nyt lisätä käyttäjiä. Ota yhteyttä järjestelmänvalvojaasi.',
  'connection.refusals.second_step_required':
    'Tilisi vaatii toisen vaiheen, jota identiteetintarjoaja ei vahvistanut. Kirjaudu sen sijaan salasanallasi.',
  'connection.refusals.unavailable': 'Identiteetintarjoajaan ei saatu yhteyttä. Yritä myöhemmin uudelleen.',
  'connection.refusals.connection_unavailable':
    'Tämä kirjautumisyhteys ei ole enää käytettävissä. Kirjaudu muulla tavalla tai ota yhteyttä järjestelmänvalvojaasi.',
  'publicPage.redirecting': 'Uudelleenohjataan...',
  'publicPage.contents': 'Sisällys',
  'challenge.required': 'Vahvista, ettet ole robotti, ja yritä uudelleen',
  'challenge.failed': 'Tarkistusta ei voitu vahvistaa. Yritä uudelleen',
  'challenge.widget.label': 'En ole robotti',
  'challenge.widget.verifying': 'Tarkistetaan, etten ole robotti…',
  'challenge.widget.verified': 'Vahvistettu: en ole robotti',
  'challenge.widget.error': 'Tarkistus epäonnistui. Yritä uudelleen',
  'challenge.widget.expired': 'Tarkistus vanheni. Yritä uudelleen',
  'challenge.widget.verificationRequired': 'Odota, kunnes tarkistus on valmis',
  'challenge.widget.waitAlert': 'Tarkistetaan, odota…',
  'challenge.widget.loading': 'Ladataan…',
  'challenge.widget.reload': 'Yritä uudelleen',
  'challenge.widget.verify': 'Tarkista',
} satisfies PublicCatalog;
