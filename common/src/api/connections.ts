/** The sign-in connections' API: managed by Organisation Admins; the sign-in page reads what it shows. */
import { z } from 'zod';
import { connectionRequest, connectionSchema, signInConnectionsSchema } from '../schemas/connections.ts';
import { ANONYMOUS, endpoint, idParams, ORGANISATION_ADMIN } from './contract.ts';

const tag = 'Sign-in connections';
const common = { tag, access: ORGANISATION_ADMIN } as const;

export const connectionsApi = {
  list: endpoint({
    ...common,
    method: 'GET',
    path: '/api/connections',
    operationId: 'listSignInConnections',
    summary: "The organisation's connections to upstream identity providers (without their secrets).",
    status: 200,
    answer: z.array(connectionSchema),
    errors: [],
  }),
  create: endpoint({
    ...common,
    method: 'POST',
    path: '/api/connections',
    operationId: 'createSignInConnection',
    summary: 'Adds an OpenID Connect connection; its client secret is stored encrypted and never shown again.',
    body: connectionRequest,
    bodyEncoding: 'json',
    status: 201,
    answer: connectionSchema,
    errors: ['CONFLICT'],
  }),
  get: endpoint({
    ...common,
    method: 'GET',
    path: '/api/connections/{id}',
    operationId: 'getSignInConnection',
    summary: 'One connection.',
    params: idParams,
    status: 200,
    answer: connectionSchema,
    errors: ['NOT_FOUND'],
  }),
  update: endpoint({
    ...common,
    method: 'PUT',
    path: '/api/connections/{id}',
    operationId: 'updateSignInConnection',
    summary: 'Changes a connection; an empty client secret keeps the stored one.',
    params: idParams,
    body: connectionRequest,
    bodyEncoding: 'json',
    status: 200,
    answer: connectionSchema,
    errors: ['NOT_FOUND'],
  }),
  delete: endpoint({
    ...common,
    method: 'DELETE',
    path: '/api/connections/{id}',
    operationId: 'deleteSignInConnection',
    summary: 'Deletes a connection and the links of users to their upstream accounts.',
    params: idParams,
    status: 204,
    answer: null,
    errors: ['NOT_FOUND'],
  }),
  signIn: endpoint({
    tag,
    access: ANONYMOUS,
    method: 'GET',
    path: '/api/signinconnections',
    operationId: 'listSignInPageConnections',
    summary: 'The enabled connections the sign-in page offers, with the email domains each serves (home-realm discovery).',
    status: 200,
    answer: signInConnectionsSchema,
    errors: [],
  }),
} as const;
