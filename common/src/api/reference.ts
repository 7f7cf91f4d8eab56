/** The published reference of the API itself. */
import { ANONYMOUS, endpoint } from './contract.ts';

export const referenceApi = {
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document: the OpenAPI 3.1 description of every /api endpoint, generated from the endpoint contract.',
    tag: 'Reference',
    access: ANONYMOUS,
    status: 200,
    answer: null,
    produces: ['application/json'],
    errors: [],
  }),
} as const;
