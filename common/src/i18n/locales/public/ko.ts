/** 한국어, 공개 페이지와 가입. 합니다체, 안내는 "~하세요". 용어집: docs/i18n-glossaries-more.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': '{product}에 오신 것을 환영합니다',
  'baseSignup.intro':
    '조직의 애플리케이션을 위한 로그인, 가입, 2단계 인증을 조직 전용 OpenID Connect 공급자와 함께 제공합니다. Starter 패키지는 사용자 {users}명까지 무료입니다.',
  'baseSignup.emailStep': '이메일 주소를 입력하면 조직을 설정할 수 있는 링크를 보내 드립니다. 입력한 분이 조직의 관리자가 됩니다.',
  'baseSignup.emailAddress': '이메일 주소',
  'baseSignup.getStarted': '시작하기',
  'baseSignup.tryDemo': '먼저 데모 사용해 보기',
  'baseSignup.checkYourEmailHeading': '이메일을 확인하세요',
  'baseSignup.checkYourEmail': '{email}(으)로 링크를 보냈습니다. 링크를 열어 조직 이름을 정하세요. 링크는 {lifetime} 동안 유효합니다.',
  'baseSignup.checkingLink': '링크를 확인하는 중...',
  'baseSignup.linkInvalid': '이 가입 링크는 만료되었거나 이미 사용되었습니다. 처음부터 다시 시작하세요.',
  'baseSignup.startAgain': '다시 시작',
  'baseSignup.organisationHeading': '조직 이름을 입력하세요',
  'baseSignup.organisationName': '조직 이름',
  'baseSignup.organisationNameHint': '조직 주소는 name.{baseHostname}이 됩니다. 영문 소문자, 숫자, 하이픈으로 최대 63자입니다.',
  'baseSignup.signingUpAs': '관리자:',
  'baseSignup.demoNotice': '데모 조직입니다. {lifetime} 동안 유지된 후 조직과 그 안의 모든 항목이 삭제됩니다.',
  'baseSignup.finish': '완료',
  'baseSignup.demoHeading': '데모 조직 사용해 보기',
  'baseSignup.demoIntro':
    '직접 살펴볼 수 있는 나만의 조직을 받으세요. 애플리케이션을 추가하고, 사용자를 초대하고, 로그인 정책과 모양을 바꿀 수 있습니다. 관리자는 데모 주소 {email}이므로 누구에게도 이메일이 가지 않으며, 조직은 {lifetime} 동안 유지된 후 그 안의 모든 항목과 함께 삭제됩니다. 실제 사람의 정보는 입력하지 마세요.',
  'baseSignup.startDemo': '데모 시작',
  'baseSignup.freeTrial': '조직을 계속 사용하고 싶으신가요? 무료 체험을 시작하세요',
  'baseSignup.organisationSignInIntro': '조직 이름을 입력하면 해당 조직의 로그인 페이지로 이동합니다.',
  'baseSignup.organisationNamePlaceholder': 'name',
  'baseSignup.notSignedUpYet': '아직 가입하지 않으셨나요?',
  'help.title': '도움말',
  'help.intro': '자주 묻는 질문에 대한 답변과 문의 방법입니다.',
  'help.organisationIntro': '{org} 로그인에 관해 자주 묻는 질문에 대한 답변입니다.',
  'help.freePackageHeading': '무료 Starter 패키지',
  'help.freePackage1':
    '모든 조직은 등록 사용자 {users}명까지 무료인 Starter 패키지로 시작합니다. 조직 색상의 로그인 및 가입 페이지, 2단계 인증, 로그인 정책, 그리고 필요한 만큼의 애플리케이션에 쓸 수 있는 조직 전용 OpenID Connect 공급자가 포함됩니다.',
  'help.freePackage2': '조직이 이 범위 안에 있는 한 계속 무료입니다.',
  'help.currentPackage': '조직의 패키지는 {tier}입니다.',
  'help.termsLink': '이용 약관',
  'help.recoveryHeading': '비밀번호를 잊었거나 계정이 잠겼나요?',
  'help.recovery1':
    '로그인 페이지에서 "비밀번호를 잊으셨나요?"를 선택하고 이메일 주소를 입력하세요. 새 비밀번호를 정할 수 있는 코드를 이메일로 보내 드립니다. 코드는 {minutes}분 동안, 요청한 브라우저에서 한 번만 사용할 수 있습니다.',
  'help.recovery2':
    '잘못된 비밀번호를 여러 번 연속으로 입력하면 계정을 보호하기 위해 로그인이 잠시 중지됩니다. 기다린 후 다시 시도하세요. 더 많이 틀리면 계정이 잠기며, 조직의 관리자만 잠금을 해제할 수 있습니다. 관리자에게 요청한 후 다시 로그인하세요.',
  'help.recoverAccount': '계정 복구',
  'help.mfaHeading': '2단계 인증(MFA)',
  'help.mfa1':
    'MFA는 비밀번호 다음에 두 번째 확인을 요청합니다. 인증 앱의 코드(권장) 또는 조직에서 허용하는 경우 문자 메시지나 이메일로 받은 코드입니다. 누군가 비밀번호를 알아내더라도 본인으로 로그인할 수 없습니다.',
  'help.mfa2':
    '로그인한 후 메뉴의 MFA에서 설정하세요. 표시되는 복구 코드는 안전한 곳에 보관하세요. 휴대전화를 잃어버렸을 때 각 코드를 한 번씩 사용할 수 있습니다.',
  'help.setUpMfa': 'MFA 설정',
  'help.supportMessageHeading': '{org} 지원',
  'help.clientsHeading': '내 애플리케이션',
  'help.clientsIntro': '조직의 애플리케이션입니다. 관리자는 모든 애플리케이션에 로그인할 수 있습니다.',
  'help.noLandingPage': '랜딩 페이지 없음',
  'help.oidcHeading': '애플리케이션 연결(OpenID Connect)',
  'help.oidcIntro':
    '조직은 그 자체로 OpenID Provider입니다. 애플리케이션에서 애플리케이션을 추가하여 클라이언트 ID와 시크릿을 받고, 정확한 리디렉션 URI를 등록하세요. 인증된 OpenID Connect 라이브러리는 issuer만 있으면 되며, 나머지는 모두 디스커버리 URL에서 찾습니다.',
  'help.oidcExampleHeading': '실제 예: PKCE를 사용한 authorization code 흐름',
  'help.oidcStep1':
    '임의의 code verifier와 state를 만들어 사용자 세션에 저장하고, verifier의 SHA-256(base64url)을 code challenge로 하여 브라우저를 권한 부여 엔드포인트로 보내세요.',
  'help.oidcStep2':
    'Gatehouse가 사용자를 로그인시키고 ?code=…&state=…와 함께 브라우저를 리디렉션 URI로 돌려보냅니다. state가 내 것인지 확인한 후, 1분 안에 한 번만 서버에서 코드를 교환하세요.',
  'help.oidcStep3':
    '응답에는 ID 토큰(JWT: JWKS URI의 키로 서명을 확인하고 iss, aud, nonce를 확인하세요), userinfo 엔드포인트용 액세스 토큰, 그리고 prompt=consent와 함께 offline_access 범위를 요청한 경우 리프레시 토큰이 들어 있습니다.',
  'help.manageApplications': '애플리케이션 관리',
  'help.apiHeading': 'Gatehouse API',
  'help.apiIntro':
    '이 화면에서 하는 모든 작업은 문서화된 API를 거칩니다. 각 작업과 매개변수, 응답, 오류, 호출할 수 있는 사용자가 OpenAPI 3.1로 설명되어 있습니다.',
  'help.apiReference': 'API 참조 보기',
  'help.apiDocument': 'OpenAPI 문서(JSON)',
  'help.contactHeading': '문의하기',
  'help.contactIntro': '질문, 문제, 아이디어가 있으신가요? 메시지를 보내 주시면 이메일로 답변해 드립니다.',
  'help.contactAddress': '[{address}](mailto:{address})(으)로 메일을 보내셔도 됩니다.',
  'help.contactSignedIn': '질문, 문제, 아이디어가 있으신가요? 메시지를 보내 주시면 {email}(으)로 답변해 드립니다.',
  'help.emailAddress': '이메일 주소',
  'help.message': '메시지',
  'help.messageHint': '최대 {max}자.',
  'help.send': '보내기',
  'connection.continueWith': '{name}(으)로 계속',
  'connection.orDivider': '또는',
  'connection.homeRealm': '조직에서 {name}(으)로 로그인합니다.',
  'connection.passwordNotAllowedAny': '조직에서 비밀번호가 아닌 조직의 ID 공급자로 로그인합니다.',
  'connection.usePassword': '대신 내 비밀번호 사용',
  'connection.passwordNotAllowed': '조직에서 {name}(으)로 로그인합니다. 비밀번호 대신 "{name}(으)로 계속"을 사용하세요.',
  'connection.reference': '참조: {id}',
  'connection.refusals.provider_refused': 'ID 공급자에서 로그인되지 않았습니다. 다시 시도하거나 비밀번호로 로그인하세요.',
  'connection.refusals.not_verified': 'ID 공급자의 응답을 확인할 수 없어 로그인되지 않았습니다. 다시 시도하세요.',
  'connection.refusals.expired': '로그인 시간이 너무 오래 걸렸거나 다른 브라우저에서 시작되었습니다. 처음부터 다시 시작하세요.',
  'connection.refusals.domain_not_allowed': '이 ID 공급자로는 여기에서 내 이메일 도메인의 계정으로 로그인할 수 없습니다.',
  'connection.refusals.no_account': '여기에 내 계정이 없으며, 이 조직은 첫 로그인 때 계정을 만들지 않습니다. 관리자에게 초대를 요청하세요.',
  'connection.refusals.account_unavailable': '지금은 이 계정으로 로그인할 수 없습니다. 관리자에게 문의하세요.',
  'connection.refusals.email_taken':
    '내 이메일을 사용하는 계정이 이미 있으며 이 ID 공급자와 연결되어 있지 않습니다. 비밀번호로 로그인하거나 관리자에게 문의하세요.',
  'connection.refusals.email_not_verified':
    'ID 공급자가 이메일 주소를 확인하지 않아 여기에서 계정을 만들거나 연결할 수 없었습니다. 관리자에게 문의하세요.',
  'connection.refusals.user_limit': '이 조직은 지금 사용자를 더 추가할 수 없습니다. 관리자에게 문의하세요.',
  'connection.refusals.second_step_required':
    '이 계정에는 2단계 인증이 필요하지만 ID 공급자에서 확인되지 않았습니다. 대신 비밀번호로 로그인하세요.',
  'connection.refusals.unavailable': 'ID 공급자에 연결할 수 없습니다. 나중에 다시 시도하세요.',
  'connection.refusals.connection_unavailable':
    '이 로그인 연결은 더 이상 사용할 수 없습니다. 다른 방법으로 로그인하거나 관리자에게 문의하세요.',
  'publicPage.redirecting': '이동하는 중...',
  'publicPage.contents': '목차',
} satisfies PublicCatalog;
