/**
 * Error codes shared by server and SPA: each code carries its HTTP status and its message.
 * The server throws `AppError(code)`; the SPA can branch on `code` in the failure body.
 */
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { BASE_SIGNUP_MESSAGES } from './base-signup-messages.ts';
import { CONNECTION_MESSAGES } from './connection-messages.ts';
import { MESSAGES } from './messages.ts';
import { MFA_MESSAGES } from './mfa-messages.ts';
import { SESSION_MESSAGES } from './session-messages.ts';

export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Please check the highlighted fields' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood' },
  INVALID_CREDENTIALS: { status: 401, message: MESSAGES.invalidCredentials },
  ACCOUNT_UNAVAILABLE: { status: 403, message: MESSAGES.signInUnavailable },
  /** An email of a sign-in connection's domains where the connection does not allow a password. */
  PASSWORD_SIGN_IN_NOT_ALLOWED: { status: 403, message: CONNECTION_MESSAGES.passwordNotAllowedAny },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that' },
  /** A bearer token that is not a valid management API token of this organisation (RFC 6750 invalid_token). */
  INVALID_TOKEN: { status: 401, message: 'The access token is missing, expired or not meant for this API' },
  /** A valid management API token without the scope the endpoint needs (RFC 6750 insufficient_scope). */
  INSUFFICIENT_SCOPE: { status: 403, message: "The access token's scopes do not allow this call" },
  BASE_ORGANISATION: { status: 403, message: MESSAGES.baseOrganisationSignIn },
  CSRF_REJECTED: { status: 403, message: 'The request came from another site and was refused' },
  PATH_NOT_CANONICAL: { status: 400, message: 'The request path is not in canonical form' },
  NOT_FOUND: { status: 404, message: MESSAGES.notFoundTitle },
  ORGANISATION_NOT_FOUND: { status: 404, message: 'Organisation not found' },
  USER_NOT_FOUND: { status: 404, message: MESSAGES.userNotFound },
  CLIENT_NOT_FOUND: { status: 404, message: MESSAGES.clientNotFound },
  SESSION_NOT_FOUND: { status: 404, message: SESSION_MESSAGES.sessionNotFound },
  CONNECTED_APPLICATION_NOT_FOUND: { status: 404, message: SESSION_MESSAGES.applicationNotFound },
  CONFLICT: { status: 409, message: 'That already exists' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'That kind of request body is not accepted' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts, please wait and try again' },
  INTERNAL: { status: 500, message: MESSAGES.genericError },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable, please try again shortly' },
  // Account lifecycle
  TOKEN_INVALID: { status: 400, message: MESSAGES.tokenUnrecognised },
  SELF_SIGN_UP_DISABLED: { status: 403, message: ACCOUNT_MESSAGES.selfSignUpDisabled },
  EMAIL_NOT_ALLOWED: { status: 400, message: ACCOUNT_MESSAGES.emailNotAllowed },
  USER_LIMIT_REACHED: { status: 403, message: ACCOUNT_MESSAGES.userLimitReached },
  SIGN_IN_COOLDOWN: { status: 429, message: ACCOUNT_MESSAGES.cooldown(1) },
  ACCOUNT_LOCKED: { status: 403, message: ACCOUNT_MESSAGES.lockedOut },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: ACCOUNT_MESSAGES.passwordChangeRequired },
  RECOVERY_CODE_INVALID: { status: 400, message: ACCOUNT_MESSAGES.recoveryCodeInvalid },
  RECOVERY_EXPIRED: { status: 400, message: ACCOUNT_MESSAGES.recoveryExpired },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: ACCOUNT_MESSAGES.emailAlreadyVerified },
  STATUS_CONFLICT: { status: 409, message: 'The account is not in a state that allows this' },
  // The base organisation's sign-up, organisation sign-in and contact form
  BASE_SIGNUP_INVALID: { status: 400, message: BASE_SIGNUP_MESSAGES.linkInvalid },
  ORGANISATION_UNKNOWN: { status: 404, message: "We couldn't find an organisation with that name. Please check it and try again." },
  DEMO_UNAVAILABLE: { status: 503, message: 'The demo is busy right now. Please try again later, or start a free trial.' },
  // Multi-factor authentication
  TWO_STEP_REQUIRED: { status: 403, message: MFA_MESSAGES.twoStepRequired },
  MFA_CODE_INVALID: { status: 400, message: MFA_MESSAGES.codeInvalid },
  MFA_CODE_EXPIRED: { status: 400, message: MFA_MESSAGES.codeExpired },
  SIGN_IN_EXPIRED: { status: 400, message: MFA_MESSAGES.signInExpired },
  MFA_SETUP_EXPIRED: { status: 400, message: MFA_MESSAGES.setupExpired },
  MFA_METHOD_NOT_ALLOWED: { status: 403, message: MFA_MESSAGES.methodNotAllowed },
  MFA_ALREADY_ENABLED: { status: 409, message: MFA_MESSAGES.alreadyEnabled },
  MFA_NOT_ENABLED: { status: 409, message: MFA_MESSAGES.notEnabled },
  MFA_LAST_FACTOR_REQUIRED: { status: 409, message: MFA_MESSAGES.lastFactorRequired },
  MFA_FACTOR_NOT_FOUND: { status: 404, message: MFA_MESSAGES.factorNotFound },
  PASSKEY_INVALID: { status: 400, message: MFA_MESSAGES.passkeyInvalid },
  PASSKEY_NOT_FOUND: { status: 404, message: MFA_MESSAGES.passkeyNotFound },
  PASSWORDLESS_DISABLED: { status: 403, message: MFA_MESSAGES.passwordlessDisabled },
  MFA_RESEND_TOO_SOON: { status: 429, message: MFA_MESSAGES.resendTooSoon },
  MFA_TOO_MANY_CODES: { status: 429, message: MFA_MESSAGES.tooManyCodes },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Field-keyed validation messages, as `json.validation.errors` carries them. */
export type ValidationErrors = Record<string, { message: string }>;

/** The JSON body of every failed API call. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  correlationId?: string;
  validation: { errors: ValidationErrors };
}
