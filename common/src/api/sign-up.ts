/**
 * Joining and getting back in: self sign-up, email verification and completing sign-up (or an
 * invitation), the exchange of an emailed link's token, and account recovery.
 */
import { z } from 'zod';

import { signInResult } from '../schemas/account.ts';
import { newPasswordRequest } from '../schemas/passwords.ts';
import { recoveryRequest, recoveryVerifyRequest, recoveryVerifyResult } from '../schemas/recovery.ts';
import {
  completeSignUpRequest,
  linkExchangeRequest,
  linkExchangeResult,
  linkToken,
  signUpInfo,
  signUpRequest,
  signUpResult,
  verifyEmailRequest,
  verifyEmailResult,
} from '../schemas/signup.ts';
import { ANONYMOUS, endpoint } from './contract.ts';

const signUp = { tag: 'Sign-up', access: ANONYMOUS } as const;
const recovery = { tag: 'Account recovery', access: ANONYMOUS } as const;

export const signUpApi = {
  signUp: endpoint({
    ...signUp,
    method: 'POST',
    path: '/api/signup',
    operationId: 'signUp',
    summary: 'Starts a self sign-up: emails a verification link (the answer is the same whether or not the address has an account).',
    body: signUpRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: signUpResult,
    errors: ['BASE_ORGANISATION', 'SELF_SIGN_UP_DISABLED', 'EMAIL_NOT_ALLOWED', 'CHALLENGE_REQUIRED', 'CHALLENGE_FAILED'],
  }),
  verifyEmail: endpoint({
    ...signUp,
    method: 'POST',
    path: '/api/verifyemail',
    operationId: 'verifyEmail',
    summary: 'Uses an emailed verification link; a new sign-up goes on to choose a password (its step is kept in a cookie).',
    body: verifyEmailRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: verifyEmailResult,
    errors: ['TOKEN_INVALID'],
  }),
  invitation: endpoint({
    ...signUp,
    method: 'GET',
    path: '/api/completesignup',
    operationId: 'getInvitation',
    summary: 'The address an invitation link was sent to.',
    query: z.object({ invitationID: linkToken }),
    status: 200,
    answer: signUpInfo,
    errors: ['TOKEN_INVALID'],
  }),
  completeSignUp: endpoint({
    ...signUp,
    method: 'POST',
    path: '/api/completesignup',
    operationId: 'completeSignUp',
    summary: 'Chooses the password of a verified sign-up or an invitation, and signs the user in.',
    body: completeSignUpRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: signInResult,
    errors: ['TOKEN_INVALID', 'USER_LIMIT_REACHED'],
  }),
  linkToken: endpoint({
    ...signUp,
    method: 'POST',
    path: '/api/linktoken',
    operationId: 'exchangeLinkToken',
    summary: "Exchanges an emailed link's token, on the link's first load, for a handle bound to this browser.",
    body: linkExchangeRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: linkExchangeResult,
    errors: ['TOKEN_INVALID'],
  }),
  recover: endpoint({
    ...recovery,
    method: 'POST',
    path: '/api/accountrecovery',
    operationId: 'startRecovery',
    summary: 'Emails a recovery code when the address has an account (the answer is the same either way).',
    body: recoveryRequest,
    bodyEncoding: 'form',
    status: 204,
    answer: null,
    errors: ['BASE_ORGANISATION'],
  }),
  verifyRecovery: endpoint({
    ...recovery,
    method: 'POST',
    path: '/api/accountrecovery/verify',
    operationId: 'verifyRecovery',
    summary: "Checks the recovery code (or opens an administrator's reset link); the browser may then choose a new password.",
    body: recoveryVerifyRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: recoveryVerifyResult,
    errors: ['RECOVERY_CODE_INVALID', 'RECOVERY_EXPIRED', 'TOKEN_INVALID'],
  }),
  resetPassword: endpoint({
    ...recovery,
    method: 'POST',
    path: '/api/resetpassword',
    operationId: 'resetPassword',
    summary: 'Sets the new password of a recovery this browser verified, and ends every session of the account.',
    body: newPasswordRequest,
    bodyEncoding: 'form',
    status: 204,
    answer: null,
    errors: ['RECOVERY_EXPIRED'],
  }),
} as const;
