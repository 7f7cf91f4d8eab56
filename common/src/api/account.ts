/**
 * Signing in and out, the signed-in user's own account (profile, password, remembered email), their
 * multi-factor authentication, and the SPA's crash reports.
 */
import { z } from 'zod';
import { account, messageResult, rememberedSignIn, signInResult, updateAccountRequest } from '../schemas/account.ts';
import { errorReport, signInRequest } from '../schemas/auth.ts';
import {
  appSetup,
  codeSent,
  disableTwoStepRequest,
  factor,
  removeFactorRequest,
  saveTwoStepRequest,
  saveTwoStepResult,
  sendSignInCodeRequest,
  switchSignInMethodRequest,
  signInChallenge,
  signInCodeRequest,
  smsSetupRequest,
} from '../schemas/mfa.ts';
import { changePasswordRequest } from '../schemas/passwords.ts';
import { ANONYMOUS, endpoint, idParams, SIGNED_IN, type Access } from './contract.ts';

/** Signed in, also while a new password or a second step must still be set up (these calls are how). */
const SETTING_UP = { kind: 'signedIn', allowTwoStepRequired: true } as const satisfies Access;
const ANY_STATE = { kind: 'signedIn', allowTwoStepRequired: true, allowPasswordChangeRequired: true } as const satisfies Access;

/** The code step posts a code (with its signInStateID) where the password step posts a password. */
const isCodeStep = (body: unknown): boolean => typeof body === 'object' && body !== null && 'code' in body;

/** Either step of signing in, checked by the schema of the step it is (so each field keeps its own message). */
const authenticateRequest = z.unknown().transform((body, ctx) => {
  if (isCodeStep(body)) {
    const result = signInCodeRequest.safeParse(body);
    if (result.success) return { step: 'code' as const, ...result.data };
    for (const issue of result.error.issues) ctx.addIssue(issue as never);
    return z.NEVER;
  }
  const result = signInRequest.safeParse(body ?? {});
  if (result.success) return { step: 'password' as const, ...result.data };
  for (const issue of result.error.issues) ctx.addIssue(issue as never);
  return z.NEVER;
});

const session = { tag: 'Sign-in' } as const;
const own = { tag: 'Your account' } as const;
const mfa = { tag: 'Multi-factor authentication' } as const;

