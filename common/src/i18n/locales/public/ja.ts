/** 日本語、公開ページと新規登録。です・ます調。用語集: docs/i18n-glossaries-more.md。 */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': '{product} へようこそ',
  'baseSignup.intro':
    '組織のアプリケーションのためのサインイン、新規登録、2 段階認証を、組織専用の OpenID Connect プロバイダーとともに提供します。Starter パッケージは {users} ユーザーまで無料です。',
  'baseSignup.emailStep':
    'メールアドレスを入力してください。組織を設定するためのリンクをお送りします。あなたがその組織の管理者になります。',
  'baseSignup.emailAddress': 'メールアドレス',
  'baseSignup.getStarted': '始める',
  'baseSignup.tryDemo': 'まずデモを試す',
  'baseSignup.checkYourEmailHeading': 'メールをご確認ください',
  'baseSignup.checkYourEmail':
    '{email} にリンクを送信しました。リンクを開いて組織の名前を決めてください。リンクの有効期間は {lifetime} です。',
  'baseSignup.checkingLink': 'リンクを確認しています...',
  'baseSignup.linkInvalid': 'この登録リンクは有効期限が切れているか、すでに使用されています。最初からやり直してください。',
  'baseSignup.startAgain': '最初からやり直す',
  'baseSignup.organisationHeading': '組織の名前を入力してください',
  'baseSignup.organisationName': '組織名',
  'baseSignup.organisationNameHint': '組織のアドレスは name.{baseHostname} になります。英小文字、数字、ハイフンで 63 文字以内です。',
  'baseSignup.signingUpAs': '管理者:',
  'baseSignup.demoNotice': 'これはデモ組織です。存続期間は {lifetime} で、その後、組織とその中のすべてが削除されます。',
  'baseSignup.finish': '完了',
  'baseSignup.demoHeading': 'デモ組織を試す',
  'baseSignup.demoIntro':
    '自分専用の組織で試してみましょう。アプリケーションの追加、ユーザーの招待、サインイン ポリシーや外観の変更ができます。管理者はデモ用アドレス {email} なので、メールが誰かに届くことはありません。組織の存続期間は {lifetime} で、その後、組織とその中のすべてが削除されます。実在の人物の情報は入力しないでください。',
  'baseSignup.startDemo': 'デモを開始',
  'baseSignup.freeTrial': '組織を使い続けたい場合は、無料トライアルを開始してください',
  'baseSignup.organisationSignInIntro': '組織の名前を入力すると、その組織のサインイン ページに移動します。',
  'baseSignup.organisationNamePlaceholder': 'name',
  'baseSignup.notSignedUpYet': 'まだ登録していませんか?',
  'help.title': 'ヘルプ',
  'help.intro': 'よくある質問への回答と、お問い合わせの方法です。',
  'help.organisationIntro': '{org} へのサインインに関するよくある質問への回答です。',
  'help.freePackageHeading': '無料の Starter パッケージ',
  'help.freePackage1':
    'すべての組織は Starter パッケージから始まり、登録ユーザー {users} 人まで無料です。組織の色で表示されるサインイン ページと新規登録ページ、2 段階認証、サインイン ポリシー、そして必要な数のアプリケーションに使える組織専用の OpenID Connect プロバイダーが含まれます。',
  'help.freePackage2': '組織がこの範囲内にある限り、無料のままです。',
  'help.currentPackage': 'お使いの組織のパッケージは {tier} です。',
  'help.termsLink': '利用規約',
  'help.recoveryHeading': 'パスワードを忘れた場合やロックされた場合',
  'help.recovery1':
    'サインイン ページで「パスワードをお忘れですか？」を選び、メールアドレスを入力してください。新しいパスワードを設定するためのコードをメールでお送りします。コードの有効期間は {minutes} 分で、リクエストしたブラウザーで 1 回だけ使えます。',
  'help.recovery2':
    '誤ったパスワードが何度か続くと、アカウントを守るためにサインインがしばらく一時停止されます。時間をおいてからもう一度お試しください。さらに続くとアカウントはロックされ、ロックを解除できるのは組織の管理者だけです。管理者に依頼してから、もう一度サインインしてください。',
  'help.recoverAccount': 'アカウントを回復する',
  'help.mfaHeading': '2 段階認証 (MFA)',
  'help.mfa1':
    'MFA では、パスワードの後に 2 つ目の確認を求めます。認証アプリのコード (推奨)、または組織が許可している場合は SMS やメールで届くコードです。パスワードを知られても、他人があなたとしてサインインすることはできません。',
  'help.mfa2':
    'サインイン後、メニューの MFA から設定してください。表示される回復コードは安全な場所に保管してください。スマートフォンをなくしたときに、それぞれ 1 回だけ使えます。',
  'help.setUpMfa': 'MFA を設定する',
  'help.supportMessageHeading': '{org} のサポート',
  'help.clientsHeading': 'アプリケーション',
  'help.clientsIntro': '組織のアプリケーションです。管理者はすべてのアプリケーションにサインインできます。',
  'help.noLandingPage': 'ランディング ページなし',
  'help.oidcHeading': 'アプリケーションの接続 (OpenID Connect)',
  'help.oidcIntro':
    'お使いの組織はそれ自体が OpenID Provider です。[アプリケーション] でアプリケーションを追加してクライアント ID とシークレットを取得し、正確なリダイレクト URI を登録してください。認定済みの OpenID Connect ライブラリなら issuer だけで動作し、それ以外はすべてディスカバリー URL から取得します。',
  'help.oidcExampleHeading': '実例: PKCE を使った authorization code フロー',
  'help.oidcStep1':
    'ランダムな code verifier と state を作成してユーザーのセッションに保存し、verifier の SHA-256 (base64url) を code challenge として、ブラウザーを認可エンドポイントに送ります。',
  'help.oidcStep2':
    'Gatehouse はユーザーをサインインさせ、?code=…&state=… を付けてブラウザーをリダイレクト URI に戻します。state が自分のものであることを確認し、1 分以内に 1 回だけ、サーバーからコードを交換してください。',
  'help.oidcStep3':
    '応答には、ID トークン (JWT です。JWKS URI の鍵で署名を検証し、iss、aud、nonce を確認してください)、userinfo エンドポイント用のアクセス トークン、そして prompt=consent 付きで offline_access スコープを要求した場合はリフレッシュ トークンが含まれます。',
  'help.manageApplications': 'アプリケーションを管理',
  'help.apiHeading': 'Gatehouse API',
  'help.apiIntro':
    'これらの画面の操作はすべて、文書化された API を通じて行われます。各操作のパラメーター、応答、エラー、呼び出せるユーザーは OpenAPI 3.1 で記述されています。',
  'help.apiReference': 'API リファレンスを見る',
  'help.apiDocument': 'OpenAPI ドキュメント (JSON)',
  'help.contactHeading': 'お問い合わせ',
  'help.contactIntro': 'ご質問、問題、アイデアはありますか? メッセージをお送りください。メールで返信します。',
  'help.contactAddress': '[{address}](mailto:{address}) 宛てにメールでもお問い合わせいただけます。',
  'help.contactSignedIn': 'ご質問、問題、アイデアはありますか? メッセージをお送りください。{email} 宛てに返信します。',
  'help.emailAddress': 'メールアドレス',
  'help.message': 'メッセージ',
  'help.messageHint': '{max} 文字以内。',
  'help.send': '送信',
  'connection.continueWith': '{name} で続行',
  'connection.orDivider': 'または',
  'connection.homeRealm': 'お使いの組織では {name} でサインインします。',
  'connection.passwordNotAllowedAny': 'お使いの組織では、パスワードではなく組織の ID プロバイダーでサインインします。',
  'connection.usePassword': '代わりにパスワードを使う',
  'connection.passwordNotAllowed': 'お使いの組織では {name} でサインインします。パスワードの代わりに「{name} で続行」を使ってください。',
  'connection.reference': '参照番号: {id}',
  'connection.refusals.provider_refused':
    'ID プロバイダーでサインインできませんでした。もう一度試すか、パスワードでサインインしてください。',
  'connection.refusals.not_verified': 'ID プロバイダーの応答を検証できなかったため、サインインしませんでした。もう一度お試しください。',
  'connection.refusals.expired': 'サインインに時間がかかりすぎたか、別のブラウザーで開始されました。最初からやり直してください。',
  'connection.refusals.domain_not_allowed': 'この ID プロバイダーでは、お使いのメール ドメインのアカウントはここにサインインできません。',
  'connection.refusals.no_account':
    'ここにはあなたのアカウントがなく、この組織では初回サインイン時にアカウントを作成しません。管理者に招待を依頼してください。',
  'connection.refusals.account_unavailable': '現在、このアカウントではサインインできません。管理者にお問い合わせください。',
  'connection.refusals.email_taken':
    'お使いのメールアドレスのアカウントはすでにありますが、この ID プロバイダーとリンクされていません。パスワードでサインインするか、管理者にお問い合わせください。',
  'connection.refusals.email_not_verified':
    'ID プロバイダーがメールアドレスを確認しなかったため、ここでアカウントを作成またはリンクできませんでした。管理者にお問い合わせください。',
  'connection.refusals.user_limit': 'この組織では現在、これ以上ユーザーを追加できません。管理者にお問い合わせください。',
  'connection.refusals.second_step_required':
    'このアカウントには 2 段階目の認証が必要ですが、ID プロバイダーで確認されませんでした。代わりにパスワードでサインインしてください。',
  'connection.refusals.unavailable': 'ID プロバイダーに接続できませんでした。しばらくしてからもう一度お試しください。',
  'connection.refusals.connection_unavailable':
    'このサインイン接続は利用できなくなりました。別の方法でサインインするか、管理者にお問い合わせください。',
  'publicPage.redirecting': 'リダイレクトしています...',
  'publicPage.contents': '目次',
  'challenge.required': 'ロボットではないことを確認してから、もう一度お試しください',
  'challenge.failed': '確認できませんでした。もう一度お試しください',
  'challenge.widget.label': '私はロボットではありません',
  'challenge.widget.verifying': 'ロボットではないことを確認しています…',
  'challenge.widget.verified': '確認済み: 私はロボットではありません',
  'challenge.widget.error': '確認に失敗しました。もう一度お試しください',
  'challenge.widget.expired': '確認の有効期限が切れました。もう一度お試しください',
  'challenge.widget.verificationRequired': '確認が終わるまでお待ちください',
  'challenge.widget.waitAlert': '確認しています。お待ちください…',
  'challenge.widget.loading': '読み込んでいます…',
  'challenge.widget.reload': '再試行',
  'challenge.widget.verify': '確認',
} satisfies PublicCatalog;
