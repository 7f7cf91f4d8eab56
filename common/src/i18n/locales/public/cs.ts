/** Čeština, veřejné stránky a registrace. Vykání; slovníček: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Vítejte v {product}',
  'baseSignup.intro':
    'Přihlášení, registrace a dvoufázové ověření pro aplikace vaší organizace, s vlastním poskytovatelem OpenID Connect. Balíček Starter je zdarma až pro {users} uživatelů.',
  'baseSignup.emailStep': 'Zadejte svou e-mailovou adresu a pošleme vám odkaz pro nastavení vaší organizace. Stanete se jejím správcem.',
  'baseSignup.emailAddress': 'E-mailová adresa',
  'baseSignup.getStarted': 'Začít',
  'baseSignup.tryDemo': 'Nejdřív vyzkoušet demo',
  'baseSignup.checkYourEmailHeading': 'Zkontrolujte svůj e-mail',
  'baseSignup.checkYourEmail': 'Poslali jsme odkaz na {email}. Otevřete ho a zvolte název své organizace. Odkaz platí {lifetime}.',
  'baseSignup.checkingLink': 'Kontrolujeme váš odkaz...',
  'baseSignup.linkInvalid': 'Platnost tohoto registračního odkazu vypršela nebo už byl použit. Začněte prosím znovu.',
  'baseSignup.startAgain': 'Začít znovu',
  'baseSignup.organisationHeading': 'Zadejte prosím název své organizace',
  'baseSignup.organisationName': 'Název organizace',
  'baseSignup.organisationNameHint':
    'Vaše organizace bude na adrese nazev.{baseHostname}: malá písmena, číslice a spojovníky, nejvýše 63 znaků.',
  'baseSignup.signingUpAs': 'Správce:',
  'baseSignup.demoNotice': 'Toto je ukázková organizace: existuje {lifetime} a pak se smaže se vším, co obsahuje.',
  'baseSignup.finish': 'Dokončit',
  'baseSignup.demoHeading': 'Vyzkoušejte ukázkovou organizaci',
  'baseSignup.demoIntro':
    'Získejte vlastní organizaci k prozkoumání: přidávejte aplikace, zvěte uživatele a měňte zásady přihlašování i vzhled. Jejím správcem je ukázková adresa {email}, takže žádný e-mail nikomu nedorazí; organizace existuje {lifetime} a pak se smaže se vším, co obsahuje. Nezadávejte prosím údaje skutečných osob.',
  'baseSignup.startDemo': 'Spustit demo',
  'baseSignup.freeTrial': 'Chcete si organizaci ponechat? Začněte bezplatnou zkušební verzi',
  'baseSignup.organisationSignInIntro': 'Zadejte název své organizace a přejděte na její přihlašovací stránku.',
  'baseSignup.organisationNamePlaceholder': 'nazev',
  'baseSignup.notSignedUpYet': 'Ještě nejste zaregistrováni?',
  'help.title': 'Nápověda',
  'help.intro': 'Odpovědi na časté otázky a jak nás kontaktovat.',
  'help.organisationIntro': 'Odpovědi na časté otázky o přihlašování do {org}.',
  'help.freePackageHeading': 'Bezplatný balíček Starter',
  'help.freePackage1':
    'Každá organizace začíná s balíčkem Starter, zdarma až pro {users} registrovaných uživatelů: přihlašovací a registrační stránky v barvách vaší organizace, dvoufázové ověření, zásady přihlašování a vlastní poskytovatel OpenID Connect pro tolik aplikací, kolik potřebujete.',
  'help.freePackage2': 'Zůstává zdarma, dokud se vaše organizace vejde do jeho limitů.',
  'help.currentPackage': 'Vaše organizace má balíček {tier}.',
  'help.termsLink': 'Podmínky použití',
  'help.recoveryHeading': 'Zapomněli jste heslo nebo jste zablokováni?',
  'help.recovery1':
    'Na přihlašovací stránce zvolte „Zapomněli jste heslo?“ a zadejte svou e-mailovou adresu: pošleme vám e-mailem kód pro zvolení nového hesla. Kód platí {minutes} min, jednou, v prohlížeči, ve kterém jste o něj požádali.',
  'help.recovery2':
    'Po několika chybných heslech za sebou se přihlašování na chvíli pozastaví, aby byl váš účet chráněn: počkejte a zkuste to znovu. Po dalších pokusech se účet zamkne a odemknout ho může jen správce vaší organizace: požádejte ho o to a pak se přihlaste znovu.',
  'help.recoverAccount': 'Obnovit účet',
  'help.mfaHeading': 'Dvoufázové ověření (MFA)',
  'help.mfa1':
    'MFA po hesle vyžaduje druhý důkaz: kód z ověřovací aplikace (doporučeno) nebo, pokud to vaše organizace povoluje, kód v SMS nebo e-mailu. Kdo zjistí vaše heslo, stejně se za vás nepřihlásí.',
  'help.mfa2':
    'Po přihlášení si ho nastavte v nabídce pod MFA. Zobrazené kódy pro obnovení uložte na bezpečné místo: každý funguje jednou, kdybyste ztratili telefon.',
  'help.setUpMfa': 'Nastavit MFA',
  'help.supportMessageHeading': 'Podpora od {org}',
  'help.clientsHeading': 'Vaše aplikace',
  'help.clientsIntro': 'Aplikace vaší organizace. Jako správce se můžete přihlásit do všech.',
  'help.noLandingPage': 'Bez úvodní stránky',
  'help.oidcHeading': 'Připojení aplikace (OpenID Connect)',
  'help.oidcIntro':
    'Vaše organizace je vlastním poskytovatelem OpenID. Přidejte aplikaci v části Aplikace, získejte její ID klienta a tajný klíč a zaregistrujte její přesné URI pro přesměrování. Každá certifikovaná knihovna OpenID Connect pak potřebuje jen vydavatele (issuer): vše ostatní najde na adrese discovery.',
  'help.oidcExampleHeading': 'Podrobný příklad: tok authorization code s PKCE',
  'help.oidcStep1':
    'Vytvořte náhodný code verifier a state, uložte je do relace uživatele a pošlete prohlížeč na autorizační endpoint se SHA-256 (base64url) verifieru jako code challenge:',
  'help.oidcStep2':
    'Gatehouse uživatele přihlásí a vrátí prohlížeč na vaše URI pro přesměrování s ?code=…&state=…. Ověřte, že state je váš, a pak kód vyměňte ze svého serveru, do minuty, jednou:',
  'help.oidcStep3':
    'Odpověď obsahuje ID token (JWT: ověřte jeho podpis klíči z JWKS URI a jeho iss, aud a nonce), přístupový token pro endpoint userinfo a, pokud jste požádali o scope offline_access s prompt=consent, obnovovací token.',
  'help.manageApplications': 'Spravovat aplikace',
  'help.apiHeading': 'API Gatehouse',
  'help.apiIntro':
    'Vše, co tyto obrazovky dělají, prochází zdokumentovaným API: každá operace, její parametry, odpovědi a chyby a kdo ji smí volat, popsané v OpenAPI 3.1.',
  'help.apiReference': 'Procházet referenci API',
  'help.apiDocument': 'Dokument OpenAPI (JSON)',
  'help.contactHeading': 'Kontaktujte nás',
  'help.contactIntro': 'Otázka, problém nebo nápad? Pošlete nám zprávu a odpovíme vám e-mailem.',
  'help.contactAddress': 'Můžete nám také napsat na [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Otázka, problém nebo nápad? Pošlete nám zprávu a odpovíme na {email}.',
  'help.emailAddress': 'E-mailová adresa',
  'help.message': 'Zpráva',
  'help.messageHint': 'Nejvýše {max} znaků.',
  'help.send': 'Odeslat',
  'connection.continueWith': 'Pokračovat přes {name}',
  'connection.orDivider': 'nebo',
  'connection.homeRealm': 'Vaše organizace vás přihlašuje přes {name}.',
  'connection.passwordNotAllowedAny': 'Vaše organizace vás přihlašuje přes svého poskytovatele identity, ne heslem.',
  'connection.usePassword': 'Použít raději moje heslo',
  'connection.passwordNotAllowed': 'Vaše organizace vás přihlašuje přes {name}. Místo hesla použijte „Pokračovat přes {name}“.',
  'connection.reference': 'Reference: {id}',
  'connection.refusals.provider_refused': 'Poskytovatel identity vás nepřihlásil. Zkuste to znovu nebo se přihlaste heslem.',
  'connection.refusals.not_verified':
    'Odpověď poskytovatele identity se nepodařilo ověřit, takže jste nebyli přihlášeni. Zkuste to prosím znovu.',
  'connection.refusals.expired': 'Přihlášení trvalo příliš dlouho nebo bylo zahájeno v jiném prohlížeči. Začněte prosím znovu.',
  'connection.refusals.domain_not_allowed': 'Tento poskytovatel identity zde nemůže přihlašovat účty s vaší e-mailovou doménou.',
  'connection.refusals.no_account': 'Nemáte zde účet a tato organizace při prvním přihlášení účty nevytváří. Požádejte správce o pozvánku.',
  'connection.refusals.account_unavailable': 'Váš účet se teď nemůže přihlásit. Obraťte se na správce.',
  'connection.refusals.email_taken':
    'Účet s vaším e-mailem už existuje a není propojen s tímto poskytovatelem identity. Přihlaste se heslem nebo se obraťte na správce.',
  'connection.refusals.email_not_verified':
    'Poskytovatel identity nepotvrdil vaši e-mailovou adresu, takže vám zde nešlo vytvořit ani propojit účet. Obraťte se na správce.',
  'connection.refusals.user_limit': 'Tato organizace teď nemůže přijmout další uživatele. Obraťte se na správce.',
  'connection.refusals.second_step_required':
    'Váš účet vyžaduje druhou fázi ověření, kterou poskytovatel identity nepotvrdil. Přihlaste se raději heslem.',
  'connection.refusals.unavailable': 'Poskytovatel identity není dostupný. Zkuste to prosím později.',
  'connection.refusals.connection_unavailable':
    'Toto přihlašovací připojení už není k dispozici. Přihlaste se jinak nebo se obraťte na správce.',
  'publicPage.redirecting': 'Přesměrování...',
  'publicPage.contents': 'Obsah',
  'challenge.required': 'Potvrďte, že nejste robot, a zkuste to znovu',
  'challenge.failed': 'Kontrolu se nepodařilo potvrdit. Zkuste to znovu',
  'challenge.widget.label': 'Nejsem robot',
  'challenge.widget.verifying': 'Ověřuje se, že nejsem robot…',
  'challenge.widget.verified': 'Potvrzeno: nejsem robot',
  'challenge.widget.error': 'Kontrola selhala. Zkuste to znovu',
  'challenge.widget.expired': 'Platnost kontroly vypršela. Zkuste to znovu',
  'challenge.widget.verificationRequired': 'Počkejte prosím na dokončení kontroly',
  'challenge.widget.waitAlert': 'Probíhá kontrola, počkejte prosím…',
  'challenge.widget.loading': 'Načítání…',
  'challenge.widget.reload': 'Zkusit znovu',
  'challenge.widget.verify': 'Ověřit',
} satisfies PublicCatalog;
