/**
 * A person's sessions and connected applications: their own (/account) and, for their administrators and
 * the management API, anyone's in the organisation (the person's page).
 */
import {
  applicationParams,
  connectedApplicationList,
  notMeRequest,
  sessionList,
  sessionListQuery,
  sessionParams,
  sessionsEnded,
  userSessionParams,
} from '../schemas/sessions.ts';
import { ANONYMOUS, endpoint, idParams, orMachine, SIGNED_IN, USER_ADMINS } from './contract.ts';

const own = { tag: 'Your account', access: SIGNED_IN } as const;
const reading = { tag: 'Users', access: orMachine(USER_ADMINS, 'users:read') } as const;
const writing = { tag: 'Users', access: orMachine(USER_ADMINS, 'users:write') } as const;

export const accountSessionsApi = {
  list: endpoint({
    ...own,
    method: 'GET',
    path: '/api/account/sessions',
    operationId: 'listOwnSessions',
    summary:
      "Where the signed-in user is signed in: each session's browser, system, address, first and last seen, and methods; `current` marks this browser's.",
    query: sessionListQuery,
    status: 200,
    answer: sessionList,
    errors: [],
  }),
  end: endpoint({
    ...own,
    method: 'POST',
    path: '/api/account/sessions/{sessionId}/end',
    operationId: 'endOwnSession',
    summary: 'Signs one of your sessions out (audited as user.sessions_ended); another person’s session id is not found.',
    params: sessionParams,
    status: 200,
    answer: sessionList,
    errors: ['SESSION_NOT_FOUND'],
  }),
  endOthers: endpoint({
    ...own,
    method: 'POST',
    path: '/api/account/sessions/end-others',
    operationId: 'endOtherOwnSessions',
    summary: 'Signs out every session of yours but this browser’s.',
    status: 200,
    answer: sessionsEnded,
    errors: [],
  }),
  applications: endpoint({
    ...own,
    method: 'GET',
    path: '/api/account/applications',
    operationId: 'listOwnConnectedApplications',
    summary: 'The applications holding a grant or refresh token of yours: what they were granted, when, and when last used.',
    query: sessionListQuery,
    status: 200,
    answer: connectedApplicationList,
    errors: [],
  }),
  removeApplication: endpoint({
    ...own,
    method: 'POST',
    path: '/api/account/applications/{clientId}/remove',
    operationId: 'removeOwnApplicationAccess',
    summary: "Ends an application's grants and tokens for you; it is told by back-channel logout where it registered a URI.",
    params: applicationParams,
    status: 200,
    answer: connectedApplicationList,
    errors: ['CONNECTED_APPLICATION_NOT_FOUND'],
  }),
} as const;

export const userSessionsApi = {
  list: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/users/{id}/sessions',
    operationId: 'listUserSessions',
    summary: "The user's sessions (browser, system, address, first and last seen, methods).",
    params: idParams,
    query: sessionListQuery,
    status: 200,
    answer: sessionList,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  end: endpoint({
    ...writing,
    method: 'POST',
    path: '/api/users/{id}/sessions/{sessionId}/end',
    operationId: 'endUserSession',
    summary: 'Signs one of the user’s sessions out (audited as user.sessions_ended, a webhook event).',
    params: userSessionParams,
    status: 200,
    answer: sessionList,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN', 'SESSION_NOT_FOUND'],
  }),
  signOutEverywhere: endpoint({
    ...writing,
    method: 'POST',
    path: '/api/users/{id}/signouteverywhere',
    operationId: 'signUserOutEverywhere',
    summary:
      'Ends every session, grant and token of the user; applications with a back-channel logout URI are told (audited as user.signed_out_everywhere, a webhook event).',
    params: idParams,
    status: 204,
    answer: null,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  applications: endpoint({
    ...reading,
    method: 'GET',
    path: '/api/users/{id}/applications/connected',
    operationId: 'listUserConnectedApplications',
    summary: 'The applications holding a grant or refresh token of the user.',
    params: idParams,
    query: sessionListQuery,
    status: 200,
    answer: connectedApplicationList,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
} as const;

/** The link of a new-browser notice (users/new-browser.ts). */
export const newBrowserApi = {
  notMe: endpoint({
    tag: 'Sign-in',
    access: ANONYMOUS,
    method: 'POST',
    path: '/api/notme',
    operationId: 'disownSignIn',
    summary:
      'Uses a new-browser notice\'s "This wasn\'t me" link (once, within a day): every session, grant and token of the person ends, applications are told by back-channel logout, and a new password is asked for at the next sign-in (audited as user.sign_in_disowned).',
    body: notMeRequest,
    bodyEncoding: 'form',
    status: 204,
    answer: null,
    errors: ['TOKEN_INVALID'],
  }),
} as const;
