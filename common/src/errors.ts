/**
 * Error codes shared by server and SPA: each code carries its HTTP status and its message.
 * The server throws `AppError(code)`; the SPA can branch on `code` in the failure body.
 */
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { ADDRESS_LIST_MESSAGES } from './address-list-messages.ts';
import { BASE_SIGNUP_MESSAGES } from './base-signup-messages.ts';
import { CHALLENGE_MESSAGES } from './challenge-messages.ts';
import { CONNECTION_MESSAGES } from './connection-messages.ts';
import { textsOf } from './i18n/runtime.ts';
import { MESSAGES } from './messages.ts';
import { MFA_MESSAGES } from './mfa-messages.ts';
import { SESSION_MESSAGES } from './session-messages.ts';

/** The English texts of the error answers that are not another namespace's (the catalog's `errors.*`). */
export const ERRORS_EN = {
  VALIDATION_FAILED: 'Please check the highlighted fields',
  BAD_REQUEST: 'The request could not be understood',
  UNAUTHENTICATED: 'Please sign in to continue',
  FORBIDDEN: 'You do not have permission to do that',
  INVALID_TOKEN: 'The access token is missing, expired or not meant for this API',
  INSUFFICIENT_SCOPE: "The access token's scopes do not allow this call",
  CSRF_REJECTED: 'The request came from another site and was refused',
  PATH_NOT_CANONICAL: 'The request path is not in canonical form',
  ORGANISATION_NOT_FOUND: 'Organisation not found',
  CONFLICT: 'That already exists',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'That kind of request body is not accepted',
  RATE_LIMITED: 'Too many attempts, please wait and try again',
  UNAVAILABLE: 'The service is temporarily unavailable, please try again shortly',
  STATUS_CONFLICT: 'The account is not in a state that allows this',
  ORGANISATION_UNKNOWN: "We couldn't find an organisation with that name. Please check it and try again.",
  DEMO_UNAVAILABLE: 'The demo is busy right now. Please try again later, or start a free trial.',
} as const;

const t = textsOf('errors', ERRORS_EN);

/** An error's status and its message, read in the active language when the answer is built. */
function entry<const S extends number>(status: S, message: () => string): { status: S; readonly message: string } {
  return {
    status,
    get message() {
      return message();
    },
  };
}

