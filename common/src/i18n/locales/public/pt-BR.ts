/** Português (Brasil), páginas públicas e cadastro. Tratamento "você"; glossário: docs/i18n-glossaries-europe.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Boas-vindas ao {product}',
  'baseSignup.intro':
    'Login, cadastro e verificação em duas etapas para os aplicativos da sua organização, com um provedor OpenID Connect próprio. O pacote Starter é gratuito para até {users} usuários.',
  'baseSignup.emailStep':
    'Digite seu endereço de e-mail e enviaremos um link para você configurar sua organização. Você será o administrador dela.',
  'baseSignup.emailAddress': 'Endereço de e-mail',
  'baseSignup.getStarted': 'Começar',
  'baseSignup.tryDemo': 'Experimentar a demonstração primeiro',
  'baseSignup.checkYourEmailHeading': 'Confira seu e-mail',
  'baseSignup.checkYourEmail': 'Enviamos um link para {email}. Abra-o para escolher o nome da sua organização. O link vale por {lifetime}.',
  'baseSignup.checkingLink': 'Verificando seu link...',
  'baseSignup.linkInvalid': 'Este link de cadastro expirou ou já foi usado. Comece de novo.',
  'baseSignup.startAgain': 'Começar de novo',
  'baseSignup.organisationHeading': 'Informe o nome da sua organização',
  'baseSignup.organisationName': 'Nome da organização',
  'baseSignup.organisationNameHint':
    'Sua organização ficará em nome.{baseHostname}: letras minúsculas, dígitos e hifens, até 63 caracteres.',
  'baseSignup.signingUpAs': 'Administrador:',
  'baseSignup.demoNotice': 'Esta é uma organização de demonstração: ela existe por {lifetime} e depois é excluída com tudo o que contém.',
  'baseSignup.finish': 'Concluir',
  'baseSignup.demoHeading': 'Experimente uma organização de demonstração',
  'baseSignup.demoIntro':
    'Receba uma organização só sua para explorar: adicione aplicativos, convide usuários e altere a política de login e a aparência. O administrador dela é o endereço de demonstração {email}, então nenhum e-mail chega a ninguém; a organização existe por {lifetime} e depois é excluída com tudo o que contém. Não digite dados de pessoas reais.',
  'baseSignup.startDemo': 'Iniciar demonstração',
  'baseSignup.freeTrial': 'Quer manter sua organização? Comece um teste gratuito',
  'baseSignup.organisationSignInIntro': 'Digite o nome da sua organização para ir à página de login dela.',
  'baseSignup.organisationNamePlaceholder': 'nome',
  'baseSignup.notSignedUpYet': 'Ainda não tem cadastro?',
  'help.title': 'Ajuda',
  'help.intro': 'Respostas a perguntas frequentes e como falar conosco.',
  'help.organisationIntro': 'Respostas a perguntas frequentes sobre como entrar em {org}.',
  'help.freePackageHeading': 'O pacote Starter gratuito',
  'help.freePackage1':
    'Toda organização começa no pacote Starter, gratuito para até {users} usuários cadastrados: páginas de login e cadastro com as cores da sua organização, verificação em duas etapas, políticas de login e um provedor OpenID Connect próprio para quantos aplicativos você precisar.',
  'help.freePackage2': 'Ele continua gratuito enquanto sua organização ficar dentro dos limites dele.',
  'help.currentPackage': 'Sua organização está no pacote {tier}.',
  'help.termsLink': 'Termos e condições de uso',
  'help.recoveryHeading': 'Esqueceu sua senha ou foi bloqueado?',
  'help.recovery1':
    'Escolha "Esqueceu a senha?" na página de login e digite seu endereço de e-mail: enviaremos por e-mail um código para você escolher uma nova senha. O código vale por {minutes} minutos, uma única vez, no navegador em que você o pediu.',
  'help.recovery2':
    'Depois de várias senhas erradas seguidas, o login fica pausado por um tempo para proteger sua conta: aguarde e tente de novo. Depois de mais tentativas, a conta é bloqueada e só um administrador da sua organização pode desbloqueá-la: peça a ele e depois entre de novo.',
  'help.recoverAccount': 'Recuperar sua conta',
  'help.mfaHeading': 'Verificação em duas etapas (MFA)',
  'help.mfa1':
    'A MFA pede uma segunda prova depois da sua senha: um código de um aplicativo autenticador (recomendado) ou, quando sua organização permite, um código por SMS ou e-mail. Quem descobrir sua senha ainda assim não consegue entrar como você.',
  'help.mfa2':
    'Depois de entrar, configure-a em MFA, no menu. Guarde em local seguro os códigos de recuperação mostrados: cada um funciona uma vez, caso você perca o celular.',
  'help.setUpMfa': 'Configurar MFA',
  'help.supportMessageHeading': 'Suporte de {org}',
  'help.clientsHeading': 'Seus aplicativos',
  'help.clientsIntro': 'Os aplicativos da sua organização. Como administrador, você pode entrar em todos eles.',
  'help.noLandingPage': 'Sem página inicial',
  'help.oidcHeading': 'Conectar um aplicativo (OpenID Connect)',
  'help.oidcIntro':
    'Sua organização é um provedor OpenID próprio. Adicione o aplicativo em Aplicativos para obter o client id e o secret dele e registre as URIs de redirecionamento exatas. Qualquer biblioteca OpenID Connect certificada precisa então apenas do emissor: ela encontra todo o resto na URL de descoberta.',
  'help.oidcExampleHeading': 'Um exemplo completo: o fluxo authorization code com PKCE',
  'help.oidcStep1':
    'Gere um code verifier e um state aleatórios, guarde-os na sessão do usuário e envie o navegador ao endpoint de autorização com o SHA-256 (base64url) do verifier como code challenge:',
  'help.oidcStep2':
    'O Gatehouse faz o login do usuário e devolve o navegador à sua URI de redirecionamento com ?code=…&state=…. Confira se o state é seu e troque o código a partir do seu servidor, em até um minuto, uma única vez:',
  'help.oidcStep3':
    'A resposta traz um ID token (um JWT: confira a assinatura dele com as chaves da URI JWKS, e os campos iss, aud e nonce), um access token para o endpoint userinfo e, quando você pediu o scope offline_access com prompt=consent, um refresh token.',
  'help.manageApplications': 'Gerenciar aplicativos',
  'help.apiHeading': 'A API do Gatehouse',
  'help.apiIntro':
    'Tudo o que estas telas fazem passa por uma API documentada: cada operação, seus parâmetros, respostas e erros, e quem pode chamá-la, descritos em OpenAPI 3.1.',
  'help.apiReference': 'Ver a referência da API',
  'help.apiDocument': 'Documento OpenAPI (JSON)',
  'help.contactHeading': 'Fale conosco',
  'help.contactIntro': 'Uma pergunta, um problema ou uma ideia? Envie uma mensagem e responderemos por e-mail.',
  'help.contactAddress': 'Você também pode escrever para [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Uma pergunta, um problema ou uma ideia? Envie uma mensagem e responderemos para {email}.',
  'help.emailAddress': 'Endereço de e-mail',
  'help.message': 'Mensagem',
  'help.messageHint': 'Até {max} caracteres.',
  'help.send': 'Enviar',
  'connection.continueWith': 'Continuar com {name}',
  'connection.orDivider': 'ou',
  'connection.homeRealm': 'Sua organização faz seu login com {name}.',
  'connection.passwordNotAllowedAny': 'Sua organização faz seu login com o provedor de identidade dela, não com uma senha.',
  'connection.usePassword': 'Usar minha senha',
  'connection.passwordNotAllowed': 'Sua organização faz seu login com {name}. Use "Continuar com {name}" em vez de uma senha.',
  'connection.reference': 'Referência: {id}',
  'connection.refusals.provider_refused': 'O provedor de identidade não fez seu login. Tente de novo ou entre com sua senha.',
  'connection.refusals.not_verified':
    'Não foi possível verificar a resposta do provedor de identidade, então você não entrou. Tente de novo.',
  'connection.refusals.expired': 'O login demorou demais ou foi iniciado em outro navegador. Comece de novo.',
  'connection.refusals.domain_not_allowed': 'Este provedor de identidade não pode fazer login aqui de contas com o seu domínio de e-mail.',
  'connection.refusals.no_account':
    'Não há uma conta sua aqui, e esta organização não cria contas no primeiro login. Peça um convite ao seu administrador.',
  'connection.refusals.account_unavailable': 'Sua conta não pode entrar no momento. Fale com seu administrador.',
  'connection.refusals.email_taken':
    'Já existe uma conta com seu e-mail, e ela não está vinculada a este provedor de identidade. Entre com sua senha ou fale com seu administrador.',
  'connection.refusals.email_not_verified':
    'O provedor de identidade não confirmou seu endereço de e-mail, então nenhuma conta pôde ser criada ou vinculada para você aqui. Fale com seu administrador.',
  'connection.refusals.user_limit': 'Esta organização não pode receber mais usuários no momento. Fale com seu administrador.',
  'connection.refusals.second_step_required':
    'Sua conta precisa da segunda etapa, que o provedor de identidade não confirmou. Entre com sua senha.',
  'connection.refusals.unavailable': 'Não foi possível acessar o provedor de identidade. Tente de novo mais tarde.',
  'connection.refusals.connection_unavailable':
    'Esta conexão de login não está mais disponível. Entre de outra forma ou fale com seu administrador.',
  'publicPage.redirecting': 'Redirecionando...',
  'publicPage.contents': 'Conteúdo',
  'challenge.required': 'Confirme que você não é um robô e tente novamente',
  'challenge.failed': 'Não foi possível confirmar a verificação. Tente novamente',
  'challenge.widget.label': 'Não sou um robô',
  'challenge.widget.verifying': 'Verificando que não sou um robô…',
  'challenge.widget.verified': 'Confirmado: não sou um robô',
  'challenge.widget.error': 'A verificação falhou. Tente novamente',
  'challenge.widget.expired': 'A verificação expirou. Tente novamente',
  'challenge.widget.verificationRequired': 'Aguarde até a verificação terminar',
  'challenge.widget.waitAlert': 'Verificando, aguarde…',
  'challenge.widget.loading': 'Carregando…',
  'challenge.widget.reload': 'Tentar novamente',
  'challenge.widget.verify': 'Verificar',
} satisfies PublicCatalog;