export const accountApi = {
  authenticate: endpoint({
    ...session,
    method: 'POST',
    path: '/api/authenticate',
    operationId: 'authenticate',
    summary:
      'Signs in with email and password; a user with a second step is answered a challenge, whose code is posted here with its signInStateID.',
    access: ANONYMOUS,
    body: authenticateRequest,
    bodyForReference: z.union([signInRequest, signInCodeRequest]),
    bodyEncoding: 'form',
    status: 200,
    answer: z.union([signInResult, signInChallenge]),
    errors: [
      'BASE_ORGANISATION',
      'INVALID_CREDENTIALS',
      'PASSWORD_SIGN_IN_NOT_ALLOWED',
      'ACCOUNT_UNAVAILABLE',
      'ACCOUNT_LOCKED',
      'SIGN_IN_COOLDOWN',
      'MFA_CODE_INVALID',
      'MFA_CODE_EXPIRED',
      'SIGN_IN_EXPIRED',
      'RATE_LIMITED',
    ],
  }),
  sendSignInCode: endpoint({
    ...session,
    method: 'POST',
    path: '/api/authenticate/sendcode',
    operationId: 'resendSignInCode',
    summary: "The code step's 'Resend code' (email or SMS).",
    access: ANONYMOUS,
    body: sendSignInCodeRequest,
    bodyEncoding: 'form',
    status: 204,
    answer: null,
    errors: ['SIGN_IN_EXPIRED', 'MFA_RESEND_TOO_SOON', 'MFA_TOO_MANY_CODES'],
  }),
  switchSignInMethod: endpoint({
    ...session,
    method: 'POST',
    path: '/api/authenticate/method',
    operationId: 'switchSignInMethod',
    summary:
      "The code step's 'Use another method': asks for another of the person's factors (an email or SMS code is sent); answers the code step anew.",
    access: ANONYMOUS,
    body: switchSignInMethodRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: signInChallenge,
    errors: ['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED', 'MFA_METHOD_NOT_ALLOWED', 'MFA_RESEND_TOO_SOON', 'MFA_TOO_MANY_CODES'],
  }),
  signInStep: endpoint({
    ...session,
    method: 'GET',
    path: '/api/authenticate/step',
    operationId: 'getSignInStep',
    summary:
      "The code step this browser's sign-in is at, by its signInStateID: after an upstream sign-in (a sign-in connection) whose provider's MFA does not stand for the person's second step.",
    access: ANONYMOUS,
    query: sendSignInCodeRequest,
    status: 200,
    answer: signInChallenge,
    errors: ['SIGN_IN_EXPIRED', 'ACCOUNT_LOCKED'],
  }),
  signOut: endpoint({
    ...session,
    method: 'POST',
    path: '/api/signout',
    operationId: 'signOut',
    summary: "Ends this browser's session (if any).",
    access: ANONYMOUS,
    status: 204,
    answer: null,
    errors: [],
  }),
  rememberedEmail: endpoint({
    ...session,
    method: 'GET',
    path: '/api/rememberme',
    operationId: 'getRememberedEmail',
    summary: 'The email this browser remembers for signing in, or null.',
    access: ANONYMOUS,
    status: 200,
    answer: rememberedSignIn,
    errors: [],
  }),
  forgetEmail: endpoint({
    ...session,
    method: 'POST',
    path: '/api/rememberme',
    operationId: 'forgetRememberedEmail',
    summary: "'Forget me': the browser no longer remembers the email.",
    access: ANONYMOUS,
    status: 204,
    answer: null,
    errors: [],
  }),
  session: endpoint({
    ...session,
    method: 'GET',
    path: '/api/session',
    operationId: 'getSession',
    summary:
      'Who is signed in on this browser: the account as getAccount answers it, or null when nobody is (200 either way, so a page asking while signed out logs no failed request).',
    access: ANONYMOUS,
    status: 200,
    answer: z.object({ account: account.nullable() }),
    errors: [],
  }),
  get: endpoint({
    ...own,
    method: 'GET',
    path: '/api/account',
    operationId: 'getAccount',
    summary: 'The signed-in user, with what they must still do (a new password, a second step).',
    access: ANY_STATE,
    status: 200,
    answer: account,
    errors: [],
  }),
  update: endpoint({
    ...own,
    method: 'PUT',
    path: '/api/account',
    operationId: 'updateAccount',
    summary: "Changes the signed-in user's name and phone number.",
    access: SIGNED_IN,
    body: updateAccountRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: account.extend(messageResult.shape),
    errors: [],
  }),
  changePassword: endpoint({
    ...own,
    method: 'POST',
    path: '/api/changepassword',
    operationId: 'changePassword',
    summary: "Changes the password, ends the account's other sessions and renews this one.",
    access: ANY_STATE,
    body: changePasswordRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: signInResult,
    errors: ['INVALID_CREDENTIALS'],
  }),
  resendVerification: endpoint({
    ...own,
    method: 'POST',
    path: '/api/account/resendverification',
    operationId: 'resendOwnVerification',
    summary: 'Emails the signed-in user a new verification link.',
    access: SIGNED_IN,
    status: 200,
    answer: messageResult,
    errors: ['EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED'],
  }),
  logError: endpoint({
    ...own,
    method: 'POST',
    path: '/api/log/error',
    operationId: 'reportClientError',
    summary: "Reports a crash of a signed-in user's page, logged with its correlation id.",
    access: SIGNED_IN,
    body: errorReport,
    bodyEncoding: 'form',
    status: 204,
    answer: null,
    errors: [],
  }),
  startAppSetup: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/refreshotp',
    operationId: 'startAuthenticatorSetup',
    summary: 'A new authenticator-app secret (and its QR code) to confirm with a code.',
    access: SETTING_UP,
    status: 200,
    answer: appSetup,
    errors: ['MFA_METHOD_NOT_ALLOWED', 'MFA_ALREADY_ENABLED'],
  }),
  setupSms: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/setupsmsotp',
    operationId: 'startSmsSetup',
    summary: 'Texts a code to the phone number to confirm it.',
    access: SETTING_UP,
    body: smsSetupRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: codeSent,
    errors: ['MFA_METHOD_NOT_ALLOWED', 'MFA_ALREADY_ENABLED', 'MFA_RESEND_TOO_SOON', 'MFA_TOO_MANY_CODES'],
  }),
  setupEmail: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/setupemailotp',
    operationId: 'startEmailSetup',
    summary: "Emails a code to the user's address to confirm the email method.",
    access: SETTING_UP,
    status: 200,
    answer: codeSent,
    errors: ['MFA_METHOD_NOT_ALLOWED', 'MFA_ALREADY_ENABLED', 'MFA_RESEND_TOO_SOON', 'MFA_TOO_MANY_CODES'],
  }),
  save: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/saveotp',
    operationId: 'saveTwoStep',
    summary: 'Confirms the method being set up with its code; answers the recovery codes, shown this once.',
    access: SETTING_UP,
    body: saveTwoStepRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: saveTwoStepResult,
    errors: ['MFA_CODE_INVALID', 'MFA_SETUP_EXPIRED', 'MFA_ALREADY_ENABLED'],
  }),
  listFactors: endpoint({
    ...mfa,
    method: 'GET',
    path: '/api/twostep/factors',
    operationId: 'listFactors',
    summary: "The signed-in person's second factors, the default first.",
    access: SIGNED_IN,
    status: 200,
    answer: z.array(factor),
    errors: [],
  }),
  setDefaultFactor: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/twostep/factors/{id}/default',
    operationId: 'setDefaultFactor',
    summary: 'Makes one of the person\u2019s factors the one sign-in asks for first.',
    access: SIGNED_IN,
    params: idParams,
    status: 200,
    answer: z.array(factor),
    errors: ['MFA_FACTOR_NOT_FOUND'],
  }),
  removeFactor: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/twostep/factors/{id}/remove',
    operationId: 'removeFactor',
    summary: 'Removes one factor, confirmed with the password; the last one is refused where MFA is required, and otherwise turns MFA off.',
    access: SIGNED_IN,
    params: idParams,
    body: removeFactorRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: z.array(factor),
    errors: ['INVALID_CREDENTIALS', 'MFA_FACTOR_NOT_FOUND', 'MFA_LAST_FACTOR_REQUIRED'],
  }),
  disable: endpoint({
    ...mfa,
    method: 'POST',
    path: '/api/disableotp',
    operationId: 'disableTwoStep',
    summary: 'Turns multi-factor authentication off, confirmed with the password (where the organisation does not require it).',
    access: SIGNED_IN,
    body: disableTwoStepRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: account,
    errors: ['INVALID_CREDENTIALS', 'MFA_NOT_ENABLED', 'FORBIDDEN'],
  }),
} as const;