export const ERRORS = {
  VALIDATION_FAILED: entry(400, () => t('VALIDATION_FAILED')),
  BAD_REQUEST: entry(400, () => t('BAD_REQUEST')),
  INVALID_CREDENTIALS: entry(401, () => MESSAGES.invalidCredentials),
  ACCOUNT_UNAVAILABLE: entry(403, () => MESSAGES.signInUnavailable),
  /** An email of a sign-in connection's domains where the connection does not allow a password. */
  PASSWORD_SIGN_IN_NOT_ALLOWED: entry(403, () => CONNECTION_MESSAGES.passwordNotAllowedAny),
  UNAUTHENTICATED: entry(401, () => t('UNAUTHENTICATED')),
  FORBIDDEN: entry(403, () => t('FORBIDDEN')),
  /** A bearer token that is not a valid management API token of this organisation (RFC 6750 invalid_token). */
  INVALID_TOKEN: entry(401, () => t('INVALID_TOKEN')),
  /** A valid management API token without the scope the endpoint needs (RFC 6750 insufficient_scope). */
  INSUFFICIENT_SCOPE: entry(403, () => t('INSUFFICIENT_SCOPE')),
  BASE_ORGANISATION: entry(403, () => MESSAGES.baseOrganisationSignIn),
  CSRF_REJECTED: entry(403, () => t('CSRF_REJECTED')),
  PATH_NOT_CANONICAL: entry(400, () => t('PATH_NOT_CANONICAL')),
  NOT_FOUND: entry(404, () => MESSAGES.notFoundTitle),
  ORGANISATION_NOT_FOUND: entry(404, () => t('ORGANISATION_NOT_FOUND')),
  USER_NOT_FOUND: entry(404, () => MESSAGES.userNotFound),
  CLIENT_NOT_FOUND: entry(404, () => MESSAGES.clientNotFound),
  SESSION_NOT_FOUND: entry(404, () => SESSION_MESSAGES.sessionNotFound),
  CONNECTED_APPLICATION_NOT_FOUND: entry(404, () => SESSION_MESSAGES.applicationNotFound),
  CONFLICT: entry(409, () => t('CONFLICT')),
  PAYLOAD_TOO_LARGE: entry(413, () => t('PAYLOAD_TOO_LARGE')),
  UNSUPPORTED_MEDIA_TYPE: entry(415, () => t('UNSUPPORTED_MEDIA_TYPE')),
  RATE_LIMITED: entry(429, () => t('RATE_LIMITED')),
  /** The client's address is on the organisation's list of addresses always refused. */
  ADDRESS_REFUSED: entry(403, () => ADDRESS_LIST_MESSAGES.refused),
  /** The form asks for a solved proof-of-work challenge (http/proof-of-work.ts) and none came. */
  CHALLENGE_REQUIRED: entry(400, () => CHALLENGE_MESSAGES.required),
  /** A challenge's solution that is forged, expired, of another form or organisation, or used before. */
  CHALLENGE_FAILED: entry(400, () => CHALLENGE_MESSAGES.failed),
  INTERNAL: entry(500, () => MESSAGES.genericError),
  UNAVAILABLE: entry(503, () => t('UNAVAILABLE')),
  // Account lifecycle
  TOKEN_INVALID: entry(400, () => MESSAGES.tokenUnrecognised),
  SELF_SIGN_UP_DISABLED: entry(403, () => ACCOUNT_MESSAGES.selfSignUpDisabled),
  EMAIL_NOT_ALLOWED: entry(400, () => ACCOUNT_MESSAGES.emailNotAllowed),
  USER_LIMIT_REACHED: entry(403, () => ACCOUNT_MESSAGES.userLimitReached),
  SIGN_IN_COOLDOWN: entry(429, () => ACCOUNT_MESSAGES.cooldown(1)),
  ACCOUNT_LOCKED: entry(403, () => ACCOUNT_MESSAGES.lockedOut),
  PASSWORD_CHANGE_REQUIRED: entry(403, () => ACCOUNT_MESSAGES.passwordChangeRequired),
  RECOVERY_CODE_INVALID: entry(400, () => ACCOUNT_MESSAGES.recoveryCodeInvalid),
  RECOVERY_EXPIRED: entry(400, () => ACCOUNT_MESSAGES.recoveryExpired),
  EMAIL_ALREADY_VERIFIED: entry(409, () => ACCOUNT_MESSAGES.emailAlreadyVerified),
  STATUS_CONFLICT: entry(409, () => t('STATUS_CONFLICT')),
  // The base organisation's sign-up, organisation sign-in and contact form
  BASE_SIGNUP_INVALID: entry(400, () => BASE_SIGNUP_MESSAGES.linkInvalid),
  ORGANISATION_UNKNOWN: entry(404, () => t('ORGANISATION_UNKNOWN')),
  DEMO_UNAVAILABLE: entry(503, () => t('DEMO_UNAVAILABLE')),
  // Multi-factor authentication
  TWO_STEP_REQUIRED: entry(403, () => MFA_MESSAGES.twoStepRequired),
  MFA_CODE_INVALID: entry(400, () => MFA_MESSAGES.codeInvalid),
  MFA_CODE_EXPIRED: entry(400, () => MFA_MESSAGES.codeExpired),
  SIGN_IN_EXPIRED: entry(400, () => MFA_MESSAGES.signInExpired),
  MFA_SETUP_EXPIRED: entry(400, () => MFA_MESSAGES.setupExpired),
  MFA_METHOD_NOT_ALLOWED: entry(403, () => MFA_MESSAGES.methodNotAllowed),
  MFA_ALREADY_ENABLED: entry(409, () => MFA_MESSAGES.alreadyEnabled),
  MFA_NOT_ENABLED: entry(409, () => MFA_MESSAGES.notEnabled),
  MFA_LAST_FACTOR_REQUIRED: entry(409, () => MFA_MESSAGES.lastFactorRequired),
  MFA_FACTOR_NOT_FOUND: entry(404, () => MFA_MESSAGES.factorNotFound),
  PASSKEY_INVALID: entry(400, () => MFA_MESSAGES.passkeyInvalid),
  PASSKEY_NOT_FOUND: entry(404, () => MFA_MESSAGES.passkeyNotFound),
  PASSWORDLESS_DISABLED: entry(403, () => MFA_MESSAGES.passwordlessDisabled),
  MFA_RESEND_TOO_SOON: entry(429, () => MFA_MESSAGES.resendTooSoon),
  MFA_TOO_MANY_CODES: entry(429, () => MFA_MESSAGES.tooManyCodes),
} satisfies Record<string, { status: number; readonly message: string }>;

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
