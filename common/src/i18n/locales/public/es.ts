/** Español, páginas públicas y registro. Tuteo; glosario: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Te damos la bienvenida a {product}',
  'baseSignup.intro':
    'Inicio de sesión, registro y verificación en dos pasos para las aplicaciones de tu organización, con su propio proveedor de OpenID Connect. El paquete Starter es gratuito para hasta {users} usuarios.',
  'baseSignup.emailStep':
    'Introduce tu dirección de correo electrónico y te enviaremos un enlace para configurar tu organización. Serás su administrador.',
  'baseSignup.emailAddress': 'Dirección de correo electrónico',
  'baseSignup.getStarted': 'Empezar',
  'baseSignup.tryDemo': 'Probar antes la demo',
  'baseSignup.checkYourEmailHeading': 'Revisa tu correo',
  'baseSignup.checkYourEmail':
    'Hemos enviado un enlace a {email}. Ábrelo para elegir el nombre de tu organización. El enlace es válido durante {lifetime}.',
  'baseSignup.checkingLink': 'Comprobando tu enlace...',
  'baseSignup.linkInvalid': 'Este enlace de registro ha caducado o ya se ha usado. Vuelve a empezar.',
  'baseSignup.startAgain': 'Volver a empezar',
  'baseSignup.organisationHeading': 'Indica el nombre de tu organización',
  'baseSignup.organisationName': 'Nombre de la organización',
  'baseSignup.organisationNameHint':
    'Tu organización estará en nombre.{baseHostname}: letras minúsculas, dígitos y guiones, hasta 63 caracteres.',
  'baseSignup.signingUpAs': 'Administrador:',
  'baseSignup.demoNotice':
    'Esta es una organización de demostración: existe durante {lifetime} y después se elimina con todo su contenido.',
  'baseSignup.finish': 'Finalizar',
  'baseSignup.demoHeading': 'Prueba una organización de demostración',
  'baseSignup.demoIntro':
    'Obtén una organización propia para explorar: añade aplicaciones, invita a usuarios y cambia la política de inicio de sesión y la apariencia. Su administrador es la dirección de demostración {email}, así que ningún correo llega a nadie; la organización existe durante {lifetime} y después se elimina con todo su contenido. No introduzcas datos de personas reales.',
  'baseSignup.startDemo': 'Iniciar la demo',
  'baseSignup.freeTrial': '¿Quieres conservar tu organización? Empieza una prueba gratuita',
  'baseSignup.organisationSignInIntro': 'Introduce el nombre de tu organización para ir a su página de inicio de sesión.',
  'baseSignup.organisationNamePlaceholder': 'nombre',
  'baseSignup.notSignedUpYet': '¿Aún no te has registrado?',
  'help.title': 'Ayuda',
  'help.intro': 'Respuestas a preguntas frecuentes y cómo contactar con nosotros.',
  'help.organisationIntro': 'Respuestas a preguntas frecuentes sobre cómo iniciar sesión en {org}.',
  'help.freePackageHeading': 'El paquete Starter gratuito',
  'help.freePackage1':
    'Toda organización empieza con el paquete Starter, gratuito para hasta {users} usuarios registrados: páginas de inicio de sesión y registro con los colores de tu organización, verificación en dos pasos, políticas de inicio de sesión y su propio proveedor de OpenID Connect para todas las aplicaciones que necesites.',
  'help.freePackage2': 'Sigue siendo gratuito mientras tu organización se mantenga dentro de sus límites.',
  'help.currentPackage': 'Tu organización tiene el paquete {tier}.',
  'help.termsLink': 'Términos y condiciones de uso',
  'help.recoveryHeading': '¿Has olvidado tu contraseña o tu cuenta está bloqueada?',
  'help.recovery1':
    'Elige «¿Has olvidado tu contraseña?» en la página de inicio de sesión e introduce tu dirección de correo electrónico: te enviaremos por correo un código para elegir una contraseña nueva. El código es válido durante {minutes} minutos, una sola vez, en el navegador donde lo pediste.',
  'help.recovery2':
    'Tras varias contraseñas incorrectas seguidas, el inicio de sesión se pausa un tiempo para proteger tu cuenta: espera y vuelve a intentarlo. Si sigues fallando, la cuenta se bloquea y solo un administrador de tu organización puede desbloquearla: pídeselo y vuelve a iniciar sesión.',
  'help.recoverAccount': 'Recuperar tu cuenta',
  'help.mfaHeading': 'Verificación en dos pasos (MFA)',
  'help.mfa1':
    'La MFA pide una segunda prueba después de tu contraseña: un código de una aplicación de autenticación (recomendado) o, si tu organización lo permite, un código por SMS o correo electrónico. Quien descubra tu contraseña seguirá sin poder iniciar sesión como tú.',
  'help.mfa2':
    'Cuando hayas iniciado sesión, configúrala en MFA, en el menú. Guarda en un lugar seguro los códigos de recuperación que se muestran: cada uno sirve una vez, por si pierdes el teléfono.',
  'help.setUpMfa': 'Configurar la MFA',
  'help.supportMessageHeading': 'Asistencia de {org}',
  'help.clientsHeading': 'Tus aplicaciones',
  'help.clientsIntro': 'Las aplicaciones de tu organización. Como administrador puedes iniciar sesión en todas ellas.',
  'help.noLandingPage': 'Sin página de inicio',
  'help.oidcHeading': 'Conectar una aplicación (OpenID Connect)',
  'help.oidcIntro':
    'Tu organización es un proveedor de OpenID propio. Añade la aplicación en Aplicaciones para obtener su id de cliente y su secreto, y registra sus URI de redirección exactas. Cualquier biblioteca certificada de OpenID Connect solo necesita entonces el emisor: encuentra todo lo demás en la URL de descubrimiento.',
  'help.oidcExampleHeading': 'Un ejemplo completo: el flujo authorization code con PKCE',
  'help.oidcStep1':
    'Genera un code verifier y un state aleatorios, guárdalos en la sesión del usuario y envía el navegador al endpoint de autorización con el SHA-256 (base64url) del verifier como code challenge:',
  'help.oidcStep2':
    'Gatehouse inicia la sesión del usuario y devuelve el navegador a tu URI de redirección con ?code=…&state=…. Comprueba que el state es tuyo y canjea el código desde tu servidor, en menos de un minuto, una sola vez:',
  'help.oidcStep3':
    'La respuesta contiene un token de ID (un JWT: comprueba su firma con las claves del URI de JWKS, y sus iss, aud y nonce), un token de acceso para el endpoint userinfo y, si pediste el scope offline_access con prompt=consent, un token de actualización.',
  'help.manageApplications': 'Gestionar aplicaciones',
  'help.apiHeading': 'La API de Gatehouse',
  'help.apiIntro':
    'Todo lo que hacen estas pantallas pasa por una API documentada: cada operación, sus parámetros, respuestas y errores, y quién puede llamarla, descritos en OpenAPI 3.1.',
  'help.apiReference': 'Ver la referencia de la API',
  'help.apiDocument': 'Documento OpenAPI (JSON)',
  'help.contactHeading': 'Contacto',
  'help.contactIntro': '¿Una pregunta, un problema o una idea? Envíanos un mensaje y te responderemos por correo electrónico.',
  'help.contactAddress': 'También puedes escribir a [{address}](mailto:{address}).',
  'help.contactSignedIn': '¿Una pregunta, un problema o una idea? Envíanos un mensaje y responderemos a {email}.',
  'help.emailAddress': 'Dirección de correo electrónico',
  'help.message': 'Mensaje',
  'help.messageHint': 'Hasta {max} caracteres.',
  'help.send': 'Enviar',
  'connection.continueWith': 'Continuar con {name}',
  'connection.orDivider': 'o',
  'connection.homeRealm': 'Tu organización inicia tu sesión con {name}.',
  'connection.passwordNotAllowedAny': 'Tu organización inicia tu sesión con su proveedor de identidad, no con una contraseña.',
  'connection.usePassword': 'Usar mi contraseña',
  'connection.passwordNotAllowed': 'Tu organización inicia tu sesión con {name}. Usa «Continuar con {name}» en lugar de una contraseña.',
  'connection.reference': 'Referencia: {id}',
  'connection.refusals.provider_refused':
    'El proveedor de identidad no ha iniciado tu sesión. Vuelve a intentarlo o inicia sesión con tu contraseña.',
  'connection.refusals.not_verified':
    'No se ha podido verificar la respuesta del proveedor de identidad, así que no se ha iniciado tu sesión. Vuelve a intentarlo.',
  'connection.refusals.expired': 'El inicio de sesión ha tardado demasiado o se empezó en otro navegador. Vuelve a empezar.',
  'connection.refusals.domain_not_allowed':
    'Este proveedor de identidad no puede iniciar aquí la sesión de cuentas con tu dominio de correo.',
  'connection.refusals.no_account':
    'Aquí no hay ninguna cuenta tuya, y esta organización no crea cuentas en el primer inicio de sesión. Pide una invitación a tu administrador.',
  'connection.refusals.account_unavailable': 'Tu cuenta no puede iniciar sesión en este momento. Ponte en contacto con tu administrador.',
  'connection.refusals.email_taken':
    'Ya existe una cuenta con tu correo y no está vinculada a este proveedor de identidad. Inicia sesión con tu contraseña o consulta a tu administrador.',
  'connection.refusals.email_not_verified':
    'El proveedor de identidad no ha confirmado tu dirección de correo, así que no se ha podido crear ni vincular ninguna cuenta para ti. Consulta a tu administrador.',
  'connection.refusals.user_limit':
    'Esta organización no puede admitir más usuarios en este momento. Ponte en contacto con tu administrador.',
  'connection.refusals.second_step_required':
    'Tu cuenta necesita su segundo paso, que el proveedor de identidad no ha confirmado. Inicia sesión con tu contraseña.',
  'connection.refusals.unavailable': 'No se ha podido contactar con el proveedor de identidad. Vuelve a intentarlo más tarde.',
  'connection.refusals.connection_unavailable':
    'Esta conexión de inicio de sesión ya no está disponible. Inicia sesión de otra forma o ponte en contacto con tu administrador.',
  'publicPage.redirecting': 'Redirigiendo...',
  'publicPage.contents': 'Contenido',
  'challenge.required': 'Confirma que no eres un robot y vuelve a intentarlo',
  'challenge.failed': 'No se pudo confirmar la comprobación. Vuelve a intentarlo',
  'challenge.widget.label': 'No soy un robot',
  'challenge.widget.verifying': 'Comprobando que no soy un robot…',
  'challenge.widget.verified': 'Confirmado: no soy un robot',
  'challenge.widget.error': 'La comprobación ha fallado. Vuelve a intentarlo',
  'challenge.widget.expired': 'La comprobación ha caducado. Vuelve a intentarlo',
  'challenge.widget.verificationRequired': 'Espera a que termine la comprobación',
  'challenge.widget.waitAlert': 'Comprobando, espera…',
  'challenge.widget.loading': 'Cargando…',
  'challenge.widget.reload': 'Reintentar',
  'challenge.widget.verify': 'Comprobar',
} satisfies PublicCatalog;
