/** Italiano, pagine pubbliche e registrazione. Del "tu"; glossario: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Ti diamo il benvenuto in {product}',
  'baseSignup.intro':
    'Accesso, registrazione e verifica in due passaggi per le applicazioni della tua organizzazione, con un proprio provider OpenID Connect. Il pacchetto Starter è gratuito fino a {users} utenti.',
  'baseSignup.emailStep':
    'Inserisci il tuo indirizzo email e ti invieremo un link per configurare la tua organizzazione. Ne sarai l’amministratore.',
  'baseSignup.emailAddress': 'Indirizzo email',
  'baseSignup.getStarted': 'Inizia',
  'baseSignup.tryDemo': 'Prova prima la demo',
  'baseSignup.checkYourEmailHeading': 'Controlla la tua email',
  'baseSignup.checkYourEmail':
    'Abbiamo inviato un link a {email}. Aprilo per scegliere il nome della tua organizzazione. Il link è valido per {lifetime}.',
  'baseSignup.checkingLink': 'Verifica del link in corso...',
  'baseSignup.linkInvalid': 'Questo link di registrazione è scaduto o è già stato usato. Ricomincia.',
  'baseSignup.startAgain': 'Ricomincia',
  'baseSignup.organisationHeading': 'Indica il nome della tua organizzazione',
  'baseSignup.organisationName': 'Nome dell’organizzazione',
  'baseSignup.organisationNameHint':
    'La tua organizzazione sarà su nome.{baseHostname}: lettere minuscole, cifre e trattini, fino a 63 caratteri.',
  'baseSignup.signingUpAs': 'Amministratore:',
  'baseSignup.demoNotice': 'Questa è un’organizzazione demo: esiste per {lifetime}, poi viene eliminata con tutto il suo contenuto.',
  'baseSignup.finish': 'Fine',
  'baseSignup.demoHeading': 'Prova un’organizzazione demo',
  'baseSignup.demoIntro':
    'Ottieni un’organizzazione tutta tua da esplorare: aggiungi applicazioni, invita utenti e modifica il criterio di accesso e l’aspetto. Il suo amministratore è l’indirizzo demo {email}, quindi nessuna email arriva a nessuno; l’organizzazione esiste per {lifetime}, poi viene eliminata con tutto il suo contenuto. Non inserire dati di persone reali.',
  'baseSignup.startDemo': 'Avvia la demo',
  'baseSignup.freeTrial': 'Vuoi tenere la tua organizzazione? Inizia una prova gratuita',
  'baseSignup.organisationSignInIntro': 'Inserisci il nome della tua organizzazione per andare alla sua pagina di accesso.',
  'baseSignup.organisationNamePlaceholder': 'nome',
  'baseSignup.notSignedUpYet': 'Non sei ancora registrato?',
  'help.title': 'Guida',
  'help.intro': 'Risposte alle domande frequenti e come contattarci.',
  'help.organisationIntro': 'Risposte alle domande frequenti sull’accesso a {org}.',
  'help.freePackageHeading': 'Il pacchetto Starter gratuito',
  'help.freePackage1':
    'Ogni organizzazione parte con il pacchetto Starter, gratuito fino a {users} utenti registrati: pagine di accesso e registrazione con i colori della tua organizzazione, verifica in due passaggi, criteri di accesso e un proprio provider OpenID Connect per tutte le applicazioni che ti servono.',
  'help.freePackage2': 'Resta gratuito finché la tua organizzazione rimane entro i suoi limiti.',
  'help.currentPackage': 'La tua organizzazione ha il pacchetto {tier}.',
  'help.termsLink': 'Termini e condizioni d’uso',
  'help.recoveryHeading': 'Hai dimenticato la password o l’account è bloccato?',
  'help.recovery1':
    'Scegli "Password dimenticata?" nella pagina di accesso e inserisci il tuo indirizzo email: ti invieremo via email un codice per scegliere una nuova password. Il codice è valido per {minutes} minuti, una sola volta, nel browser in cui l’hai richiesto.',
  'help.recovery2':
    'Dopo diverse password errate di fila, l’accesso si sospende per un po’ per proteggere il tuo account: attendi, poi riprova. Dopo altri tentativi l’account viene bloccato e solo un amministratore della tua organizzazione può sbloccarlo: chiediglielo, poi accedi di nuovo.',
  'help.recoverAccount': 'Recupera il tuo account',
  'help.mfaHeading': 'Verifica in due passaggi (MFA)',
  'help.mfa1':
    'La MFA chiede una seconda prova dopo la password: un codice da un’app di autenticazione (consigliato) oppure, se la tua organizzazione lo consente, un codice via SMS o email. Chi scopre la tua password non può comunque accedere al posto tuo.',
  'help.mfa2':
    'Dopo l’accesso, configurala in MFA nel menu. Conserva in un posto sicuro i codici di recupero che ti vengono mostrati: ognuno funziona una volta, nel caso perdessi il telefono.',
  'help.setUpMfa': 'Configura la MFA',
  'help.supportMessageHeading': 'Assistenza di {org}',
  'help.clientsHeading': 'Le tue applicazioni',
  'help.clientsIntro': 'Le applicazioni della tua organizzazione. Come amministratore puoi accedere a tutte.',
  'help.noLandingPage': 'Nessuna pagina iniziale',
  'help.oidcHeading': 'Collegare un’applicazione (OpenID Connect)',
  'help.oidcIntro':
    'La tua organizzazione è un OpenID Provider a sé. Aggiungi l’applicazione in Applicazioni per ottenere il suo client id e il suo secret, e registra i suoi URI di reindirizzamento esatti. Qualsiasi libreria OpenID Connect certificata ha poi bisogno solo dell’issuer: trova tutto il resto all’URL di discovery.',
  'help.oidcExampleHeading': 'Un esempio completo: il flusso authorization code con PKCE',
  'help.oidcStep1':
    'Genera un code verifier e uno state casuali, conservali nella sessione dell’utente e manda il browser all’endpoint di autorizzazione con lo SHA-256 (base64url) del verifier come code challenge:',
  'help.oidcStep2':
    'Gatehouse fa accedere l’utente e rimanda il browser al tuo URI di reindirizzamento con ?code=…&state=…. Verifica che lo state sia il tuo, poi scambia il codice dal tuo server, entro un minuto, una sola volta:',
  'help.oidcStep3':
    'La risposta contiene un ID token (un JWT: verificane la firma con le chiavi all’URI JWKS, e i campi iss, aud e nonce), un access token per l’endpoint userinfo e, se hai chiesto lo scope offline_access con prompt=consent, un refresh token.',
  'help.manageApplications': 'Gestisci le applicazioni',
  'help.apiHeading': 'L’API di Gatehouse',
  'help.apiIntro':
    'Tutto ciò che fanno queste schermate passa da un’API documentata: ogni operazione, i suoi parametri, risposte ed errori, e chi può chiamarla, descritti in OpenAPI 3.1.',
  'help.apiReference': 'Consulta il riferimento dell’API',
  'help.apiDocument': 'Documento OpenAPI (JSON)',
  'help.contactHeading': 'Contattaci',
  'help.contactIntro': 'Una domanda, un problema o un’idea? Inviaci un messaggio e ti risponderemo via email.',
  'help.contactAddress': 'Puoi anche scrivere a [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Una domanda, un problema o un’idea? Inviaci un messaggio e risponderemo a {email}.',
  'help.emailAddress': 'Indirizzo email',
  'help.message': 'Messaggio',
  'help.messageHint': 'Fino a {max} caratteri.',
  'help.send': 'Invia',
  'connection.continueWith': 'Continua con {name}',
  'connection.orDivider': 'oppure',
  'connection.homeRealm': 'La tua organizzazione ti fa accedere con {name}.',
  'connection.passwordNotAllowedAny': 'La tua organizzazione ti fa accedere con il suo provider di identità, non con una password.',
  'connection.usePassword': 'Usa invece la mia password',
  'connection.passwordNotAllowed': 'La tua organizzazione ti fa accedere con {name}. Usa "Continua con {name}" invece di una password.',
  'connection.reference': 'Riferimento: {id}',
  'connection.refusals.provider_refused': 'Il provider di identità non ti ha fatto accedere. Riprova o accedi con la tua password.',
  'connection.refusals.not_verified':
    'Non è stato possibile verificare la risposta del provider di identità, quindi l’accesso non è avvenuto. Riprova.',
  'connection.refusals.expired': 'L’accesso ha richiesto troppo tempo o è stato avviato in un altro browser. Ricomincia.',
  'connection.refusals.domain_not_allowed': 'Questo provider di identità non può far accedere qui gli account con il tuo dominio email.',
  'connection.refusals.no_account':
    'Qui non c’è un account per te, e questa organizzazione non crea account al primo accesso. Chiedi un invito al tuo amministratore.',
  'connection.refusals.account_unavailable': 'Al momento il tuo account non può accedere. Contatta il tuo amministratore.',
  'connection.refusals.email_taken':
    'Esiste già un account con la tua email, non collegato a questo provider di identità. Accedi con la tua password o chiedi al tuo amministratore.',
  'connection.refusals.email_not_verified':
    'Il provider di identità non ha confermato il tuo indirizzo email, quindi qui non è stato possibile creare o collegare un account per te. Chiedi al tuo amministratore.',
  'connection.refusals.user_limit': 'Al momento questa organizzazione non può accogliere altri utenti. Contatta il tuo amministratore.',
  'connection.refusals.second_step_required':
    'Il tuo account richiede il secondo passaggio, che il provider di identità non ha confermato. Accedi invece con la tua password.',
  'connection.refusals.unavailable': 'Impossibile raggiungere il provider di identità. Riprova più tardi.',
  'connection.refusals.connection_unavailable':
    'Questa connessione di accesso non è più disponibile. Accedi in un altro modo o contatta il tuo amministratore.',
  'publicPage.redirecting': 'Reindirizzamento in corso...',
  'publicPage.contents': 'Indice',
  'challenge.required': 'Conferma di non essere un robot, poi riprova',
  'challenge.failed': 'Non è stato possibile confermare la verifica, riprova',
  'challenge.widget.label': 'Non sono un robot',
  'challenge.widget.verifying': 'Verifica che non sono un robot…',
  'challenge.widget.verified': 'Confermato: non sono un robot',
  'challenge.widget.error': 'La verifica non è riuscita, riprova',
  'challenge.widget.expired': 'La verifica è scaduta, riprova',
  'challenge.widget.verificationRequired': 'Attendi il termine della verifica',
  'challenge.widget.waitAlert': 'Verifica in corso, attendi…',
  'challenge.widget.loading': 'Caricamento…',
  'challenge.widget.reload': 'Riprova',
  'challenge.widget.verify': 'Verifica',
} satisfies PublicCatalog;
