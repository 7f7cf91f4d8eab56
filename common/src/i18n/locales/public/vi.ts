/** Tiếng Việt, trang công khai và đăng ký. Xưng "bạn"; bảng thuật ngữ: docs/i18n-glossaries-more.md. */
import type { PublicCatalog } from '../../catalog.ts';

export default {
  'baseSignup.welcome': 'Chào mừng bạn đến với {product}',
  'baseSignup.intro':
    'Đăng nhập, đăng ký và xác thực hai yếu tố cho các ứng dụng của tổ chức bạn, cùng nhà cung cấp OpenID Connect riêng của tổ chức. Gói Starter miễn phí cho tối đa {users} người dùng.',
  'baseSignup.emailStep':
    'Nhập địa chỉ email của bạn và chúng tôi sẽ gửi cho bạn đường liên kết để thiết lập tổ chức. Bạn sẽ là quản trị viên của tổ chức.',
  'baseSignup.emailAddress': 'Địa chỉ email',
  'baseSignup.getStarted': 'Bắt đầu',
  'baseSignup.tryDemo': 'Dùng thử bản demo trước',
  'baseSignup.checkYourEmailHeading': 'Kiểm tra email của bạn',
  'baseSignup.checkYourEmail':
    'Chúng tôi đã gửi đường liên kết đến {email}. Mở đường liên kết đó để chọn tên cho tổ chức của bạn. Đường liên kết có hiệu lực trong {lifetime}.',
  'baseSignup.checkingLink': 'Đang kiểm tra đường liên kết của bạn...',
  'baseSignup.linkInvalid': 'Đường liên kết đăng ký này đã hết hạn hoặc đã được sử dụng. Vui lòng bắt đầu lại.',
  'baseSignup.startAgain': 'Bắt đầu lại',
  'baseSignup.organisationHeading': 'Vui lòng nhập tên tổ chức của bạn',
  'baseSignup.organisationName': 'Tên tổ chức',
  'baseSignup.organisationNameHint':
    'Tổ chức của bạn sẽ ở địa chỉ ten.{baseHostname}: chữ thường, chữ số và dấu gạch nối, tối đa 63 ký tự.',
  'baseSignup.signingUpAs': 'Quản trị viên:',
  'baseSignup.demoNotice': 'Đây là tổ chức demo: tổ chức tồn tại trong {lifetime}, sau đó bị xóa cùng mọi thứ bên trong.',
  'baseSignup.finish': 'Hoàn tất',
  'baseSignup.demoHeading': 'Dùng thử tổ chức demo',
  'baseSignup.demoIntro':
    'Nhận một tổ chức của riêng bạn để khám phá: thêm ứng dụng, mời người dùng, thay đổi chính sách đăng nhập và giao diện. Quản trị viên là địa chỉ demo {email}, nên không email nào đến được với ai; tổ chức tồn tại trong {lifetime}, sau đó bị xóa cùng mọi thứ bên trong. Vui lòng không nhập thông tin của người thật.',
  'baseSignup.startDemo': 'Bắt đầu demo',
  'baseSignup.freeTrial': 'Bạn muốn giữ tổ chức của mình? Bắt đầu dùng thử miễn phí',
  'baseSignup.organisationSignInIntro': 'Nhập tên tổ chức của bạn để đến trang đăng nhập của tổ chức.',
  'baseSignup.organisationNamePlaceholder': 'ten',
  'baseSignup.notSignedUpYet': 'Bạn chưa đăng ký?',
  'help.title': 'Trợ giúp',
  'help.intro': 'Giải đáp các câu hỏi thường gặp và cách liên hệ với chúng tôi.',
  'help.organisationIntro': 'Giải đáp các câu hỏi thường gặp về việc đăng nhập vào {org}.',
  'help.freePackageHeading': 'Gói Starter miễn phí',
  'help.freePackage1':
    'Mọi tổ chức đều bắt đầu với gói Starter, miễn phí cho tối đa {users} người dùng đã đăng ký: trang đăng nhập và đăng ký theo màu của tổ chức bạn, xác thực hai yếu tố, chính sách đăng nhập và nhà cung cấp OpenID Connect riêng cho bao nhiêu ứng dụng tùy bạn cần.',
  'help.freePackage2': 'Gói này vẫn miễn phí chừng nào tổ chức của bạn còn nằm trong giới hạn của gói.',
  'help.currentPackage': 'Tổ chức của bạn đang dùng gói {tier}.',
  'help.termsLink': 'Điều khoản và điều kiện sử dụng',
  'help.recoveryHeading': 'Quên mật khẩu hoặc bị khóa?',
  'help.recovery1':
    'Chọn "Quên mật khẩu?" trên trang đăng nhập và nhập địa chỉ email của bạn: chúng tôi sẽ gửi email cho bạn một mã để chọn mật khẩu mới. Mã có hiệu lực trong {minutes} phút, một lần, trên trình duyệt mà bạn đã yêu cầu.',
  'help.recovery2':
    'Sau vài lần nhập sai mật khẩu liên tiếp, việc đăng nhập sẽ tạm dừng một lúc để bảo vệ tài khoản của bạn: hãy chờ rồi thử lại. Nếu sai thêm nữa, tài khoản sẽ bị khóa và chỉ quản trị viên của tổ chức bạn mới mở khóa được: hãy nhờ họ, rồi đăng nhập lại.',
  'help.recoverAccount': 'Khôi phục tài khoản của bạn',
  'help.mfaHeading': 'Xác thực hai yếu tố (MFA)',
  'help.mfa1':
    'MFA yêu cầu bằng chứng thứ hai sau mật khẩu: mã từ ứng dụng xác thực (khuyên dùng) hoặc, nếu tổ chức của bạn cho phép, mã qua tin nhắn SMS hay email. Người biết được mật khẩu của bạn vẫn không thể đăng nhập thay bạn.',
  'help.mfa2':
    'Sau khi đăng nhập, hãy thiết lập trong mục MFA của menu. Cất giữ các mã khôi phục được hiển thị ở nơi an toàn: mỗi mã dùng được một lần, phòng khi bạn mất điện thoại.',
  'help.setUpMfa': 'Thiết lập MFA',
  'help.supportMessageHeading': 'Hỗ trợ từ {org}',
  'help.clientsHeading': 'Ứng dụng của bạn',
  'help.clientsIntro': 'Các ứng dụng của tổ chức bạn. Là quản trị viên, bạn có thể đăng nhập vào tất cả.',
  'help.noLandingPage': 'Không có trang đích',
  'help.oidcHeading': 'Kết nối ứng dụng (OpenID Connect)',
  'help.oidcIntro':
    'Tổ chức của bạn là một OpenID Provider riêng. Thêm ứng dụng trong mục Ứng dụng để nhận client id và secret, rồi đăng ký chính xác các URI chuyển hướng của ứng dụng. Khi đó, mọi thư viện OpenID Connect đã được chứng nhận chỉ cần issuer: mọi thứ khác đều có ở URL discovery.',
  'help.oidcExampleHeading': 'Ví dụ đầy đủ: luồng authorization code với PKCE',
  'help.oidcStep1':
    'Tạo code verifier và state ngẫu nhiên, lưu chúng trong phiên của người dùng, rồi chuyển trình duyệt đến endpoint ủy quyền với SHA-256 (base64url) của verifier làm code challenge:',
  'help.oidcStep2':
    'Gatehouse đăng nhập cho người dùng và đưa trình duyệt trở lại URI chuyển hướng của bạn với ?code=…&state=…. Kiểm tra state là của bạn, rồi đổi mã từ máy chủ của bạn, trong vòng một phút, một lần:',
  'help.oidcStep3':
    'Câu trả lời chứa ID token (một JWT: kiểm tra chữ ký bằng các khóa ở URI JWKS, cùng iss, aud và nonce), access token cho endpoint userinfo và, nếu bạn yêu cầu scope offline_access với prompt=consent, một refresh token.',
  'help.manageApplications': 'Quản lý ứng dụng',
  'help.apiHeading': 'API của Gatehouse',
  'help.apiIntro':
    'Mọi việc các màn hình này làm đều đi qua một API có tài liệu: mỗi thao tác, tham số, câu trả lời và lỗi của nó, cũng như ai được gọi nó, được mô tả bằng OpenAPI 3.1.',
  'help.apiReference': 'Xem tài liệu tham khảo API',
  'help.apiDocument': 'Tài liệu OpenAPI (JSON)',
  'help.contactHeading': 'Liên hệ với chúng tôi',
  'help.contactIntro': 'Bạn có câu hỏi, vấn đề hay ý tưởng? Hãy gửi tin nhắn cho chúng tôi, chúng tôi sẽ trả lời qua email.',
  'help.contactAddress': 'Bạn cũng có thể viết thư đến [{address}](mailto:{address}).',
  'help.contactSignedIn': 'Bạn có câu hỏi, vấn đề hay ý tưởng? Hãy gửi tin nhắn cho chúng tôi, chúng tôi sẽ trả lời đến {email}.',
  'help.emailAddress': 'Địa chỉ email',
  'help.message': 'Tin nhắn',
  'help.messageHint': 'Tối đa {max} ký tự.',
  'help.send': 'Gửi',
  'connection.continueWith': 'Tiếp tục với {name}',
  'connection.orDivider': 'hoặc',
  'connection.homeRealm': 'Tổ chức của bạn đăng nhập cho bạn bằng {name}.',
  'connection.passwordNotAllowedAny':
    'Tổ chức của bạn đăng nhập cho bạn bằng nhà cung cấp danh tính của tổ chức, không phải bằng mật khẩu.',
  'connection.usePassword': 'Dùng mật khẩu của tôi thay thế',
  'connection.passwordNotAllowed': 'Tổ chức của bạn đăng nhập cho bạn bằng {name}. Hãy dùng "Tiếp tục với {name}" thay cho mật khẩu.',
  'connection.reference': 'Mã tham chiếu: {id}',
  'connection.refusals.provider_refused': 'Nhà cung cấp danh tính đã không đăng nhập cho bạn. Hãy thử lại hoặc đăng nhập bằng mật khẩu.',
  'connection.refusals.not_verified':
    'Không thể xác minh câu trả lời của nhà cung cấp danh tính, nên bạn chưa được đăng nhập. Vui lòng thử lại.',
  'connection.refusals.expired': 'Việc đăng nhập mất quá nhiều thời gian hoặc được bắt đầu trên trình duyệt khác. Vui lòng bắt đầu lại.',
  'connection.refusals.domain_not_allowed':
    'Nhà cung cấp danh tính này không thể đăng nhập ở đây cho các tài khoản thuộc tên miền email của bạn.',
  'connection.refusals.no_account':
    'Ở đây không có tài khoản nào của bạn và tổ chức này không tạo tài khoản ở lần đăng nhập đầu tiên. Hãy xin lời mời từ quản trị viên.',
  'connection.refusals.account_unavailable': 'Tài khoản của bạn hiện không thể đăng nhập. Hãy liên hệ quản trị viên.',
  'connection.refusals.email_taken':
    'Đã có tài khoản dùng email của bạn và tài khoản đó chưa được liên kết với nhà cung cấp danh tính này. Hãy đăng nhập bằng mật khẩu hoặc hỏi quản trị viên.',
  'connection.refusals.email_not_verified':
    'Nhà cung cấp danh tính chưa xác nhận địa chỉ email của bạn, nên không thể tạo hay liên kết tài khoản nào cho bạn ở đây. Hãy hỏi quản trị viên.',
  'connection.refusals.user_limit': 'Tổ chức này hiện không thể nhận thêm người dùng. Hãy liên hệ quản trị viên.',
  'connection.refusals.second_step_required':
    'Tài khoản của bạn cần bước thứ hai, nhưng nhà cung cấp danh tính chưa xác nhận. Hãy đăng nhập bằng mật khẩu.',
  'connection.refusals.unavailable': 'Không thể kết nối với nhà cung cấp danh tính. Vui lòng thử lại sau.',
  'connection.refusals.connection_unavailable':
    'Kết nối đăng nhập này không còn khả dụng. Hãy đăng nhập bằng cách khác hoặc liên hệ quản trị viên.',
  'publicPage.redirecting': 'Đang chuyển hướng...',
  'publicPage.contents': 'Mục lục',
  'challenge.required': 'Vui lòng xác nhận bạn không phải là robot rồi thử lại',
  'challenge.failed': 'Không thể xác nhận bước kiểm tra. Vui lòng thử lại',
  'challenge.widget.label': 'Tôi không phải là robot',
  'challenge.widget.verifying': 'Đang kiểm tra tôi không phải là robot…',
  'challenge.widget.verified': 'Đã xác nhận: tôi không phải là robot',
  'challenge.widget.error': 'Kiểm tra không thành công. Vui lòng thử lại',
  'challenge.widget.expired': 'Bước kiểm tra đã hết hạn. Vui lòng thử lại',
  'challenge.widget.verificationRequired': 'Vui lòng đợi kiểm tra hoàn tất',
  'challenge.widget.waitAlert': 'Đang kiểm tra, vui lòng đợi…',
  'challenge.widget.loading': 'Đang tải…',
  'challenge.widget.reload': 'Thử lại',
  'challenge.widget.verify': 'Kiểm tra',
} satisfies PublicCatalog;
