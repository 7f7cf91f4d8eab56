/**
 * A person's multi-factor authentication on the management API: whether they have it and
 * with which kinds of factor, and an administrator's or application's reset. The factors themselves
 * (names, removing one) are the admin screens' (users.ts).
 */
import { userMfa } from '../schemas/user-mfa.ts';
import { endpoint, idParams, orMachine, USER_ADMINS } from './contract.ts';

export const userMfaApi = {
  get: endpoint({
    tag: 'Users',
    access: orMachine(USER_ADMINS, 'users:read'),
    method: 'GET',
    path: '/api/users/{id}/mfa',
    operationId: 'getUserMfa',
    summary:
      'Whether the user has multi-factor authentication, the kinds of factor they hold (how many of each), and whether it is required of them.',
    params: idParams,
    status: 200,
    answer: userMfa,
    errors: ['USER_NOT_FOUND'],
  }),
  reset: endpoint({
    tag: 'Users',
    access: orMachine(USER_ADMINS, 'users:write'),
    method: 'DELETE',
    path: '/api/users/{id}/mfa',
    operationId: 'resetUserMfa',
    summary:
      "Resets the user's multi-factor authentication (audited as user.mfa_reset): their factors, recovery codes and remembered browsers go, and so do the tokens applications were given; where MFA is required they set it up again at their next sign-in. Answers the user's MFA afterwards. Nobody resets their own here.",
    params: idParams,
    status: 200,
    answer: userMfa,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
} as const;
