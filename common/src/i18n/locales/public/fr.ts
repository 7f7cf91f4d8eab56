/** Français, pages publiques et inscription. Vouvoiement ; glossaire : docs/i18n.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Bienvenue sur {product}',
  'baseSignup.intro':
    'Connexion, inscription et authentification à deux facteurs pour les applications de votre organisation, avec son propre fournisseur OpenID Connect. L’offre Starter est gratuite jusqu’à {users} utilisateurs.',
  'baseSignup.emailStep':
    'Saisissez votre adresse e-mail et nous vous enverrons un lien pour configurer votre organisation. Vous en serez l’administrateur.',
  'baseSignup.emailAddress': 'Adresse e-mail',
  'baseSignup.getStarted': 'Commencer',
  'baseSignup.tryDemo': 'Essayer d’abord la démo',
  'baseSignup.checkYourEmailHeading': 'Consultez vos e-mails',
  'baseSignup.checkYourEmail':
    'Nous avons envoyé un lien à {email}. Ouvrez-le pour choisir le nom de votre organisation. Le lien est valable {lifetime}.',
  'baseSignup.checkingLink': 'Vérification de votre lien…',
  'baseSignup.linkInvalid': 'Ce lien d’inscription a expiré ou a déjà été utilisé. Veuillez recommencer.',
  'baseSignup.startAgain': 'Recommencer',
  'baseSignup.organisationHeading': 'Veuillez indiquer le nom de votre organisation',
  'baseSignup.organisationName': 'Nom de l’organisation',
  'baseSignup.organisationNameHint':
    'Votre organisation sera à l’adresse nom.{baseHostname} : lettres minuscules, chiffres et traits d’union, 63 caractères au plus.',
  'baseSignup.signingUpAs': 'Administrateur :',
  'baseSignup.demoNotice':
    'Ceci est une organisation de démonstration : elle existe pendant {lifetime}, puis elle est supprimée avec tout son contenu.',
  'baseSignup.finish': 'Terminer',
  'baseSignup.demoHeading': 'Essayer une organisation de démonstration',
  'baseSignup.demoIntro':
    'Obtenez votre propre organisation à explorer : ajoutez des applications, invitez des utilisateurs et modifiez la politique de connexion et l’apparence. Son administrateur est l’adresse de démonstration {email}, aucun e-mail ne parvient donc à personne ; l’organisation existe pendant {lifetime}, puis elle est supprimée avec tout son contenu. Veuillez ne pas saisir les données de personnes réelles.',
  'baseSignup.startDemo': 'Lancer la démo',
  'baseSignup.freeTrial': 'Vous voulez garder votre organisation ? Commencez un essai gratuit',
  'baseSignup.organisationSignInIntro': 'Saisissez le nom de votre organisation pour accéder à sa page de connexion.',
  'baseSignup.organisationNamePlaceholder': 'nom',
  'baseSignup.notSignedUpYet': 'Pas encore inscrit ?',
  'help.title': 'Aide',
  'help.intro': 'Les réponses aux questions fréquentes, et comment nous joindre.',
  'help.organisationIntro': 'Les réponses aux questions fréquentes sur la connexion à {org}.',
  'help.freePackageHeading': 'L’offre Starter gratuite',
  'help.freePackage1':
    'Chaque organisation commence avec l’offre Starter, gratuite jusqu’à {users} utilisateurs inscrits : des pages de connexion et d’inscription aux couleurs de votre organisation, l’authentification à deux facteurs, des politiques de connexion et son propre fournisseur OpenID Connect pour autant d’applications que nécessaire.',
  'help.freePackage2': 'Elle reste gratuite tant que votre organisation en respecte les limites.',
  'help.currentPackage': 'Votre organisation bénéficie de l’offre {tier}.',
  'help.termsLink': 'Conditions générales d’utilisation',
  'help.recoveryHeading': 'Mot de passe oublié ou compte bloqué ?',
  'help.recovery1':
    'Choisissez « Mot de passe oublié ? » sur la page de connexion et saisissez votre adresse e-mail : nous vous enverrons par e-mail un code pour choisir un nouveau mot de passe. Le code est valable {minutes} minutes, une seule fois, dans le navigateur où vous l’avez demandé.',
  'help.recovery2':
    'Après plusieurs mots de passe erronés d’affilée, la connexion est suspendue un moment pour protéger votre compte : patientez, puis réessayez. Au-delà, le compte est verrouillé et seul un administrateur de votre organisation peut le déverrouiller : demandez-le-lui, puis reconnectez-vous.',
  'help.recoverAccount': 'Récupérer votre compte',
  'help.mfaHeading': 'Authentification à deux facteurs (MFA)',
  'help.mfa1':
    'La MFA demande une seconde preuve après votre mot de passe : un code d’une application d’authentification (recommandé) ou, si votre organisation l’autorise, un code par SMS ou par e-mail. Une personne qui découvre votre mot de passe ne peut toujours pas se connecter à votre place.',
  'help.mfa2':
    'Une fois connecté, configurez-la sous MFA dans le menu. Conservez en lieu sûr les codes de récupération affichés : chacun fonctionne une fois, si vous perdez votre téléphone.',
  'help.setUpMfa': 'Configurer la MFA',
  'help.supportMessageHeading': 'Assistance de {org}',
  'help.clientsHeading': 'Vos applications',
  'help.clientsIntro': 'Les applications de votre organisation. En tant qu’administrateur, vous pouvez vous connecter à toutes.',
  'help.noLandingPage': 'Aucune page d’accueil',
  'help.oidcHeading': 'Connecter une application (OpenID Connect)',
  'help.oidcIntro':
    'Votre organisation est son propre fournisseur OpenID. Ajoutez l’application sous Applications pour obtenir son identifiant client et son secret, et enregistrez ses URI de redirection exactes. Toute bibliothèque OpenID Connect certifiée n’a ensuite besoin que de l’émetteur : elle trouve tout le reste à l’URL de découverte.',
  'help.oidcExampleHeading': 'Un exemple détaillé : le flux authorization code avec PKCE',
  'help.oidcStep1':
    'Générez un code verifier et un state aléatoires, conservez-les dans la session de l’utilisateur et envoyez le navigateur vers le point de terminaison d’autorisation avec le SHA-256 (base64url) du verifier comme code challenge :',
  'help.oidcStep2':
    'Gatehouse connecte l’utilisateur et renvoie le navigateur vers votre URI de redirection avec ?code=…&state=…. Vérifiez que le state est le vôtre, puis échangez le code depuis votre serveur, dans la minute, une seule fois :',
  'help.oidcStep3':
    'La réponse contient un jeton d’identité (un JWT : vérifiez sa signature avec les clés de l’URI JWKS, ainsi que ses iss, aud et nonce), un jeton d’accès pour le point de terminaison userinfo et, si vous avez demandé le scope offline_access avec prompt=consent, un jeton de rafraîchissement.',
  'help.manageApplications': 'Gérer les applications',
  'help.apiHeading': 'L’API Gatehouse',
  'help.apiIntro':
    'Tout ce que font ces écrans passe par une API documentée : chaque opération, ses paramètres, ses réponses et ses erreurs, et qui peut l’appeler, décrits en OpenAPI 3.1.',
  'help.apiReference': 'Parcourir la référence de l’API',
  'help.apiDocument': 'Document OpenAPI (JSON)',
  'help.contactHeading': 'Nous contacter',
  'help.contactIntro': 'Une question, un problème ou une idée ? Envoyez-nous un message, nous vous répondrons par e-mail.',
  'help.contactAddress': 'Vous pouvez aussi écrire à [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Une question, un problème ou une idée ? Envoyez-nous un message, nous répondrons à {email}.',
  'help.emailAddress': 'Adresse e-mail',
  'help.message': 'Message',
  'help.messageHint': '{max} caractères au plus.',
  'help.send': 'Envoyer',
  'connection.continueWith': 'Continuer avec {name}',
  'connection.orDivider': 'ou',
  'connection.homeRealm': 'Votre organisation vous connecte avec {name}.',
  'connection.passwordNotAllowedAny': 'Votre organisation vous connecte avec son fournisseur d’identité, pas avec un mot de passe.',
  'connection.usePassword': 'Utiliser plutôt mon mot de passe',
  'connection.passwordNotAllowed':
    'Votre organisation vous connecte avec {name}. Utilisez « Continuer avec {name} » plutôt qu’un mot de passe.',
  'connection.reference': 'Référence : {id}',
  'connection.refusals.provider_refused':
    'Le fournisseur d’identité ne vous a pas connecté. Réessayez ou connectez-vous avec votre mot de passe.',
  'connection.refusals.not_verified':
    'La réponse du fournisseur d’identité n’a pas pu être vérifiée, vous n’avez donc pas été connecté. Veuillez réessayer.',
  'connection.refusals.expired': 'La connexion a pris trop de temps ou a été commencée dans un autre navigateur. Veuillez recommencer.',
  'connection.refusals.domain_not_allowed':
    'Ce fournisseur d’identité ne peut pas connecter ici les comptes de votre domaine de messagerie.',
  'connection.refusals.no_account':
    'Vous n’avez pas de compte ici, et cette organisation ne crée pas de compte à la première connexion. Demandez une invitation à votre administrateur.',
  'connection.refusals.account_unavailable': 'Votre compte ne peut pas se connecter pour le moment. Contactez votre administrateur.',
  'connection.refusals.email_taken':
    'Un compte avec votre adresse e-mail existe déjà et n’est pas lié à ce fournisseur d’identité. Connectez-vous avec votre mot de passe ou adressez-vous à votre administrateur.',
  'connection.refusals.email_not_verified':
    'Le fournisseur d’identité n’a pas confirmé votre adresse e-mail, aucun compte n’a donc pu être créé ou lié pour vous ici. Adressez-vous à votre administrateur.',
  'connection.refusals.user_limit':
    'Cette organisation ne peut pas accueillir plus d’utilisateurs pour le moment. Contactez votre administrateur.',
  'connection.refusals.second_step_required':
    'Votre compte exige son second facteur, que le fournisseur d’identité n’a pas confirmé. Connectez-vous plutôt avec votre mot de passe.',
  'connection.refusals.unavailable': 'Le fournisseur d’identité est injoignable. Veuillez réessayer plus tard.',
  'connection.refusals.connection_unavailable':
    'Cette connexion n’est plus disponible. Connectez-vous autrement ou contactez votre administrateur.',
  'publicPage.redirecting': 'Redirection…',
  'publicPage.contents': 'Sommaire',
  'challenge.required': 'Veuillez confirmer que vous n’êtes pas un robot, puis réessayez',
  'challenge.failed': 'La vérification n’a pas pu être confirmée, veuillez réessayer',
  'challenge.widget.label': 'Je ne suis pas un robot',
  'challenge.widget.verifying': 'Vérification que je ne suis pas un robot…',
  'challenge.widget.verified': 'Confirmé : je ne suis pas un robot',
  'challenge.widget.error': 'La vérification a échoué, veuillez réessayer',
  'challenge.widget.expired': 'La vérification a expiré, veuillez réessayer',
  'challenge.widget.verificationRequired': 'Veuillez attendre la fin de la vérification',
  'challenge.widget.waitAlert': 'Vérification en cours, veuillez patienter…',
  'challenge.widget.loading': 'Chargement…',
  'challenge.widget.reload': 'Réessayer',
  'challenge.widget.verify': 'Vérifier',
} satisfies PublicCatalog;
