/** User administration (spec sections 2, 5 and 7): Organisation Admins and User Admins. */
import { z } from 'zod';

import { USER_ACTIONS, type UserAction } from '../routes.ts';
import { account } from '../schemas/account.ts';
import { factor, userFactorParams } from '../schemas/mfa.ts';
import { inviteUserRequest, listUsersRequest, updateUserRequest, userActionResult, userListPage } from '../schemas/users.ts';
import { type Endpoint, endpoint, idParams, orMachine, USER_ADMINS } from './contract.ts';

const reading = { tag: 'Users', access: orMachine(USER_ADMINS, 'users:read') } as const;
const common = { tag: 'Users', access: orMachine(USER_ADMINS, 'users:write') } as const;

const ACTION_SUMMARIES: Record<UserAction, string> = {
  resendverification: 'Emails the user a new verification link.',
  enable: 'Lets a disabled user sign in again.',
  disable: 'Stops the user signing in and ends their sessions.',
  clearlockout: "Clears a lockout and the user's failed sign-in count.",
  resetpassword: 'Emails the user a link to choose a new password.',
  resettwostep: "Turns off the user's multi-factor authentication (they set it up again at their next sign-in if required).",
};

const action = (name: UserAction) =>
  endpoint({
    ...common,
    method: 'POST',
    alsoAccepts: ['PUT'],
    path: `/api/users/{id}/${name}`,
    operationId: `user_${name}`,
    summary: ACTION_SUMMARIES[name],
    params: idParams,
    status: 200,
    answer: userActionResult,
    errors: ['USER_NOT_FOUND', 'STATUS_CONFLICT', 'EMAIL_ALREADY_VERIFIED', 'CONFLICT'],
  });

export const usersApi = {
  list: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/users',
    operationId: 'listUsers',
    summary:
      'A page of the organisation’s users, by email, optionally those whose email or name starts with `search`; `after` (the `next` of the page before) pages by cursor, at the same cost at any depth.',
    query: listUsersRequest,
    status: 200,
    answer: userListPage,
    errors: [],
  }),
  search: endpoint({
    ...reading,
    method: 'POST',
    path: '/api/users/search',
    operationId: 'searchUsers',
    summary: 'The same list, with page and search in a form body.',
    body: listUsersRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: userListPage,
    errors: [],
  }),
  invite: endpoint({
    ...common,
    method: 'POST',
    path: '/api/users',
    operationId: 'inviteUser',
    summary: 'Creates a user and emails them an invitation to choose a password.',
    body: inviteUserRequest,
    bodyEncoding: 'form',
    status: 201,
    answer: account,
    errors: ['CONFLICT', 'FORBIDDEN', 'USER_LIMIT_REACHED'],
  }),
  get: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/users/{id}',
    operationId: 'getUser',
    summary: 'One user, with their applications.',
    params: idParams,
    status: 200,
    answer: account,
    errors: ['USER_NOT_FOUND'],
  }),
  update: endpoint({
    ...common,
    method: 'PUT',
    path: '/api/users/{id}',
    operationId: 'updateUser',
    summary: "Changes a user's details, role, MFA enforcement and applications.",
    params: idParams,
    body: updateUserRequest,
    bodyEncoding: 'form',
    status: 200,
    answer: userActionResult,
    errors: ['USER_NOT_FOUND'],
  }),
  delete: endpoint({
    ...common,
    method: 'DELETE',
    path: '/api/users/{id}',
    operationId: 'deleteUser',
    summary: 'Deletes a user and everything of theirs.',
    params: idParams,
    status: 204,
    answer: null,
    errors: ['USER_NOT_FOUND', 'CONFLICT'],
  }),
  // A person's second factors: their administrators' screens only, not the management API.
  factors: endpoint({
    tag: 'Users',
    access: USER_ADMINS,
    method: 'GET',
    path: '/api/users/{id}/factors',
    operationId: 'listUserFactors',
    summary: "The user's second factors (kind, name, when added and last used), the default first.",
    params: idParams,
    status: 200,
    answer: z.array(factor),
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  removeFactor: endpoint({
    tag: 'Users',
    access: USER_ADMINS,
    method: 'POST',
    path: '/api/users/{id}/factors/{factorId}/remove',
    operationId: 'removeUserFactor',
    summary: "Removes one of the user's second factors (audited); removing the last one resets their MFA.",
    params: userFactorParams,
    status: 200,
    answer: z.array(factor),
    errors: ['USER_NOT_FOUND', 'FORBIDDEN', 'MFA_FACTOR_NOT_FOUND'],
  }),
  actions: Object.fromEntries(USER_ACTIONS.map((name) => [name, action(name)])) as Record<UserAction, ReturnType<typeof action>>,
} as const;

export const USER_ENDPOINTS: readonly Endpoint[] = [
  usersApi.list,
  usersApi.search,
  usersApi.invite,
  usersApi.get,
  usersApi.update,
  usersApi.delete,
  usersApi.factors,
  usersApi.removeFactor,
  ...Object.values(usersApi.actions),
];
