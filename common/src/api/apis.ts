/**
 * Protected APIs (Organisation Admins, sessions only: an application that could grant scopes could grant
 * itself more, so none of these take a management API token).
 */
import { z } from 'zod';

import { apiCreateRequest, apiGrantParams, apiGrantRequest, apiGrantSchema, apiSchema, apiUpdateRequest } from '../schemas/apis.ts';
import { endpoint, idParams, ORGANISATION_ADMIN } from './contract.ts';

const common = { tag: 'APIs', access: ORGANISATION_ADMIN } as const;

export const apisApi = {
  list: endpoint({
    ...common,
    method: 'GET',
    path: '/api/apis',
    operationId: 'listApis',
    summary: "The organisation's protected APIs, the built-in management API first.",
    status: 200,
    answer: z.array(apiSchema),
    errors: [],
  }),
  create: endpoint({
    ...common,
    method: 'POST',
    path: '/api/apis',
    operationId: 'createApi',
    summary: 'Registers an API: its name, identifier (the audience of its tokens), scopes and access-token lifetime.',
    body: apiCreateRequest,
    bodyEncoding: 'json',
    status: 201,
    answer: apiSchema,
    errors: ['CONFLICT'],
  }),
  get: endpoint({
    ...common,
    method: 'GET',
    path: '/api/apis/{id}',
    operationId: 'getApi',
    summary: 'One API (`management` is the built-in management API).',
    params: idParams,
    status: 200,
    answer: apiSchema,
    errors: ['NOT_FOUND'],
  }),
  update: endpoint({
    ...common,
    method: 'PUT',
    path: '/api/apis/{id}',
    operationId: 'updateApi',
    summary: "Changes an API's name, scopes and access-token lifetime; applications lose scopes it no longer has.",
    params: idParams,
    body: apiUpdateRequest,
    bodyEncoding: 'json',
    status: 200,
    answer: apiSchema,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  delete: endpoint({
    ...common,
    method: 'DELETE',
    path: '/api/apis/{id}',
    operationId: 'deleteApi',
    summary: 'Deletes an API and every application’s access to it.',
    params: idParams,
    status: 204,
    answer: null,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  }),
  grants: endpoint({
    ...common,
    method: 'GET',
    path: '/api/apis/{id}/grants',
    operationId: 'listApiGrants',
    summary: 'Which applications may ask for which of the API’s scopes.',
    params: idParams,
    status: 200,
    answer: z.array(apiGrantSchema),
    errors: ['NOT_FOUND'],
  }),
  setGrant: endpoint({
    ...common,
    method: 'PUT',
    path: '/api/apis/{id}/grants/{clientId}',
    operationId: 'setApiGrant',
    summary: 'Sets the scopes of the API one application may ask for (none removes its access).',
    params: apiGrantParams,
    body: apiGrantRequest,
    bodyEncoding: 'json',
    status: 200,
    answer: apiGrantSchema,
    errors: ['NOT_FOUND', 'CLIENT_NOT_FOUND'],
  }),
} as const;
